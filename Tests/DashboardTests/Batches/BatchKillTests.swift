import Foundation
import Glibc
import LocalMarket
import Testing
import TestSupport

@testable import Dashboard

/// The `dashboard` executable killed with SIGKILL while it applies an import of new products,
/// then started again on the same data directory: it finishes the batch and registers every
/// product exactly once (a create sent twice would show as two products of one name).
@Suite("SIGKILL while a batch applies")
struct BatchKillTests {
    /// The executables `swift build` put beside the test bundle, if it did.
    enum Built {
        static let folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        static func url(_ name: String) -> URL? {
            let candidate = folder.appendingPathComponent(name)
            return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
        }

        static let both = Testing.ConditionTrait.enabled(
            if: url("dashboard") != nil && url("local-market") != nil,
            "needs the dashboard and local-market executables beside the tests: run `swift build` first")
    }

    /// Starts an executable and waits for its `Listening on URL` line.
    static func launch(_ name: String, _ arguments: [String]) async throws -> (ChildProcess, URL) {
        let path = try #require(Built.url(name)?.path)
        let process = try ChildProcess(executable: path, arguments: arguments)
        for _ in 0..<100 {
            let line = await process.readLine()
            if line.hasPrefix("Listening on "), let url = URL(string: String(line.dropFirst("Listening on ".count))) { return (process, url) }
            // An empty read is the end of its output once it has ended.
            if line.isEmpty, await process.waitForEnd(patience: .seconds(1)) != nil { break }
        }
        throw HTTPTestClient.Failure(description: "\(name) did not say where it listens")
    }

    static func startDashboard(market: URL, root: URL) async throws -> (ChildProcess, Int) {
        let vendor = LocalMarket.defaultVendor
        let (process, url) = try await launch("dashboard", [
            "--port", "0", "--upstream", market.absoluteString, "--identifier", vendor.identifier, "--secret", vendor.secret,
            "--vendor-id", String(vendor.id), "--data-dir", root.appendingPathComponent("data").path,
            "--cache-dir", root.appendingPathComponent("cache").path, "--log-level", "warning",
            "--templates-dir", DashboardHarness.checkout.appendingPathComponent("Templates").path,
            "--public-dir", DashboardHarness.checkout.appendingPathComponent("Public").path,
        ])
        return (process, url.port ?? 0)
    }

    /// How many rows of the batch have each status, read from its page.
    static func statuses(_ port: Int, _ batch: Int) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        var page = 1
        while true {
            let response = try await HTTPTestClient.get(port, "/batches/\(batch)?page=\(page)")
            for row in BatchTesting.rows(response.text) { counts[row.status, default: 0] += 1 }
            guard HTMLScan.tags("a", in: response.text).contains(where: { $0["rel"] == "next" }) else { return counts }
            page += 1
        }
    }

    /// Rows the dead dashboard recorded as done, read from its database file.
    static func doneRows(root: URL, batch: Int) throws -> Int {
        let database = try DashboardDatabase(directory: root.appendingPathComponent("data"), migrations: DashboardDatabase.migrations)
        return try BatchStore(database: database).counts(batch)[.done]
    }

    @Test(Built.both) func killedWhileApplying_registersEveryProductOnce() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("batch-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let (market, marketURL) = try await Self.launch("local-market", ["--port", "0", "--data-dir", root.appendingPathComponent("market").path])
        defer { market.signal(SIGTERM) }
        let marketPort = try #require(marketURL.port)
        let (first, port) = try await Self.startDashboard(market: marketURL, root: root)

        // 120 new products, each with the one uploaded picture: enough for the kill to land
        // while most are still to send, few enough to leave the machine to the other tests.
        let count = 120
        let csv = "name,description,price,currency,stock,images\n"
            + (1...count).map { "Kill test \($0),Registered by the kill test.,1000,KRW,1,p.jpg" }.joined(separator: "\n")
        var session = FormSession(port: port)
        _ = try await session.open("/products/import")
        let posted = try await session.post(
            "/products/import", [],
            files: [TestFile(field: "csv", filename: "kill.csv", contentType: "text/csv", bytes: Array(csv.utf8)), .jpeg("p.jpg", size: 4000)])
        let batch = try #require(BatchTesting.batchID(posted), "import answered \(posted.status)")
        #expect(try await BatchTesting.press("apply", batch, session).status == 303)

        // Killed as soon as a row is done (one page of done rows is cheap to read): the rest
        // are pending or in flight.
        _ = try await eventually {
            let page = try? await HTTPTestClient.get(port, "/batches/\(batch)?status=done")
            return !BatchTesting.rows(page?.text ?? "").isEmpty
        }
        first.signal(SIGKILL)
        let ending = await first.waitForEnd(patience: Patience.hangGuard)
        #expect(ending == .signalled(SIGKILL))
        let doneAtKill = try Self.doneRows(root: root, batch: batch)
        #expect(doneAtKill < count, "the kill came after the batch finished")

        let (second, restartedPort) = try await Self.startDashboard(market: marketURL, root: root)
        defer { second.signal(SIGTERM) }
        let settled = try await eventually {
            let counts = (try? await Self.statuses(restartedPort, batch)) ?? [:]
            return counts["done", default: 0] + counts["failed", default: 0] == count
        }
        let finished = try await Self.statuses(restartedPort, batch)
        #expect(settled, "after the restart: \(finished)")
        #expect(finished["done"] == count)

        // Every name exactly once in the market.
        let list = try await HTTPTestClient.get(marketPort, "/api/products?page_no=1&items_per_page=1000&search_value=Kill%20test")
        let products = (try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])?["pages"] as? [[String: Any]] ?? []
        let names = products.compactMap { $0["name"] as? String }
        #expect(names.count == count, "\(names.count) products for \(count) rows (killed with \(doneAtKill) done)")
        #expect(Set(names).count == names.count, "a product was registered twice")
    }
}
