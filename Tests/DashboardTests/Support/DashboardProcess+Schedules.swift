import Foundation
import MarketClient
import Synchronization
import Testing

/// The steps the kill tests of schedules share: the `dashboard` executable over a market the
/// test serves, its pages in Seoul, a schedule typed for the present minute (the executable
/// runs on the machine's clock), and a batch's rows as its page shows them.
extension DashboardProcess {
    /// The dashboard over the market at `market`, its data under `root`, its pages in Seoul.
    /// The first start gives a write a minute, so a held write cannot time out before the kill;
    /// a restarted one gives it two seconds, so the check of a write in doubt comes soon, and a
    /// read ten minutes, so the check's read held at the market does not time out.
    static func startScheduling(market: URL, root: URL, restarted: Bool) async throws -> DashboardProcess {
        try await start(
            root: root,
            upstream(market, identifier: ScriptedMarket.identifier, secret: ScriptedMarket.secret, vendorID: LiveShapedData.ownVendorID)
                + ["--time-zone", "Asia/Seoul", "--write-timeout", restarted ? "2" : "60", "--read-timeout", "600"])
    }

    /// How many of the batch's rows show each status on its page.
    static func statuses(_ port: Int, _ batch: Int) async throws -> [String: Int] {
        let page = try await HTTPTestClient.get(port, "/batches/\(batch)?refresh=off")
        return BatchTesting.rows(page.text).reduce(into: [:]) { counts, row in counts[row.status, default: 0] += 1 }
    }

    /// Posts the batch's schedule form with its start in the present minute as Seoul's clocks
    /// show it, and its end `endAfter` later (nil: no end). A minute that turns while the form
    /// is on its way can make the start more than a minute past (refused, 422); the form is
    /// then sent again for the new minute.
    static func scheduleNow(_ batch: Int, _ session: FormSession, endAfter: TimeInterval? = nil) async throws -> TestResponse {
        func fields() -> [(String, String)] {
            let now = Date()
            return [("starts_at", ScheduleScene.typed(now)), ("ends_at", endAfter.map { ScheduleScene.typed(now.addingTimeInterval($0)) } ?? "")]
        }
        let answer = try await BatchTesting.press("schedule", batch, session, fields: fields())
        guard answer.status == 422 else { return answer }
        return try await BatchTesting.press("schedule", batch, session, fields: fields())
    }
}

/// A kill test of a schedule: a scripted market with the own products `products`, served from
/// the test, the gates that hold its writes and reads, and the data folder the dashboard keeps
/// across the kill.
struct ScheduleKill {
    let market: ScriptedMarket
    let url: URL
    let root: URL
    /// Holds the PATCHes the test has not admitted.
    let writes = Gate()
    /// Holds the market's reads while the next start waits to check.
    let reads = Gate()

    /// Serves `products` and runs `body` with the first dashboard started over them and a
    /// preview of `action` on every product made through the list's bulk form; the market,
    /// its gates and the data folder are released afterwards, whatever happens.
    static func run(
        _ products: [ProductDetail], action: [(String, String)], folder: String,
        _ body: (ScheduleKill, DashboardProcess, FormSession, Int) async throws -> Void
    ) async throws {
        let market = LiveShapedData.market(products)
        let server = try market.serve()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(folder)-\(UUID().uuidString)")
        let kill = ScheduleKill(market: market, url: ScriptedMarket.url(of: server), root: root)
        defer {
            kill.writes.open()
            kill.reads.open()
            market.releaseAll()
            server.shutdown()
            try? FileManager.default.removeItem(at: root)
        }
        let first = try await DashboardProcess.startScheduling(market: kill.url, root: root, restarted: false)
        var session = FormSession(port: first.port)
        _ = try await session.open("/products?mine=1")
        let posted = try await BatchTesting.bulk(session, products.map { ("ids", String($0.id)) } + action)
        let batch = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
        market.state.withLock { state in
            state.writeGate = kill.writes
            state.writeGateMethod = "PATCH"
        }
        try await body(kill, first, session, batch)
    }

    /// After the kill, with `held` of `batch`'s writes held at the market: starts the dashboard
    /// again on the same data with the market's reads held, and expects the rows in doubt to
    /// wait for their check (at least `held` checking, the rest done); then lets the held
    /// writes land, and the reads through. The caller stops the dashboard it returns.
    func restartChecking(_ batch: Int, rows: Int, held: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws -> DashboardProcess {
        market.state.withLock { $0.writeGate = nil }
        market.holdReads(at: reads)
        let second = try await DashboardProcess.startScheduling(market: url, root: root, restarted: true)
        let seen = Mutex<[String: Int]>([:])
        let checking = try await eventually {
            let counts = (try? await DashboardProcess.statuses(second.port, batch)) ?? [:]
            seen.withLock { $0 = counts }
            return counts["checking", default: 0] >= held && counts["checking", default: 0] + counts["done", default: 0] == rows
        }
        #expect(checking, "the rows in doubt wait for their check: \(seen.withLock { $0 })", sourceLocation: sourceLocation)
        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 }, sourceLocation: sourceLocation)
        reads.open()
        return second
    }

    /// How many PATCHes reached the market for each product.
    var patches: [Int: Int] {
        market.writes.filter { $0.method == "PATCH" }.reduce(into: [:]) { counts, write in
            if let id = Int(write.path.split(separator: "/").last ?? "") { counts[id, default: 0] += 1 }
        }
    }
}
