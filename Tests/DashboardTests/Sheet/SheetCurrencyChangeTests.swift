import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// A product's currency changed on the market after the sheet was opened: the price typed on
/// the sheet is an amount of the currency the sheet showed, so it is never sent as an amount
/// of the new one. The row is skipped as changed elsewhere, and the market keeps what the
/// other change set. The same holds for a change between the preview and Apply, and for an
/// undo of a sheet: what it puts back is an amount of the currency it was recorded in.
@Suite struct SheetCurrencyChangeTests {
    /// What the other change set: the currency alone (the amount left as it was), or the
    /// currency and the amount converted.
    enum Change: String, CaseIterable, Sendable {
        case currencyOnly
        case currencyAndPrice
    }

    /// When the other change comes: before the sheet is sent, or after its preview is made
    /// and before Apply.
    enum Moment: String, Sendable {
        case beforeSending
        case beforeApply
    }

    /// The currency changed with the amount converted: the price the sheet showed is gone, so
    /// the row is skipped.
    @Test func aPriceTypedInTheShownCurrency_isNotSent_whenTheMarketConvertedIt() async throws {
        try await Self.expectNotSent(after: .currencyAndPrice)
    }

    /// The currency changed and the amount left as it was: the price the sheet showed is still
    /// there, as a number, but of another currency.
    @Test func aPriceTypedInTheShownCurrency_isNotSent_whenOnlyTheCurrencyChanged() async throws {
        try await Self.expectNotSent(after: .currencyOnly)
    }

    /// The preview was made while the product was in KRW, and only the currency changed before
    /// Apply: Apply compares the currency too, and skips the row.
    @Test(arguments: Change.allCases)
    func aPreviewedPrice_isNotSent_whenTheCurrencyChangedBeforeApply(_ change: Change) async throws {
        try await Self.expectNotSent(after: change, .beforeApply)
    }

    /// Each row carries the currency it showed; a refused post comes back with it, and the cell
    /// is judged by its rules (whole won), though the market has the product in USD now.
    @Test func aRefusedPost_keepsTheCurrencyTheSheetShowed() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 663, name: "Currency cup", price: 10000, discount: 0, stock: 3)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let sheet = try await session.open("/products/sheet?lang=en")
            #expect(Self.shownCurrency(sheet.text, 663) == "KRW")
            market.state.withLock { $0.products[663]?.summary.currency = .usd }
            let refused = try await SheetTesting.post(session, SheetTesting.form(sheet, ["price.663": "10.50"]), query: "?lang=en")
            #expect(refused.status == 422)
            #expect(Self.shownCurrency(refused.text, 663) == "KRW")
            #expect(refused.text.contains("Enter the price in whole won, with no decimals."))
            #expect(market.requests("PATCH").isEmpty)
        }
    }

    /// The hidden currency a row of the sheet carries.
    static func shownCurrency(_ html: String, _ id: Int) -> String? {
        HTMLScan.tags("input", in: HTMLScan.block(in: html, from: "<form id=\"sheet\"", to: "</form>"))
            .first { $0["name"] == "was.currency.\(id)" }?["value"]
    }

    /// The sheet opened on a KRW 10,000 product, the market's change, then 11,000 typed in the
    /// price cell and the sheet sent (or sent first, and the market's change then): no
    /// preview, or one whose Apply skips the row; nothing is sent and the market keeps what the
    /// other change set.
    static func expectNotSent(after change: Change, _ moment: Moment = .beforeSending) async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 661, name: "Currency jar", price: 10000, discount: 0, stock: 3)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let sheet = try await session.open("/products/sheet?lang=en")
            let shown = try #require(SheetTesting.rows(sheet.text).first { $0.id == 661 }, "the sheet shows the product")
            #expect(shown.cells["price"]?.value == "10000")

            let form = SheetTesting.form(sheet, ["price.661": "11000"])
            var posted: TestResponse?
            if moment == .beforeApply {
                posted = try await SheetTesting.post(session, form)
                #expect(posted.flatMap(BatchTesting.batchID) != nil, "a preview is made while the product is in KRW")
            }
            market.state.withLock { state in
                state.products[661]?.summary.currency = .usd
                if change == .currencyAndPrice { state.products[661]?.summary.price = Money(Decimal(string: "7.50") ?? 0) }
            }
            let held = market.state.withLock { $0.products[661]?.summary }
            if posted == nil { posted = try await SheetTesting.post(session, form) }
            if let batch = posted.flatMap(BatchTesting.batchID) {
                #expect(try await BatchTesting.press("apply", batch, session).status == 303)
                await harness.settle(batch: batch)
                let rows = BatchTesting.rows(try await harness.get("/batches/\(batch)?refresh=off&lang=en").text)
                #expect(rows.map(\.status) == ["skipped"], "\(rows.map(\.text))")
                // The market's value with its currency, in both languages.
                let now = change == .currencyOnly ? "USD 10,000.00" : "USD 7.50"
                let nowKorean = change == .currencyOnly ? "$10,000.00" : "$7.50"
                #expect(rows.first?.text.contains("Price left as it is: changed elsewhere since the sheet was opened (now \(now)).") == true)
                let korean = BatchTesting.rows(try await harness.get("/batches/\(batch)?refresh=off&lang=ko").text)
                #expect(korean.first?.text.contains("시트를 연 뒤 다른 곳에서 수정되었습니다(지금 \(nowKorean)).") == true, "\(korean.map(\.text))")
            }
            #expect(market.requests("PATCH").isEmpty, "the amount typed for KRW was sent as USD")
            let now = market.state.withLock { $0.products[661]?.summary }
            #expect(now?.currency == .usd && now?.price == held?.price, "the market keeps the other change")
        }
    }

    /// A sheet set KRW 10,000 to 11,000; the market then changed only the currency to USD.
    /// Undo would put back 10,000, an amount of KRW: the product is in USD now, so the price
    /// is left as the market has it, and nothing is sent.
    @Test func anUndo_neverPutsBackAnAmountInAnotherCurrency() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 662, name: "Currency pot", price: 10000, discount: 0, stock: 3)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let sheet = try await session.open("/products/sheet?lang=en")
            let batch = try #require(BatchTesting.batchID(try await SheetTesting.post(session, SheetTesting.form(sheet, ["price.662": "11000"]))))
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)
            await harness.settle(batch: batch)
            #expect(market.state.withLock { $0.products[662]?.summary.price } == Money(11000))
            let patches = market.requests("PATCH").values.reduce(0, +)
            #expect(patches == 1)

            market.state.withLock { $0.products[662]?.summary.currency = .usd }
            let undo = try await BatchTesting.press("undo", batch, session)
            let undoBatch = try #require(BatchTesting.batchID(undo), "Undo makes a preview")
            session.take(try await session.get("/batches/\(undoBatch)"))
            #expect(try await BatchTesting.press("apply", undoBatch, session).status == 303)
            await harness.settle(batch: undoBatch)
            let rows = BatchTesting.rows(try await harness.get("/batches/\(undoBatch)?refresh=off&lang=en").text)
            #expect(rows.map(\.status) == ["skipped"], "\(rows.map(\.text))")
            #expect(rows.first?.text.contains("Price not put back: it was changed to USD 11,000.00 after batch \(batch) set it.") == true)
            #expect(market.requests("PATCH").values.reduce(0, +) == patches, "10,000 of KRW was put back as USD")
            let now = market.state.withLock { $0.products[662]?.summary }
            #expect(now?.currency == .usd && now?.price == Money(11000), "the market keeps the other change")
        }
    }
}
