import Foundation
import Glibc
import Testing

@testable import Dashboard
import DashboardEngine

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
        let products = Self.ids.map { ScriptedMarket.product(id: $0, name: "Timed jar \($0)", vendor: LiveShapedData.ownVendor, stock: 3) }
        try await ScheduleKill.run(products, action: [("action", "stock_set"), ("value", "7"), ("unit", "amount")], folder: "schedule-kill") {
            kill, first, session, batch in
            // One write is answered; the other three reach the market and are held there.
            kill.writes.admit(1)
            let scheduled = try await DashboardProcess.scheduleNow(batch, session)
            #expect(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            #expect(try await eventually { kill.writes.waiting == 3 }, "three writes are held at the market")
            #expect(await first.kill() == .signalled(SIGKILL))

            // The next start finds the batch started and its rows in doubt; the market's reads
            // wait until the held writes are carried out.
            let second = try await kill.restartChecking(batch, rows: 4, held: 3)
            defer { second.stop() }
            #expect(try await eventually { (try? await DashboardProcess.statuses(second.port, batch)) == ["done": 4] }, "every row done")
            #expect(kill.patches == Dictionary(uniqueKeysWithValues: Self.ids.map { ($0, 1) }), "one PATCH per product: \(kill.patches)")
            #expect(kill.market.state.withLock { state in Self.ids.map { state.products[$0]?.stock } } == Self.ids.map { _ in 7 })
        }
    }
}
