import Synchronization
import Testing

/// A clock the test moves by hand.
final class FakeClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: @Sendable () -> ContinuousClock.Instant {
        { self.instant.withLock { $0 } }
    }

    func advance(by duration: Duration) {
        instant.withLock { $0 = $0 + duration }
    }
}

/// Counts calls across tasks.
final class Counter: Sendable {
    private let count = Atomic(0)

    @discardableResult
    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }

    var value: Int { count.load(ordering: .relaxed) }
}

struct UpstreamDown: Error, Equatable {
    var attempt = 0
}
