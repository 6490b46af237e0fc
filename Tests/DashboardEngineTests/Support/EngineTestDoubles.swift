import DashboardEngine
import Foundation
import TestSupport
import Synchronization

/// A calendar clock the test moves by hand in days (the clock of the journal, the recycle bin
/// and the catalog's snapshot): a `ManualWallClock` from a fixed instant.
final class FakeCalendar: WallClock, Sendable {
    let clock: ManualWallClock

    init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        clock = ManualWallClock(start)
    }

    func now() -> Date { clock.now() }

    func sleep(until date: Date, for wait: ClockWait) async throws { try await clock.sleep(until: date, for: wait) }

    func advance(days: Double) {
        clock.advance(by: days * 86_400)
    }

    func advance(seconds: TimeInterval) {
        clock.advance(by: seconds)
    }
}

/// A clock read from a test's own variable, for stores that only stamp times (never wait).
struct ReadClock: WallClock {
    let read: @Sendable () -> Date

    func now() -> Date { read() }

    func sleep(until date: Date, for wait: ClockWait) async throws { throw CancellationError() }
}

/// The recycle bin's images, served by a scripted market from memory.
extension ScriptedMarket: ImageSource {
    package func imageBytes(at url: URL) async throws -> [UInt8] { try await image(url).bytes }
}

/// Counts calls across tasks.
final class Counter: Sendable {
    private let count = Atomic(0)

    @discardableResult
    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }

    var value: Int { count.load(ordering: .relaxed) }
}

/// The error a cache's upstream fails with, numbered by attempt.
struct UpstreamDown: Error, Equatable {
    var attempt = 0
}
