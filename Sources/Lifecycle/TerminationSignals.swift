import Dispatch
import Glibc

/// How our executables end: SIGINT (Ctrl-C) or SIGTERM runs a graceful shutdown once, then the
/// process exits 0.
public enum TerminationSignals {
    /// Parks the main thread serving the main queue; on the first SIGINT or SIGTERM, runs
    /// `shutdown` (stop accepting, finish requests in flight) and exits 0. Never returns.
    public static func wait(then shutdown: @escaping @Sendable () -> Void) -> Never {
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                shutdown()
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
        withExtendedLifetime(sources) { dispatchMain() }
    }
}
