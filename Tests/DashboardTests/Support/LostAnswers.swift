import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The steps the tests of lost answers share: a write's deadline passed on the test's clock,
/// and what the market received.
extension DashboardHarness {
    /// How long after its send a write's answer can no longer be on its way, worked out by hand
    /// for each write timeout the tests give a dashboard: the timeout and a margin of a third of
    /// it, at least 1 s and at most 10 s (docs/architecture.md). A timeout missing here fails
    /// the test that uses it, so a new one gets its deadline written out too.
    var writeDeadline: TimeInterval {
        let timeout = app.configuration.writeTimeout
        guard let deadline = Self.writeDeadlines[timeout] else {
            Issue.record("no deadline written out for a write timeout of \(timeout): add it to writeDeadlines")
            return Double(timeout.components.seconds) + 10
        }
        return deadline
    }

    /// A write timeout and its deadline: half a second and the 1 s floor; the harness's two
    /// minutes and the 10 s cap.
    static let writeDeadlines: [Duration: TimeInterval] = [.milliseconds(500): 1.5, .seconds(120): 130]

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
