import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// A sale over the scripted market for the tests of lost answers at a schedule's steps: own
/// products at 20,000, their price cut to 18,000 from the next minute for an hour, scheduled
/// through the batch's page, on a clock the test moves that starts 10 seconds into the present
/// minute; pages in Seoul.
enum ScriptedSale {
    static func run(
        _ ids: [Int], _ body: (DashboardHarness, ScriptedMarket, ManualWallClock, _ batch: Int, _ start: Date, _ end: Date) async throws -> Void
    ) async throws {
        let market = ScriptedMarket(products: ids.map { ScriptedMarket.product(id: $0, name: "Sale jar \($0)", price: 20000, discount: 0) })
        let minute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
        let clock = ManualWallClock(Date(timeIntervalSince1970: minute + 10))
        let start = Date(timeIntervalSince1970: minute + 60)
        let end = start.addingTimeInterval(3600)
        try await withDashboard(.scripted(market), clock: clock, adjust: { $0.timeZone = ScheduleScene.seoul }) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(session, ids.map { ("ids", String($0)) } + [("action", "price_set"), ("value", "18000"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
            let page = try await session.open("/batches/\(batch)")
            let scheduled = try await session.postURLEncoded(
                "/batches/\(batch)/schedule",
                BatchTesting.drawn(page.text) + [("starts_at", ScheduleScene.typed(start)), ("ends_at", ScheduleScene.typed(end))])
            try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            try await body(harness, market, clock, batch, start, end)
        }
    }
}
