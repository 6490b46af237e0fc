import Foundation
import Synchronization

/// Failed sign-ins, counted by the name tried (its comparison key, whether or not an account
/// has it, so that the throttle tells no name apart) and by the address they came from. After
/// `freeFailures` failures in a row of one or the other, each further try waits: 1 second
/// after the fifth, doubling with each failure, at most `longestWait`. A try made during the
/// wait is refused without checking the password. A count is forgotten `window` after its
/// last failure; a success clears the name's count (the address's stays, so that signing in
/// to one's own account does not reset the tries made on others from the same address).
///
/// The counts live in memory, not in the database: writing on every failed try would let
/// anyone who reaches the sign-in form make the dashboard write (and fsync) at will, and a
/// restart, which clears them, needs the machine's owner. The throttle slows guessing down;
/// the password hash's cost is what makes each guess expensive.
final class SignInThrottle: Sendable {
    static let freeFailures = 5
    static let firstWait: TimeInterval = 1
    static let longestWait: TimeInterval = 15 * 60
    static let window: TimeInterval = 3600
    /// Counts kept before the forgotten ones are swept out.
    static let sweepAbove = 10_000

    enum Key: Hashable {
        case name(String)
        case address(String)
    }

    private struct Count {
        var failures: Int
        var lastFailure: Date
        var nextTry: Date
        /// Whether a try refused during the wait that began at the last failure was noted.
        var refusalNoted = false
    }

    private let counts = Mutex<[Key: Count]>([:])

    /// When the next try for `name` from `address` is allowed, if that is after `now`.
    func waitUntil(name: String, address: String, now: Date) -> Date? {
        counts.withLock { counts in
            let next = [Key.name(name), .address(address)].compactMap { key -> Date? in
                guard let count = counts[key], now.timeIntervalSince(count.lastFailure) < Self.window else { return nil }
                return count.nextTry
            }.max()
            return next.flatMap { $0 > now ? $0 : nil }
        }
    }

    /// Marks a refused try of `name` from `address` as noted; answers whether it is the first
    /// one of a wait, for the accounts' history to keep one event a wait rather than one a try
    /// (tries during a wait cost nothing, so a row each would let anyone write at will).
    func noteRefusal(name: String, address: String) -> Bool {
        counts.withLock { counts in
            var first = false
            for key in [Key.name(name), .address(address)] {
                guard var count = counts[key], !count.refusalNoted else { continue }
                count.refusalNoted = true
                counts[key] = count
                first = true
            }
            return first
        }
    }

    /// Counts a failure for both keys; returns when the next try is allowed, if it must wait.
    func failed(name: String, address: String, now: Date) -> Date? {
        counts.withLock { counts in
            if counts.count > Self.sweepAbove {
                counts = counts.filter { now.timeIntervalSince($0.value.lastFailure) < Self.window }
            }
            var next: Date?
            for key in [Key.name(name), .address(address)] {
                var count = counts[key] ?? Count(failures: 0, lastFailure: now, nextTry: now)
                if now.timeIntervalSince(count.lastFailure) >= Self.window { count.failures = 0 }
                count.failures += 1
                count.lastFailure = now
                count.nextTry = now.addingTimeInterval(Self.wait(afterFailures: count.failures))
                count.refusalNoted = false
                counts[key] = count
                if count.nextTry > now { next = max(next ?? count.nextTry, count.nextTry) }
            }
            return next
        }
    }

    /// Clears the name's count after a sign-in that succeeded.
    func succeeded(name: String) {
        _ = counts.withLock { $0.removeValue(forKey: .name(name)) }
    }

    /// The wait after `failures` failures in a row: none up to `freeFailures - 1`, then 1 s,
    /// 2 s, 4 s, … up to `longestWait`.
    static func wait(afterFailures failures: Int) -> TimeInterval {
        guard failures >= freeFailures else { return 0 }
        let doublings = failures - freeFailures
        guard doublings < 20 else { return longestWait }
        return min(firstWait * Double(1 << doublings), longestWait)
    }
}
