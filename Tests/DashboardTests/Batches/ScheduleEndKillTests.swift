import Foundation
import Glibc
import Testing

/// The `dashboard` executable killed with SIGKILL as a scheduled end puts prices back, then
/// started again on the same data directory: each product's price is put back exactly once.
/// The executable runs on the machine's clock, so the window starts in the present minute and
/// ends an hour later; the test ends it with "End now and put back", which runs the same end
/// step at once instead of waiting on the wall clock for the hour to pass. The market
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
        let products = Self.ids.map { ScriptedMarket.product(id: $0, name: "Sale jar \($0)", vendor: LiveShapedData.ownVendor, price: 20000, discount: 0) }
        try await ScheduleKill.run(products, action: [("action", "price_set"), ("value", "18000"), ("unit", "amount")], folder: "schedule-end-kill") {
            kill, first, session, batch in
            // The start's four writes and the end's first are answered; the end's other three
            // reach the market and are held there.
            kill.writes.admit(Self.ids.count + 1)
            let scheduled = try await DashboardProcess.scheduleNow(batch, session, endAfter: 3600)
            #expect(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            #expect(try await eventually { (try? await DashboardProcess.statuses(first.port, batch)) == ["done": 4] }, "the start is carried out")
            #expect(kill.market.state.withLock { state in Self.ids.map { state.products[$0]?.price } } == Self.ids.map { _ in 18000 })
            let ended = try await BatchTesting.press("end-now", batch, session)
            #expect(ended.status == 303, "End now answered \(ended.status)")
            #expect(try await eventually { kill.writes.waiting == 3 }, "three of the end's writes are held at the market")
            let revert = try #require(try await Self.revert(of: batch, first.port), "the batch's page links to its end")
            #expect(await first.kill() == .signalled(SIGKILL))

            // The next start finds the end begun and its rows in doubt; the market's reads wait
            // until the held writes are carried out.
            let second = try await kill.restartChecking(revert, rows: 4, held: 3)
            defer { second.stop() }
            #expect(try await eventually { (try? await DashboardProcess.statuses(second.port, revert)) == ["done": 4] }, "every price put back")
            #expect(kill.patches == Dictionary(uniqueKeysWithValues: Self.ids.map { ($0, 2) }), "one PATCH at the start and one at the end: \(kill.patches)")
            #expect(kill.market.state.withLock { state in Self.ids.map { state.products[$0]?.price } } == Self.ids.map { _ in 20000 })
            #expect(try await Self.revert(of: batch, second.port) == revert, "the end is carried out by one batch")
        }
    }
}
