import Foundation
import Synchronization

/// Starts the tests' child processes (chromedriver, `local-market`) one at a time. A plain,
/// parallel `swift test` run once crashed inside corelibs Foundation's `Process.run()` (a bad
/// pointer in its copying, while the browser suite started chromedriver and other suites ran
/// beside it); launches from several threads at once are the case Foundation is least tested
/// on, and holding them apart costs the tests nothing.
public enum ProcessLaunch {
    private static let lock = Mutex(())

    public static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }
}
