import Foundation
import Testing

/// Prices and stock as the mobile apps showed them, for the seed's awkward cases, on the list
/// (all 60 on one page) and on the detail page.
@Suite struct PriceAndStockTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var id: Int
        var original: String?
        var price: String
        var stock: String
        var testDescription: String { "product \(id)" }
    }

    static let cases: [Expected] = [
        // On sale: 20,000 less 10,000.
        Expected(id: 1, original: "KRW 20,000", price: "KRW 10,000", stock: "Only 3 left"),
        // USD on sale with cents: 89.99 less 10.
        Expected(id: 3, original: "USD 89.99", price: "USD 79.99", stock: "Stock: 7"),
        // USD whose JSON says 24.5: cents kept.
        Expected(id: 5, original: nil, price: "USD 24.50", stock: "Stock: 12"),
        // Sold out, not on sale.
        Expected(id: 8, original: nil, price: "USD 149.00", stock: "Sold out"),
        // 12.5 less 2.5.
        Expected(id: 9, original: "USD 12.50", price: "USD 10.00", stock: "Only 4 left"),
        // Sold out and on sale.
        Expected(id: 11, original: "USD 199.99", price: "USD 159.99", stock: "Sold out"),
        // The market writes 60000000 as 6.0E7.
        Expected(id: 14, original: nil, price: "KRW 60,000,000", stock: "Only 1 left"),
        Expected(id: 7, original: "KRW 25,000", price: "KRW 20,000", stock: "Stock: 40"),
    ]

    func check(_ html: some StringProtocol, _ expected: Expected) {
        let price = HTMLScan.block(in: html, from: "<p class=\"price\">", to: "</p>")
        let stock = HTMLScan.block(in: html, from: "<p class=\"stock\">", to: "</p>")
        let struck = HTMLScan.block(in: price, from: "<del", to: "</del>")
        #expect((struck.isEmpty ? nil : HTMLScan.text(struck)) == expected.original)
        let current = HTMLScan.block(in: price, from: "<span class=\"current-price\">", to: "</span>")
        #expect(HTMLScan.text(current) == expected.price)
        #expect(HTMLScan.text(stock) == expected.stock)
    }

    @Test(arguments: cases)
    func listPage_showsPriceSaleAndStock(_ expected: Expected) async throws {
        try await withDashboard(.shared) { dash in
            let block = try await dash.get("/products?per_page=100").productBlock(expected.id)
            #expect(!block.isEmpty)
            check(block, expected)
            #expect(block.contains("is-sold-out") == (expected.stock == "Sold out"))
        }
    }

    @Test(arguments: cases)
    func detailPage_showsPriceSaleAndStock(_ expected: Expected) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/\(expected.id)")
            #expect(response.status == 200)
            check(HTMLScan.block(in: response.text, from: "<div class=\"facts\">", to: "<div class=\"description\">"), expected)
        }
    }

    @Test func theSixtyMillionPrice_reallyArrivesAsAnExponent() async throws {
        try await withDashboard(.shared) { dash in
            let raw = try await HTTPTestClient.get(dash.marketPort, "/api/products/14")
            #expect(raw.text.contains("\"price\":6.0E7"))
        }
    }

    /// Every product on the list shows exactly one current price with its currency and either
    /// a stock count, "Only N left" or "Sold out", matching the market's stock.
    @Test func everyProduct_showsOneCurrencyPriceAndItsStock() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?per_page=100")
            let market = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")
            let stocks = Dictionary(
                (market["pages"] as? [[String: Any]] ?? []).compactMap { p in (p["id"] as? Int).map { ($0, p["stock"] as? Int ?? -1) } },
                uniquingKeysWith: { a, _ in a })
            #expect(response.products.count == 60)
            for product in response.products {
                let current = HTMLScan.text(HTMLScan.block(in: product.block, from: "<span class=\"current-price\">", to: "</span>"))
                #expect(current.hasPrefix("KRW ") || current.hasPrefix("USD "), "\(product.id): \(current)")
                if current.hasPrefix("USD ") { #expect(current.contains("."), "\(product.id): \(current)") }
                let stock = HTMLScan.text(HTMLScan.block(in: product.block, from: "<p class=\"stock\">", to: "</p>"))
                let expectedStock = stocks[product.id] ?? -1
                // 1 to 5 left (the default --low-stock) reads as the apps' low-stock mark.
                let expected = expectedStock == 0 ? "Sold out" : expectedStock <= 5 ? "Only \(expectedStock) left" : "Stock: \(expectedStock)"
                #expect(stock == expected, "\(product.id)")
            }
        }
    }
}
