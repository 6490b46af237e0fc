import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The overview's numbers, on literals.
@Suite("Catalog figures")
struct CatalogFiguresTests {
    static func product(
        _ id: Int, vendor: Int = 1, name: String = "Vendor", price: Decimal = 1000, off: Decimal = 0, stock: Int = 1,
        currency: Currency = .krw, created: String? = nil
    ) -> CatalogProduct {
        CatalogProduct(
            .sample(id, vendor: vendor, price: price, discount: off, stock: stock, currency: currency, created: created), vendorName: name)
    }

    @Test func counts_soldOut_onSale_stock_andValuePerCurrency() {
        let figures = CatalogFigures([
            Self.product(1, price: 1000, off: 100, stock: 3),
            Self.product(2, price: 500, stock: 0),
            Self.product(3, price: 12.5, stock: 2, currency: .usd),
            Self.product(4, price: 10, off: 2.5, stock: -4, currency: .usd),
        ])
        #expect(figures.products == 4)
        #expect(figures.soldOut == 2, "stock 0 and a negative stock are both sold out")
        #expect(figures.onSale == 2)
        #expect(figures.stockTotal == 5)
        #expect(figures.stockValue.map(\.currency) == [.krw, .usd])
        #expect(figures.stockValue.map(\.amount) == [2700, 25])
    }

    @Test func stockTotal_saturatesInsteadOfTrapping() {
        let figures = CatalogFigures([Self.product(1, stock: Int.max), Self.product(2, stock: Int.max)])
        #expect(figures.stockTotal == Int.max)
    }

    @Test func topVendors_mostProductsFirst_tenAtMost() {
        var products: [CatalogProduct] = []
        for vendor in 1...12 {
            for id in 0..<vendor { products.append(Self.product(vendor * 100 + id, vendor: vendor, name: "V\(vendor)")) }
        }
        let figures = CatalogFigures(products)
        #expect(figures.topVendors.count == 10)
        #expect(figures.topVendors.first == .init(vendorID: 12, name: "V12", products: 12))
        #expect(figures.topVendors.last?.vendorID == 3)
    }

    @Test func priceHistogram_bucketsOnOneTwoFiveSteps_perCurrency() throws {
        let figures = CatalogFigures([
            Self.product(1, price: 1000), Self.product(2, price: 1999), Self.product(3, price: 2000),
            Self.product(4, price: 9000), Self.product(5, price: 3, currency: .usd),
        ])
        let krw = try #require(figures.priceHistograms.first)
        #expect(krw.currency == .krw)
        #expect(krw.buckets.map(\.from) == [1000, 2000, 5000])
        #expect(krw.buckets.map(\.upTo) == [2000, 5000, 10000])
        #expect(krw.buckets.map(\.products) == [2, 1, 1])
        #expect(figures.priceHistograms.last?.buckets.map(\.products) == [1])
        #expect(figures.priceHistograms.last?.buckets.first?.from == 2)
    }

    @Test func registrationsPerWeek_twelveWeeksUpToTheNewest() throws {
        let figures = CatalogFigures([
            Self.product(1, created: "2026-11-23T10:00:00"),  // a Monday
            Self.product(2, created: "2026-11-22T23:59:59"),  // the Sunday before: the week before
            Self.product(3, created: "2026-11-16T00:00:00"),
            Self.product(4, created: "2026-01-01T00:00:00"),  // older than twelve weeks
        ])
        #expect(figures.weeks.count == 12)
        #expect(figures.weeks.map(\.products).suffix(2) == [2, 1])
        #expect(figures.weeks.map(\.products).reduce(0, +) == 3)
        #expect(try #require(figures.weeks.last).start == MarketDate.parse("2026-11-23T00:00:00"), "weeks start on Monday")
    }
}
