import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// A bulk action's rows: old → new per product, rounded as the currency counts, checked by the
/// API's rules, with warnings that do not block.
@Suite struct BulkPlannerTests {
    static let own = 7

    static func product(_ id: Int, price: Decimal, discount: Decimal = 0, stock: Int = 5, currency: Currency = .krw, vendor: Int = own)
        -> CatalogProduct
    {
        CatalogProduct(.sample(id, vendor: vendor, price: price, discount: discount, stock: stock, currency: currency), vendorName: "v")
    }

    static func action(_ kind: String, _ value: String, _ unit: String = "amount") throws -> BatchAction {
        try BulkPlanner.action(kind: kind, value: value, unit: unit).get()
    }

    @Test func aTenPercentCut_roundsAsEachCurrencyDoes() throws {
        let rows = BulkPlanner.rows(
            try Self.action("price_adjust", "-10", "percent"),
            targets: [.product(Self.product(1, price: 8999)), .product(Self.product(2, price: 12.35, currency: .usd))], ownVendorID: Self.own)
        #expect(rows.map(\.status) == [.pending, .pending])
        #expect(rows[0].after == RecordedFields(price: 8099))  // 8,099.1 → 8,099 won
        #expect(rows[1].after == RecordedFields(price: Decimal(string: "11.12")))  // 11.115 → 11.12 (half up)
        // The values the apply compares with: the price and the discount it depends on, and
        // the currency the amounts are of.
        #expect(rows[0].before == RecordedFields(price: 8999, currency: "KRW", discountedPrice: 0))
        #expect(rows[1].before.currency == "USD")
    }

    @Test func aPriceUnderTheDiscount_orNotAboveZero_isInvalid_withTheFormsProblem() throws {
        let rows = BulkPlanner.rows(
            try Self.action("price_set", "500"), targets: [.product(Self.product(1, price: 1000, discount: 600))], ownVendorID: Self.own)
        #expect(rows[0].status == .invalid)
        #expect(rows[0].problems == [.field(.priceUnderDiscount(600), on: .price)])
        let cut = BulkPlanner.rows(
            try Self.action("price_adjust", "-1000"), targets: [.product(Self.product(1, price: 1000))], ownVendorID: Self.own)
        #expect(cut[0].status == .invalid)
        #expect(cut[0].problems == [.field(.priceNotPositive, on: .price)])
    }

    @Test func aBigChangeAndADeepDiscount_areWarnedAbout_notRefused() throws {
        let raised = BulkPlanner.rows(
            try Self.action("price_adjust", "60", "percent"), targets: [.product(Self.product(1, price: 1000))], ownVendorID: Self.own)
        #expect(raised[0].status == .pending)
        #expect(raised[0].warnings == [.warning(.priceJump(percent: 60, up: true), on: .price)])
        let discounted = BulkPlanner.rows(
            try Self.action("discount_set", "95", "percent"), targets: [.product(Self.product(1, price: 1000))], ownVendorID: Self.own)
        #expect(discounted[0].after == RecordedFields(discountedPrice: 950))
        #expect(discounted[0].warnings == [.warning(.deepDiscount(percent: 95), on: .discountedPrice)])
    }

    @Test func aDiscountOfZero_removesIt_andProductsWithoutOne_areUnchanged() throws {
        let rows = BulkPlanner.rows(
            try Self.action("discount_set", "0"),
            targets: [.product(Self.product(1, price: 1000, discount: 100)), .product(Self.product(2, price: 1000))], ownVendorID: Self.own)
        #expect(rows.map(\.status) == [.pending, .unchanged])
        #expect(rows[0].after == RecordedFields(discountedPrice: 0))
    }

    @Test func stockBelowZero_isInvalid() throws {
        let rows = BulkPlanner.rows(
            try Self.action("stock_adjust", "-3"),
            targets: [.product(Self.product(1, price: 1, stock: 5)), .product(Self.product(2, price: 1, stock: 2))], ownVendorID: Self.own)
        #expect(rows.map(\.status) == [.pending, .invalid])
        #expect(rows[0].after == RecordedFields(stock: 2))
        // Named by what the seller did (took 3 from 2), not as a stock typed below zero.
        #expect(rows[1].problems == [.row(.stockBelowZero(stock: 2, taken: 3), on: .stock)])
    }

    @Test func othersProductsAndUnknownIds_areRefusedWithTheReason() throws {
        let rows = BulkPlanner.rows(
            try Self.action("delete", ""), targets: [.product(Self.product(1, price: 1, vendor: 99)), .notFound(id: 42), .product(Self.product(3, price: 1))],
            ownVendorID: Self.own)
        #expect(rows.map(\.status) == [.invalid, .invalid, .pending])
        #expect(rows[0].problems == [.row(.notOwn)])
        #expect(rows[1].problems == [.row(.notFound(id: 42))])
        #expect(rows[2].operation == .delete)
    }

    @Test(arguments: [
        ("price_set", "abc", "amount", BulkProblem.notANumber), ("price_set", "-5", "amount", .negative),
        ("stock_set", "2.5", "amount", .stockWhole), ("discount_set", "120", "percent", .percentOver100),
        ("price_adjust", "-100", "percent", .cutTooDeep), ("shrink", "1", "amount", .noAction),
        ("stock_adjust", "1e30", "amount", .stockTooHigh), ("stock_set", "5", "percent", .percentNotTaken(.stockSet)),
        ("stock_adjust", "-2", "percent", .percentNotTaken(.stockAdjust)), ("price_set", "10", "percent", .percentNotTaken(.priceSet)),
    ])
    func unusableValues_areRefusedBeforeAnyProduct(kind: String, value: String, unit: String, problem: BulkProblem) {
        #expect(throws: problem) { try BulkPlanner.action(kind: kind, value: value, unit: unit).get() }
    }

    /// A row that cannot be applied shows what blocks it, not also a warning about its value.
    @Test func aRefusedRow_carriesNoWarning() throws {
        let rows = BulkPlanner.rows(
            try Self.action("price_set", "20000000000"), targets: [.product(Self.product(1, price: 1000))], ownVendorID: Self.own)
        #expect(rows.map(\.status) == [.invalid])
        #expect(rows[0].problems == [.field(.priceTooHigh, on: .price)])
        #expect(rows[0].warnings.isEmpty)
    }

    /// A form with no action and a value that is no number hears of both at once.
    @Test func everyProblemOfTheActionIsNamedAtOnce() {
        #expect(BulkPlanner.check(kind: "", value: "abc", unit: "amount").problems == [.noAction, .notANumber])
        #expect(BulkPlanner.check(kind: "stock_set", value: "-1", unit: "percent").problems == [.negative, .percentNotTaken(.stockSet)])
        #expect(BulkPlanner.check(kind: "delete", value: "", unit: "percent").problems.isEmpty, "a delete reads no value")
    }

    /// An amount takes the one currency of the own products chosen; over two it is refused
    /// with how many of each, most first; a percent, a count and another vendor's product
    /// leave it alone.
    @Test func anAmount_isReadInTheOneCurrencyOfTheProducts() throws {
        let krw: [BulkPlanner.Target] = [.product(Self.product(1, price: 1000)), .product(Self.product(2, price: 2000))]
        let usd: BulkPlanner.Target = .product(Self.product(3, price: 10, currency: .usd))
        let theirs: BulkPlanner.Target = .product(Self.product(4, price: 10, currency: .usd, vendor: 99))
        let set = try Self.action("price_set", "1000")
        #expect(try BulkPlanner.priced(set, targets: krw + [theirs, .notFound(id: 9)], ownVendorID: Self.own).get().currency == .krw)
        #expect(throws: BulkProblem.mixedCurrencies([CurrencyCount(.krw, 2), CurrencyCount(.usd, 1)], .priceSet)) {
            try BulkPlanner.priced(set, targets: [usd] + krw, ownVendorID: Self.own).get()
        }
        for (kind, value, unit) in [("price_adjust", "-10", "percent"), ("stock_set", "5", "amount"), ("discount_set", "0", "amount")] {
            let action = try Self.action(kind, value, unit)
            #expect(try BulkPlanner.priced(action, targets: [usd] + krw, ownVendorID: Self.own).get() == action, "\(kind) \(unit)")
        }
        #expect(throws: BulkProblem.self) { try BulkPlanner.priced(try Self.action("price_adjust", "5"), targets: [usd] + krw, ownVendorID: Self.own).get() }
    }
}
