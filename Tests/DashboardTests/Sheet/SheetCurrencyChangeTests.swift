import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// A product's currency changed on the market after the sheet was opened: the price typed on
/// the sheet is an amount of the currency the sheet showed, so it is never sent as an amount
/// of the new one. The row is skipped as changed elsewhere, and the market keeps what the
/// other change set.
@Suite struct SheetCurrencyChangeTests {
    /// What the other change set: the currency alone (the amount left as it was), or the
    /// currency and the amount converted.
    enum Change: String, CaseIterable, Sendable {
        case currencyOnly
        case currencyAndPrice
    }

    /// The currency changed with the amount converted: the price the sheet showed is gone, so
    /// the row is skipped.
    @Test func aPriceTypedInTheShownCurrency_isNotSent_whenTheMarketConvertedIt() async throws {
        try await Self.expectNotSent(after: .currencyAndPrice)
    }

    /// The currency changed and the amount left as it was: the price the sheet showed is still
    /// there, as a number, but of another currency.
    @Test(.disabled("Bug: the sheet keeps no currency for its cells, so a price typed against KRW 10,000 is sent as USD after the market changed only the currency"))
    func aPriceTypedInTheShownCurrency_isNotSent_whenOnlyTheCurrencyChanged() async throws {
        try await Self.expectNotSent(after: .currencyOnly)
    }

    /// The sheet opened on a KRW 10,000 product, the market's change, then 11,000 typed in the
    /// price cell and the sheet sent: no preview, or one whose Apply skips the row; nothing is
    /// sent and the market keeps what the other change set.
    static func expectNotSent(after change: Change) async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 661, name: "Currency jar", price: 10000, discount: 0, stock: 3)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let sheet = try await session.open("/products/sheet?lang=en")
            let shown = try #require(SheetTesting.rows(sheet.text).first { $0.id == 661 }, "the sheet shows the product")
            #expect(shown.cells["price"]?.value == "10000")

            market.state.withLock { state in
                state.products[661]?.summary.currency = .usd
                if change == .currencyAndPrice { state.products[661]?.summary.price = Money(Decimal(string: "7.50") ?? 0) }
            }
            let held = market.state.withLock { $0.products[661]?.summary }
            let posted = try await SheetTesting.post(session, SheetTesting.form(sheet, ["price.661": "11000"]))
            if let batch = BatchTesting.batchID(posted) {
                #expect(try await BatchTesting.press("apply", batch, session).status == 303)
                await harness.settle(batch: batch)
                let rows = BatchTesting.rows(try await harness.get("/batches/\(batch)?refresh=off&lang=en").text)
                #expect(rows.map(\.status) == ["skipped"], "\(rows.map(\.text))")
            }
            #expect(market.requests("PATCH").isEmpty, "the amount typed for KRW was sent as USD")
            let now = market.state.withLock { $0.products[661]?.summary }
            #expect(now?.currency == .usd && now?.price == held?.price, "the market keeps the other change")
        }
    }
}
