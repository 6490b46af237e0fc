import Foundation
import Glibc
import Synchronization
import Testing
import TestSupport

@testable import Dashboard
import DashboardEngine

/// The `dashboard` executable killed with SIGKILL while it applies an import of new products,
/// then started again on the same data directory: it finishes the batch and registers every
/// product exactly once. The market is the scripted one, served from this process: it records
/// every request (so a create sent twice shows) and holds every write at a gate that lets the
/// first few through, so the kill comes with creates held unanswered and most rows still to
/// send, however fast or slow the machine. The held creates land only after the next start,
/// as a market still working on them would: a dashboard that sent them again at start-up would
/// register those products twice. The market answers no list, and so no check, until every
/// create sent has landed: a check decides on what the market holds, never on how soon a busy
/// machine carried a write out.
@Suite("SIGKILL while a batch applies")
struct BatchKillTests {
    /// The dashboard over `market`, its data under `root`. The first start gives a write a
    /// minute, so a held write cannot time out (and be checked and sent again by that process)
    /// on a busy machine before the kill; the restart gives two seconds, so the deadline of a
    /// write in doubt comes soon (the check waits the write timeout and a second more). A write
    /// of the restart slower than that is in doubt too; the tests keep the market's reads until
    /// every write sent has landed, so its check finds it however late it landed.
    static func startDashboard(market: URL, root: URL, restarted: Bool = false) async throws -> DashboardProcess {
        try await DashboardProcess.start(
            root: root,
            DashboardProcess.upstream(
                market, identifier: ScriptedMarket.identifier, secret: ScriptedMarket.secret, vendorID: LiveShapedData.ownVendorID)
                + ["--write-timeout", restarted ? "2" : "60"])
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
        let clock = ManualWallClock()
        let database = try DashboardDatabase(directory: root.appendingPathComponent("data"), migrations: Engine.migrations, clock: clock)
        return try BatchStore(database: database, clock: clock).counts(batch)[.done]
    }

    /// The product a write is for: the id that ends a PATCH's path, or the id before the `|`
    /// of a DELETE's path, which is the product's secret in base64 as the API asks.
    static func productID(_ write: ScriptedMarket.Received) -> Int? {
        let last = String(write.path.split(separator: "/").last ?? "")
        return Int(last) ?? ScriptedMarket.productID(deleteToken: last)
    }

    /// Name searches the market received after `mark`: a lost create's check looks for it.
    static func searches(_ market: ScriptedMarket, since mark: Int) -> Int {
        market.received.dropFirst(mark).filter { $0.method == "GET" && $0.path == "/api/products" && $0.query("search_value") != nil }.count
    }

    /// The creates (`POST /api/products`) the market received, held ones too.
    static func creates(_ market: ScriptedMarket) -> [ScriptedMarket.Received] {
        market.writes.filter { $0.method == "POST" && $0.target == "/api/products" }
    }

    @Test(DashboardProcess.isBuilt) func killedWhileApplying_registersEveryProductOnce() async throws {
        let market = LiveShapedData.market()
        let writes = Gate()
        market.state.withLock { $0.writeGate = writes }
        let server = try market.serve()
        defer {
            writes.open()
            market.releaseAll()
            server.shutdown()
        }
        do {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("batch-kill-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let first = try await Self.startDashboard(market: ScriptedMarket.url(of: server), root: root)
            let port = first.port

            // 60 new products, each with the one uploaded picture.
            let count = 60
            let csv = "name,description,price,currency,stock,images\n"
                + (1...count).map { "Kill test \($0),Registered by the kill test.,1000,KRW,1,p.jpg" }.joined(separator: "\n")
            var session = FormSession(port: port)
            _ = try await session.open("/products/import")
            let posted = try await session.post(
                "/products/import", [],
                files: [TestFile(field: "csv", filename: "kill.csv", contentType: "text/csv", bytes: Array(csv.utf8)), .jpeg("p.jpg", size: 4000)])
            let batch = try #require(BatchTesting.batchID(posted), "import answered \(posted.status)")
            // From here the market's lists wait: a lost create's check, which searches for it,
            // can only read the market once the held creates have landed.
            let lists = Gate()
            market.state.withLock { $0.listGate = lists }
            defer { lists.open() }
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)

            // The first creates are answered; the next take every write slot the dashboard has
            // (four: it writes 4 at a time, docs/operations.md) and are held at the market, unanswered, when it is killed. With every slot held,
            // no other row can be marked in flight: every row in doubt at the kill reached the
            // market.
            let answered = 5
            writes.admit(answered)
            #expect(try await eventually { writes.waiting == 4 }, "every write slot's create is held at the market")
            #expect(await first.kill() == .signalled(SIGKILL))
            let doneAtKill = try Self.doneRows(root: root, batch: batch)
            #expect(doneAtKill <= answered, "only answered creates can be done")
            let heldAtKill = writes.waiting
            market.state.withLock { $0.writeGate = nil }

            // Started again, it sends the rows still to send and checks the held ones; only
            // once it has asked the market about them, and has sent every other row, do the
            // held creates land. Its own creates may outlast its two-second timeout on a busy
            // machine; their checks wait at the market's lists with the others, so every check
            // reads the market only once all sixty creates have landed.
            let mark = market.received.count
            let second = try await Self.startDashboard(market: ScriptedMarket.url(of: server), root: root, restarted: true)
            defer { second.stop() }
            let restarted = second.port
            #expect(try await eventually { Self.searches(market, since: mark) >= heldAtKill }, "the restarted dashboard checks the held creates")
            #expect(try await eventually { Self.creates(market).count >= count }, "the restarted dashboard sends the rows never sent")
            writes.open()
            #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
            lists.open()

            let finishedAll = try await eventually {
                let counts = (try? await Self.statuses(restarted, batch)) ?? [:]
                return counts["done", default: 0] + counts["failed", default: 0] + counts["unknown", default: 0] == count
            }
            let finished = try await Self.statuses(restarted, batch)
            #expect(finishedAll, "after the restart: \(finished)")
            #expect(finished["done"] == count)

            // Every product registered once, and asked for once.
            let sent = Self.creates(market).compactMap { write in
                String(decoding: write.body, as: UTF8.self).firstMatch(of: /Kill test \d+/).map { String($0.output) }
            }
            #expect(sent.count == count, "\(sent.count) creates sent for \(count) rows (killed with \(doneAtKill) done, \(heldAtKill) held)")
            #expect(Set(sent).count == sent.count, "a create was sent twice")
            let names = market.state.withLock { state in state.products.values.map(\.name).filter { $0.hasPrefix("Kill test") } }
            #expect(names.count == count && Set(names).count == count)
        }
    }

    /// The bulk action of a careful user's report: "set stock to 7" on six own products (or
    /// delete them), the dashboard killed while four writes are at the market, started again
    /// on the same data, and the held writes carried out only after the new start read what it
    /// needed. Each product receives its write exactly once, ends as the batch asked, and every
    /// row is done.
    @Test(DashboardProcess.isBuilt, arguments: ["stock_set", "delete"])
    func killedWhileEditingOrDeleting_writesEachProductOnce(action: String) async throws {
        let ids = Array(701...706)
        let market = LiveShapedData.market(ids.map {
            ScriptedMarket.product(id: $0, name: "Kill jar \($0)", vendor: LiveShapedData.ownVendor, stock: 3)
        })
        let writes = Gate()
        let server = try market.serve()
        defer {
            writes.open()
            market.releaseAll()
            server.shutdown()
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("batch-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await Self.startDashboard(market: ScriptedMarket.url(of: server), root: root)

        // The dashboard counts the market's products as it starts; "My products" has its form
        // once that count is in (one that failed, on a busy machine, is tried again on the
        // engine's schedule), as a person would see on opening the list again.
        #expect(
            try await eventually { (try? await HTTPTestClient.get(first.port, "/products?mine=1"))?.text.contains("Kill jar 701") == true },
            "My products lists the six products")
        var session = FormSession(port: first.port)
        _ = try await session.open("/products?mine=1")
        let fields = action == "delete" ? [("action", "delete")] : [("action", "stock_set"), ("value", "7"), ("unit", "amount")]
        let posted = try await BatchTesting.bulk(session, ids.map { ("ids", String($0)) } + fields)
        let batch = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")

        // Two writes are answered; the other four reach the market and are held there (a
        // delete's look-up of its path goes through: its DELETE is the write held).
        let method = action == "delete" ? "DELETE" : "PATCH"
        market.state.withLock { state in
            state.writeGate = writes
            state.writeGateMethod = method
        }
        writes.admit(2)
        #expect(try await BatchTesting.press("apply", batch, session).status == 303)
        #expect(try await eventually { writes.waiting == 4 }, "four writes are held at the market")
        #expect(await first.kill() == .signalled(SIGKILL))
        // Every row was sent; an answered one whose row the kill caught before it was
        // recorded is in doubt too.
        let doneAtKill = try Self.doneRows(root: root, batch: batch)
        #expect(doneAtKill <= 2, "only answered writes can be done")
        market.state.withLock { $0.writeGate = nil }

        // The market's reads wait until the held writes are carried out: a check that read the
        // market before then would find the old values and send the writes again.
        let reads = Gate()
        market.holdReads(at: reads)
        defer { reads.open() }
        let second = try await Self.startDashboard(market: ScriptedMarket.url(of: server), root: root, restarted: true)
        defer { second.stop() }
        let seen = Mutex<[String: Int]?>(nil)
        let waited = try await eventually {
            let statuses = try? await Self.statuses(second.port, batch)
            seen.withLock { $0 = statuses }
            return statuses?["checking"] == 6 - doneAtKill
        }
        #expect(waited, "the rows in doubt wait for their check: \(seen.withLock { $0 }.map(\.description) ?? "no page"), \(doneAtKill) done at the kill")
        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
        reads.open()

        #expect(try await eventually { (try? await Self.statuses(second.port, batch)) == ["done": 6] }, "every row done")
        let perProduct = Dictionary(grouping: market.writes.filter { $0.method == method }, by: Self.productID).mapValues(\.count)
        #expect(perProduct == Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }), "\(method) per product: \(perProduct)")
        let left = market.state.withLock { state in ids.map { state.products[$0]?.stock } }
        #expect(left == ids.map { _ in action == "delete" ? nil : 7 })
    }
}
