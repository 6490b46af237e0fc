import Foundation
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// The steps the tests of lost answers share: a write's deadline passed on the test's clock,
/// and what the market received.
extension DashboardHarness {
    /// How long after its send a write's answer can no longer be on its way: the write timeout
    /// and its margin (`OutcomeCheck`).
    var writeDeadline: TimeInterval {
        app.configuration.writeTimeout.timeInterval + app.batchRunner.outcomeCheck.margin
    }

    /// Moves `clock` a second past the deadline of every write sent until now: the checks
    /// waiting for them read the market.
    func passWriteDeadlines(_ clock: ManualWallClock) {
        clock.advance(by: writeDeadline + 1)
    }

    /// Waits until `batch` has stopped running and every check of the journal has recorded
    /// what it found. Still running after `Patience.hangGuard` (a check that never ends), the
    /// test fails instead of hanging.
    func settle(batch: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) async {
        let app = self.app
        let settled = await finishes {
            if let batch { await app.batchRunner.waitForRun(batch) }
            await app.journal.waitForChecks()
        }
        if !settled {
            Issue.record("a batch or a check was still running after the hang guard", sourceLocation: sourceLocation)
        }
    }

    /// The rows of a batch's first page, as a person sees them (no reload).
    func batchRows(_ batch: Int, language: String = "en") async throws -> [ShownBatchRow] {
        BatchTesting.rows(try await get("/batches/\(batch)?refresh=off&lang=\(language)").text)
    }
}

extension ScriptedMarket {
    /// The requests with `method` that reached the market (held ones too), by target.
    func requests(_ method: String) -> [String: Int] {
        received.filter { $0.method == method }.reduce(into: [:]) { $0[$1.target, default: 0] += 1 }
    }
}
