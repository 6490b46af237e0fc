import Foundation
import Glibc
import Synchronization
import Testing

/// The `dashboard` executable killed with SIGKILL as a scheduled end puts prices back, then
/// started again on the same data directory: each product's price is put back exactly once.
/// The executable runs on the machine's clock, so the window is typed for the present minute
/// and the next one, and the test waits (under the hang guard) for the end to come. The market
/// is the scripted one, served from this process: it answers the start's writes and the end's
/// first, and holds the end's other writes unanswered when the kill comes; they land only after
/// the next start is waiting to check them, and the market's reads wait until then, so a check
/// that sent a write again, or read too early, shows.
@Suite("SIGKILL as a scheduled end puts prices back")
struct ScheduleEndKillTests {
    static let ids = Array(821...824)

    /// The batch `source`'s page links to the batch that carries out its end.
    static func revert(of source: Int, _ port: Int) async throws -> Int? {
        let page = try await HTTPTestClient.get(port, "/batches/\(source)?refresh=off")
        return HTMLScan.hrefs(in: page.text).compactMap { href -> Int? in
            guard href.hasPrefix("/batches/"), let id = Int(href.dropFirst("/batches/".count)), id != source else { return nil }
            return id
        }.first
    }

    @Test(DashboardProcess.isBuilt) func killedAsAScheduledEndPutsPricesBack_putsEachBackOnce() async throws {
        let market = LiveShapedData.market(Self.ids.map {
            ScriptedMarket.product(id: $0, name: "Sale jar \($0)", vendor: LiveShapedData.ownVendor, price: 20000, discount: 0)
        })
        let writes = Gate()
        let reads = Gate()
        let server = try market.serve()
        defer {
            writes.open()
            reads.open()
            market.releaseAll()
            server.shutdown()
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-end-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = ScriptedMarket.url(of: server)
        let first = try await DashboardProcess.startScheduling(market: url, root: root, restarted: false)

        var session = FormSession(port: first.port)
        _ = try await session.open("/products?mine=1")
        let posted = try await BatchTesting.bulk(session, Self.ids.map { ("ids", String($0)) } + [("action", "price_set"), ("value", "18000"), ("unit", "amount")])
        let batch = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")

        // The start's four writes and the end's first are answered; the end's other three reach
        // the market and are held there.
        market.state.withLock { state in
            state.writeGate = writes
            state.writeGateMethod = "PATCH"
        }
        writes.admit(Self.ids.count + 1)
        let scheduled = try await DashboardProcess.scheduleNow(batch, session, endAfter: 60)
        #expect(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
        #expect(try await eventually { (try? await DashboardProcess.statuses(first.port, batch)) == ["done": 4] }, "the start is carried out")
        #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.price } } == Self.ids.map { _ in 18000 })
        #expect(try await eventually { writes.waiting == 3 }, "three of the end's writes are held at the market")
        let revert = try #require(try await Self.revert(of: batch, first.port), "the batch's page links to its end")
        #expect(await first.kill() == .signalled(SIGKILL))
        market.state.withLock { $0.writeGate = nil }

        // The next start finds the end begun and its rows in doubt; the market's reads wait
        // until the held writes are carried out.
        market.holdReads(at: reads)
        let second = try await DashboardProcess.startScheduling(market: url, root: root, restarted: true)
        defer { second.stop() }
        let seen = Mutex<[String: Int]>([:])
        let checking = try await eventually {
            let counts = (try? await DashboardProcess.statuses(second.port, revert)) ?? [:]
            seen.withLock { $0 = counts }
            return counts["checking", default: 0] >= 3 && counts["checking", default: 0] + counts["done", default: 0] == 4
        }
        #expect(checking, "the rows in doubt wait for their check: \(seen.withLock { $0 })")
        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
        reads.open()

        #expect(try await eventually { (try? await DashboardProcess.statuses(second.port, revert)) == ["done": 4] }, "every price put back")
        let patched = market.writes.filter { $0.method == "PATCH" }.reduce(into: [Int: Int]()) { counts, write in
            if let id = Int(write.path.split(separator: "/").last ?? "") { counts[id, default: 0] += 1 }
        }
        #expect(patched == Dictionary(uniqueKeysWithValues: Self.ids.map { ($0, 2) }), "one PATCH at the start and one at the end: \(patched)")
        #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.price } } == Self.ids.map { _ in 20000 })
        #expect(try await Self.revert(of: batch, second.port) == revert, "the end is carried out by one batch")
    }
}
