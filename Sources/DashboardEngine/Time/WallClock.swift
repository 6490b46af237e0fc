import Foundation

/// The clock the engine waits on for instants of the wall clock: the deadline of a write whose
/// answer was lost (its send time is in the database, from a process that may have died) and,
/// later, a schedule's start and end. Tests drive one of their own and advance it by hand; no
/// test waits for real time.
package protocol WallClock: Sendable {
    func now() -> Date
    /// Returns at `date` or later; throws `CancellationError` when the task is cancelled.
    func sleep(until date: Date) async throws
}

/// The system's clock. A wait is slept in pieces of at most `longestSleep`, each measured
/// again from the wall clock, so a clock set forward or back (NTP, a laptop that slept) is
/// noticed within a minute, and a wait far in the future costs one wake-up a minute.
package struct SystemWallClock: WallClock {
    static let longestSleep: TimeInterval = 60

    package init() {}

    package func now() -> Date { Date() }

    package func sleep(until date: Date) async throws {
        while true {
            let left = date.timeIntervalSince(Date())
            if left <= 0 { return }
            try await Task.sleep(for: .seconds(min(left, Self.longestSleep)))
        }
    }
}

extension Duration {
    /// The duration in seconds, as `Date` arithmetic takes it.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
