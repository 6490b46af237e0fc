import Foundation
import Glibc
import HTTPServer
import LocalMarket
import Synchronization
import Testing

@testable import Dashboard

/// A real dashboard over a real embedded market, both on loopback port 0, in temp folders
/// that are removed afterwards. Tests talk HTTP to it with `HTTPTestClient`.
final class DashboardHarness: Sendable {
    let app: DashboardApp
    let root: URL
    /// The stopped market's port, held (see `stopMarket`).
    private let marketPortHold = Mutex<Int32?>(nil)

    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    convenience init(_ adjust: (inout DashboardConfiguration) -> Void = { _ in }) throws {
        try self.init(adjust: adjust, makeApp: { try DashboardApp(configuration: $0) })
    }

    init(
        adjust: (inout DashboardConfiguration) -> Void = { _ in },
        makeApp: (DashboardConfiguration) throws -> DashboardApp
    ) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-test-\(UUID().uuidString)")
        var configuration = DashboardConfiguration(
            dataDirectory: root.appendingPathComponent("data"),
            cacheDirectory: root.appendingPathComponent("cache"),
            publicDirectory: Self.checkout.appendingPathComponent("Public"),
            templatesDirectory: Self.checkout.appendingPathComponent("Templates"))
        configuration.port = 0
        configuration.logLevel = .off
        // A test's process is killed at most, never its machine's power: no fsync per commit.
        configuration.durableStorage = false
        adjust(&configuration)
        app = try makeApp(configuration)
        try app.start()
    }

    var port: Int { app.server.port }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await HTTPTestClient.get(port, path, headers: headers)
    }

    /// Stops the embedded market and holds its port, so the market stays unreachable.
    func stopMarket(sourceLocation: SourceLocation = #_sourceLocation) {
        app.market?.shutdown()
        guard let port = app.marketURL.port, let fd = HeldPort.hold(port) else {
            Issue.record("the stopped market's port was taken before the test could hold it", sourceLocation: sourceLocation)
            return
        }
        marketPortHold.withLock { $0 = fd }
    }

    func stop() {
        app.shutdown()
        if let fd = marketPortHold.withLock({ $0.take() }) { close(fd) }
        try? FileManager.default.removeItem(at: root)
    }
}

/// Runs `body` with a fresh dashboard and always stops it.
func withDashboard<T: Sendable>(
    _ adjust: (inout DashboardConfiguration) -> Void = { _ in }, _ body: (DashboardHarness) async throws -> T
) async throws -> T {
    let harness = try DashboardHarness(adjust)
    defer { harness.stop() }
    return try await body(harness)
}
