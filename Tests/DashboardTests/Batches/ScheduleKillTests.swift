import Foundation
import Glibc
import Synchronization
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// The `dashboard` executable killed with SIGKILL as a scheduled start fires, then started
/// again on the same data directory: each product is written exactly once. The executable
/// runs on the machine's clock, so the start is typed for the present minute, which a schedule
/// takes and starts at once. The market is the scripted one, served from this process: it
/// answers the first write and holds the others unanswered when the kill comes; they land only
/// after the next start is waiting to check them, and the market's reads wait until then, so
/// a check that sent a write again, or read too early, shows.
@Suite("SIGKILL as a scheduled start fires")
struct ScheduleKillTests {
    static let ids = Array(801...804)

    @Test(DashboardProcess.isBuilt) func killedAsAScheduledStartFires_writesEachProductOnce() async throws {
        let market = LiveShapedData.market(Self.ids.map {
            ScriptedMarket.product(id: $0, name: "Timed jar \($0)", vendor: LiveShapedData.ownVendor, stock: 3)
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
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = ScriptedMarket.url(of: server)
        let first = try await DashboardProcess.startScheduling(market: url, root: root, restarted: false)

        var session = FormSession(port: first.port)
        _ = try await session.open("/products?mine=1")
        let posted = try await BatchTesting.bulk(session, Self.ids.map { ("ids", String($0)) } + [("action", "stock_set"), ("value", "7"), ("unit", "amount")])
        let batch = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")

        // One write is answered; the other three reach the market and are held there.
        market.state.withLock { state in
            state.writeGate = writes
            state.writeGateMethod = "PATCH"
        }
        writes.admit(1)
        let scheduled = try await DashboardProcess.scheduleNow(batch, session)
        #expect(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
        #expect(try await eventually { writes.waiting == 3 }, "three writes are held at the market")
        #expect(await first.kill() == .signalled(SIGKILL))
        market.state.withLock { $0.writeGate = nil }

        // The next start finds the batch started and its rows in doubt; the market's reads
        // wait until the held writes are carried out.
        market.holdReads(at: reads)
        let second = try await DashboardProcess.startScheduling(market: url, root: root, restarted: true)
        defer { second.stop() }
        let seen = Mutex<[String: Int]>([:])
        let checking = try await eventually {
            let counts = (try? await DashboardProcess.statuses(second.port, batch)) ?? [:]
            seen.withLock { $0 = counts }
            return counts["checking", default: 0] >= 3 && counts["checking", default: 0] + counts["done", default: 0] == 4
        }
        #expect(checking, "the rows in doubt wait for their check: \(seen.withLock { $0 })")
        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
        reads.open()

        #expect(try await eventually { (try? await DashboardProcess.statuses(second.port, batch)) == ["done": 4] }, "every row done")
        let patched = market.writes.filter { $0.method == "PATCH" }.compactMap { Int($0.path.split(separator: "/").last ?? "") }
        #expect(patched.sorted() == Self.ids, "one PATCH per product: \(patched.sorted())")
        #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.stock } } == Self.ids.map { _ in 7 })
    }
}
