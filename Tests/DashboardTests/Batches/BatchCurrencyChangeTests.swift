import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// A bulk "set the price" and an import line with a price preview an amount of the product's
/// currency; when the market changes only the currency before Apply, the amount would be other
/// money, so the row is skipped as changed elsewhere and nothing is sent.
@Suite struct BatchCurrencyChangeTests {
    /// How the preview of 11,000 for a KRW 10,000 product is made.
    enum Source: String, CaseIterable, Sendable {
        /// The list's bulk form: set the price to 11,000.
        case bulk
        /// An import line naming the product, its price and its currency.
        case importWithCurrency
        /// An import line naming the product and its price alone.
        case importWithoutCurrency
    }

    @Test(arguments: Source.allCases)
    func aPreviewedAmount_isNotSent_whenOnlyTheCurrencyChangedBeforeApply(_ source: Source) async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 663, name: "Currency bowl", price: 10000, discount: 0, stock: 3)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let posted: TestResponse
            switch source {
            case .bulk:
                _ = try await session.open("/products?view=table")
                posted = try await BatchTesting.bulk(session, [("ids", "663"), ("action", "price_set"), ("value", "11000"), ("unit", "amount")])
            case .importWithCurrency, .importWithoutCurrency:
                _ = try await session.open("/products/import")
                let csv = source == .importWithCurrency
                    ? ImportTesting.write(["id", "price", "currency"], [["663", "11000", "KRW"]])
                    : ImportTesting.write(["id", "price"], [["663", "11000"]])
                posted = try await ImportTesting.post(session, csv: csv)
            }
            let batch = try #require(BatchTesting.batchID(posted), "a preview: \(posted.status)")
            let preview = BatchTesting.rows(try await session.open("/batches/\(batch)?lang=en").text)
            #expect(preview.map(\.status) == ["pending"], "\(preview.map(\.text))")

            market.state.withLock { $0.products[663]?.summary.currency = .usd }
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)
            await harness.settle(batch: batch)
            let rows = BatchTesting.rows(try await harness.get("/batches/\(batch)?refresh=off&lang=en").text)
            #expect(rows.map(\.status) == ["skipped"], "\(rows.map(\.text))")
            #expect(market.requests("PATCH").isEmpty, "11,000 meant as KRW was sent as USD")
            let now = market.state.withLock { $0.products[663]?.summary }
            #expect(now?.currency == .usd && now?.price == Money(10000), "the market keeps the other change")
        }
    }
}
