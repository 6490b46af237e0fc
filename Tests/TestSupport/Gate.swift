import Synchronization

/// Holds every waiter until `open()`; later waiters pass straight through. A server that does
/// not answer, or a fetch that has not finished, without sleeping. `admit(_:)` lets a number of
/// waiters through while it stays closed: a market that answers the first few writes and holds
/// the next.
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        /// Waiters still to let through while closed.
        var passes = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    public func wait() async {
        await withCheckedContinuation { continuation in
            let passNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                if state.passes > 0 {
                    state.passes -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if passNow { continuation.resume() }
        }
    }

    /// Lets `count` waiters through, those waiting now first (oldest first), then later ones;
    /// the gate stays closed to every waiter after them.
    public func admit(_ count: Int) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            let now = min(count, state.waiters.count)
            defer { state.waiters.removeFirst(now) }
            state.passes += count - now
            return Array(state.waiters.prefix(now))
        }
        for waiter in released { waiter.resume() }
    }

    /// How many wait at the gate now.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
