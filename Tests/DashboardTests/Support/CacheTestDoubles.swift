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

/// Yields until `condition` holds: for states a test cannot be signalled about (callers that
/// have joined a fetch). Gives up after `seconds` with a recorded issue, so a broken cache fails
/// the test instead of hanging it (a guard, not a measurement: generous for a loaded machine).
func eventually(
    within seconds: Int = 60, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("condition not reached within \(seconds) s", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
    }
}
