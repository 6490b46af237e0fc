import Foundation
import Testing

@testable import Dashboard

/// A day the market gives (when a product was added) is its calendar day, shown as it wrote
/// it whatever the vendor's zone: read as an instant (midnight at the market) in a zone west
/// of it, it would fall on the day before.
@Suite struct MarketDayTests {
    @Test(arguments: ["America/Los_Angeles", "Asia/Seoul"])
    func aProductsAddedDay_isTheMarketsDay_inAnyZone(_ zoneName: String) async throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 1)])
        try await withDashboard(.liveShaped(market, vendorID: 1), adjust: { $0.timeZone = zone }) { dashboard in
            let page = try await dashboard.get("/products/1")
            #expect(page.status == 200)
            // The live-shaped market stamps 2022-11-04T00:00:00 on what it lists.
            #expect(page.text.contains(#"<time datetime="2022-11-04">2022-11-04</time>"#), "\(zoneName)")
            let korean = try await dashboard.get("/products/1?lang=ko")
            #expect(korean.text.contains(#"<time datetime="2022-11-04">2022. 11. 4.</time>"#), "\(zoneName)")
        }
    }
}
