import Foundation
import Glibc
import Testing

/// The `dashboard` executable that `swift build` put beside the test bundle, started as a child
/// process (`ChildProcess`: `posix_spawn`, no inherited descriptor) for the tests that kill it
/// with SIGKILL and start it again on the same data directory. It listens on loopback port 0,
/// keeps its data and cache under the test's `root`, and reads the checkout's templates and
/// public folder.
struct DashboardProcess: Sendable {
    /// The executable, when `swift build` made it.
    static let executable: URL? = {
        let candidate = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
            .appendingPathComponent("dashboard")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// Skips a test, saying why, when the executable is not built.
    static let isBuilt = Testing.ConditionTrait.enabled(
        if: executable != nil, "needs the dashboard executable beside the tests: run `swift build` first")

    let child: ChildProcess
    /// The port it said it listens on.
    let port: Int

    /// Starts the dashboard with `--port 0`, its data in `root/data`, its cache in `root/cache`,
    /// then `arguments`, and waits for its `Listening on URL` line.
    static func start(root: URL, _ arguments: [String]) async throws -> DashboardProcess {
        let path = try #require(executable?.path, "the dashboard executable is not built")
        let child = try ChildProcess(executable: path, arguments: [
            "--port", "0", "--log-level", "warning",
            "--data-dir", root.appendingPathComponent("data").path, "--cache-dir", root.appendingPathComponent("cache").path,
            "--templates-dir", DashboardHarness.checkout.appendingPathComponent("Templates").path,
            "--public-dir", DashboardHarness.checkout.appendingPathComponent("Public").path,
        ] + arguments)
        while true {
            let line = await child.readLine()
            if line.hasPrefix("Listening on "), let port = URL(string: String(line.dropFirst("Listening on ".count)))?.port {
                return DashboardProcess(child: child, port: port)
            }
            // An empty read is the end of its output once it has ended.
            if line.isEmpty, await child.waitForEnd(patience: .seconds(1)) != nil {
                throw HTTPTestClient.Failure(description: "the dashboard ended before it said where it listens")
            }
        }
    }

    /// What a run of the executable that ends by itself left: how it ended, its standard output
    /// and its standard error.
    struct Run: Sendable {
        let ending: ChildProcess.Ending?
        let output: String
        let errors: String
    }

    /// Runs the executable with `arguments` as they are (a subcommand, or options that refuse
    /// to start), `input` on its standard input, the data and cache under `root`, to its end.
    static func run(root: URL, _ arguments: [String], input: String = "") async throws -> Run {
        let path = try #require(executable?.path, "the dashboard executable is not built")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let inputFile = root.appendingPathComponent("stdin-\(UUID().uuidString)")
        let errorFile = root.appendingPathComponent("stderr-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputFile)
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let child = try ChildProcess(
            executable: path,
            arguments: arguments + [
                "--data-dir", root.appendingPathComponent("data").path, "--cache-dir", root.appendingPathComponent("cache").path,
                "--templates-dir", DashboardHarness.checkout.appendingPathComponent("Templates").path,
                "--public-dir", DashboardHarness.checkout.appendingPathComponent("Public").path,
            ], standardInput: inputFile.path, standardError: errorFile.path)
        let output = String(decoding: await child.readToEnd(), as: UTF8.self)
        let ending = await child.waitForEnd(patience: Patience.hangGuard)
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Run(ending: ending, output: output, errors: errors)
    }

    /// The options that start it against a market the test runs, as a person would.
    static func upstream(_ url: URL, identifier: String, secret: String, vendorID: Int) -> [String] {
        ["--upstream", url.absoluteString, "--identifier", identifier, "--secret", secret, "--vendor-id", String(vendorID)]
    }

    /// SIGKILL, then how it ended (nil if it still runs after the hang guard).
    func kill() async -> ChildProcess.Ending? {
        child.signal(SIGKILL)
        return await child.waitForEnd(patience: Patience.hangGuard)
    }

    /// SIGTERM: a graceful shutdown.
    func stop() {
        child.signal(SIGTERM)
    }
}
