import Synchronization

/// How long a test waits for what should happen before it fails instead of hanging: a guard
/// against a hang, never a measurement, sized for a loaded 2-core machine running the whole
/// suite in parallel.
public enum Patience {
    public static let hangGuard: Duration = .seconds(120)
}

/// Polls `condition` until it holds: for states a test cannot be signalled about (a
/// connection counted in or out, a listener closed, callers that have joined a fetch). False
/// only after `Patience.hangGuard`.
public func eventually(_ condition: () async -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + Patience.hangGuard
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// Runs `work` (a wait on what the code under test does: a run, checks) and tells whether it
/// ended within `Patience.hangGuard`; a wait that never ends then fails its test instead of
/// hanging the suite (the task is left behind).
public func finishes(_ work: @escaping @Sendable () async -> Void) async -> Bool {
    let ended = Ended()
    let task = Task {
        await work()
        ended.flag.store(true, ordering: .releasing)
    }
    let finished = (try? await eventually { ended.flag.load(ordering: .acquiring) }) ?? false
    if finished { await task.value }
    return finished
}

/// Set once the work `finishes` runs has ended.
private final class Ended: Sendable {
    let flag = Atomic(false)
}
