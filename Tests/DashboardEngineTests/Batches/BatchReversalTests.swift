import Foundation
import Testing

@testable import DashboardEngine

/// The edit an undo makes of a done row: its new values become the old ones it compares with,
/// and an amount it puts back carries the currency the row left the product in, so applying
/// never puts back an amount of one currency into a product priced in another.
@Suite struct BatchReversalTests {
    static func row(before: RecordedFields, after: RecordedFields, currency: String = "KRW") -> BatchRow {
        BatchRow(
            batchID: 1, number: 1, productID: 5, operation: .edit, status: .done, name: "Jar", currency: currency, before: before,
            after: after)
    }

    @Test func aSheetsPrice_isPutBackWithTheCurrencyItWasShownIn() {
        let reverse = Self.row(before: RecordedFields(price: 10000, currency: "KRW", stock: 3), after: RecordedFields(price: 11000, stock: 4))
            .reversal
        #expect(reverse.before == RecordedFields(price: 11000, currency: "KRW", stock: 4))
        #expect(reverse.after == RecordedFields(price: 10000, stock: 3))
        #expect(reverse.value(.price, new: true) == RecordedFields(price: 10000, currency: "KRW"))
        #expect(reverse.value(.stock, new: false) == RecordedFields(stock: 4))
    }

    /// A row stored without the currency (an older batch) takes the one its amounts were
    /// shown in.
    @Test func aRowStoredWithoutTheCurrency_takesTheOneItsAmountsWereShownIn() {
        let reverse = Self.row(before: RecordedFields(price: 12), after: RecordedFields(price: 13), currency: "USD").reversal
        #expect(reverse.before == RecordedFields(price: 13, currency: "USD"))
    }

    /// A row that set the currency with the price puts both back: the new currency is what it
    /// compares with.
    @Test func aRowThatSetTheCurrency_putsItBackWithThePrice() {
        let reverse = Self.row(
            before: RecordedFields(price: 10000, currency: "KRW", discountedPrice: 0),
            after: RecordedFields(price: Decimal(string: "7.5"), currency: "USD")
        ).reversal
        #expect(reverse.before == RecordedFields(price: Decimal(string: "7.5"), currency: "USD"))
        #expect(reverse.after == RecordedFields(price: 10000, currency: "KRW"))
        #expect(reverse.value(.price, new: true) == RecordedFields(price: 10000, currency: "KRW"))
    }

    /// A stock alone is no amount: no currency is compared.
    @Test func aStockAlone_isPutBackWithoutACurrency() {
        let reverse = Self.row(before: RecordedFields(stock: 3), after: RecordedFields(stock: 4)).reversal
        #expect(reverse.before == RecordedFields(stock: 4))
    }
}
