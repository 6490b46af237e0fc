import Testing

@testable import Dashboard

/// Each of the seller's own products' pages links its price history; another seller's product
/// has no history to link (its history page answers 404).
@Suite struct ProductPagePriceLinkTests {
    @Test func ownProductPages_linkTheirPriceHistory_anotherSellersDoNot() async throws {
        try await withDashboard(.shared) { dashboard in
            let (mine, theirs) = try await PriceHistoryPageTests.ownAndTheirs(dashboard)
            for (id, linked) in [(mine, true), (theirs, false)] {
                for (query, label) in [("", "Price history"), ("?lang=ko", "판매가 기록")] {
                    let page = try await dashboard.get("/products/\(id)\(query)")
                    #expect(page.status == 200)
                    let links = HTMLScan.blocks(in: page.text, from: "<a href=\"/products/\(id)/prices\"", to: "</a>")
                    #expect(links.map { HTMLScan.text($0) } == (linked ? [label] : []), "product \(id)")
                }
            }
        }
    }
}
