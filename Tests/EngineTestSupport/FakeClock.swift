import Foundation
import Synchronization

/// A clock the test moves by hand (the caches' `now`).
public final class FakeClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    public init() {}

    public var now: @Sendable () -> ContinuousClock.Instant {
        { self.instant.withLock { $0 } }
    }

    public func advance(by duration: Duration) {
        instant.withLock { $0 = $0 + duration }
    }
}
