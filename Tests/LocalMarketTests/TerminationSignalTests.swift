import Dispatch
import Foundation
import Testing
import TestSupport

@Suite("SIGTERM and SIGINT end the executable gracefully")
struct TerminationSignalTests {
    /// The signal lands the moment the server says it listens: before, the executable set
    /// SIGTERM to `SIG_IGN` and only then set up its handler, so a signal in between was lost
    /// and the process kept running (Scripts/bench-market had to fall back to SIGKILL). Now both
    /// signals are held from the first line of `main` and taken once the server is up.
    @Test(
        .enabled(if: LocalMarketExecutable.url != nil, "needs the local-market executable beside the tests: run `swift build` first"),
        arguments: [SIGTERM, SIGINT])
    func signalRightAfterListening_exitsZero(signal: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, _) = try LocalMarketExecutable.launch(dataDirectory: directory)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        kill(process.processIdentifier, signal)
        // A guard against a lost signal, not a measurement: an hour-scale wait would only
        // make the failure slow, a minute is far above any shutdown here.
        let ended = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: exited.wait(timeout: .now() + 60) == .success) }.start()
        }
        if !ended {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(ended, "the process was still running a minute after the signal")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
