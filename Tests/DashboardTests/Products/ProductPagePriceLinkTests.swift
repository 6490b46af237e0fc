import Testing

@testable import Dashboard

/// Every product's page links its price history, another seller's too (prices are public).
@Suite struct ProductPagePriceLinkTests {
    @Test func everyProductPage_linksItsPriceHistory_anotherSellersToo() async throws {
        try await withDashboard(.shared) { dashboard in
            let (mine, theirs) = try await PriceHistoryPageTests.ownAndTheirs(dashboard)
            for id in [mine, theirs] {
                for (query, label) in [("", "Price history"), ("?lang=ko", "판매가 기록")] {
                    let page = try await dashboard.get("/products/\(id)\(query)")
                    let links = HTMLScan.blocks(in: page.text, from: "<a href=\"/products/\(id)/prices\"", to: "</a>")
                    #expect(links.map { HTMLScan.text($0) } == [label], "product \(id)")
                }
            }
        }
    }
}
