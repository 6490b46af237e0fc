import Foundation
import Testing
import TestSupport

@Suite("SIGTERM and SIGINT end the executable gracefully")
struct TerminationSignalTests {
    /// The signal lands the moment the server says it listens, before the main thread waits
    /// for it: it must neither kill the process outright (the default action) nor be lost and
    /// leave it running. Both signals are held from the first line of `main` and taken once
    /// the server is up.
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
