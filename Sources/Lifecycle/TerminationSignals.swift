import Glibc

/// How our executables end: SIGINT (Ctrl-C) or SIGTERM runs a graceful shutdown once, then the
/// process exits 0.
///
/// Both signals are blocked from the first line of `main`, in that thread and so in every thread
/// started after it, and the main thread takes them with `sigwait(3)` once the server is up. A
/// signal that arrives during start-up stays pending until then: it is neither lost (a dispatch
/// source needs the signal set to `SIG_IGN` first, and drops one that comes before the source
/// is ready) nor fatal to a half-started process; the shutdown runs as soon as start-up ends.
///
/// The main thread waits here rather than in `dispatchMain()`, which unblocks every signal on
/// it: nothing in our executables runs on the main queue (no `@MainActor`, no
/// `DispatchQueue.main`); their work is on the server's own threads and Swift's global executor.
public enum TerminationSignals {
    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Call first in `main`, before anything starts a thread: SIGINT and SIGTERM wait, pending,
    /// until `wait(then:)` takes them.
    public static func holdUntilReady() {
        var set = signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// On the first SIGINT or SIGTERM (one that arrived during start-up included) runs
    /// `shutdown` (stop accepting, finish requests in flight) and exits 0. Call on the main
    /// thread, after `holdUntilReady()`; never returns.
    public static func wait(then shutdown: () -> Void) -> Never {
        holdUntilReady()  // sigwait takes only blocked signals; main's first line blocked them for every thread
        var set = signals
        var received: Int32 = 0
        // sigwait fails only for an invalid set, which ours is not; then stop as asked anyway.
        _ = sigwait(&set, &received)
        shutdown()
        exit(0)
    }
}
