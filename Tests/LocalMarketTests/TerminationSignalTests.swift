import Foundation
import Testing
import TestSupport

@Suite("SIGTERM and SIGINT end the executable gracefully")
struct TerminationSignalTests {
    /// The signal lands the moment the server says it listens. Before, the handler was set up
    /// only after that line: a signal in between either killed the process outright (the
    /// default action) or, once SIGTERM was set to `SIG_IGN` for the dispatch source that was
    /// to take it, was lost and the process kept running (Scripts/bench-market had to fall
    /// back to SIGKILL); this test failed both ways on that code. Now both signals are held
    /// from the first line of `main` and taken once the server is up.
    @Test(LocalMarketExecutable.isBuilt, arguments: [SIGTERM, SIGINT])
    func signalRightAfterListening_exitsZero(signal: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, _) = try await LocalMarketExecutable.launch(dataDirectory: directory)
        process.signal(signal)
        // A minute is a guard against a lost signal, not a measurement; a child still running
        // then is killed when `process` goes.
        #expect(await process.waitForEnd(patience: .seconds(60)) == .exited(0))
    }
}
