import Foundation

/// The clock the engine waits on for instants of the wall clock: the deadline of a write whose
/// answer was lost (its send time is in the database, from a process that may have died), a
/// schedule's start and end, the catalog's next count and the daily pruning. Tests drive one
/// of their own and advance it by hand; no test waits for real time.
package protocol WallClock: Sendable {
    func now() -> Date
    /// Returns at `date` or later; throws `CancellationError` when the task is cancelled.
    /// `wait` says what the sleeper waits for: a clock a test moves tells its sleepers apart by
    /// it, so that a test asks about the wait it means whatever else sleeps on the same clock.
    func sleep(until date: Date, for wait: ClockWait) async throws
}

/// What a task sleeping on the `WallClock` waits for.
package enum ClockWait: Sendable, Hashable, CaseIterable {
    /// A scheduled batch's next start or end (`BatchScheduler`).
    case schedule
    /// A lost answer's deadline, or the pause before its check is tried again.
    case outcomeCheck
    /// The catalog's next count (`CatalogSnapshotStore.countWhenDue`).
    case count
    /// A page waiting for a count to end, up to its limit (`waitForSnapshot`).
    case countWait
    /// The daily pruning of the journal, the recycle bin, the price timeline and the batches.
    case pruning
}

/// The system's clock. A wait is slept in pieces of at most `longestSleep`, each measured
/// again from the wall clock, so a clock set forward or back (NTP, a laptop that slept) is
/// noticed within a minute, and a wait far in the future costs one wake-up a minute.
package struct SystemWallClock: WallClock {
    static let longestSleep: TimeInterval = 60

    package init() {}

    package func now() -> Date { Date() }

    package func sleep(until date: Date, for wait: ClockWait) async throws {
        while true {
            let left = date.timeIntervalSince(Date())
            if left <= 0 { return }
            try await Task.sleep(for: .seconds(min(left, Self.longestSleep)))
        }
    }
}

extension Duration {
    /// The duration in seconds, as `Date` arithmetic takes it.
    package var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
