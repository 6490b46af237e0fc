import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// A sheet post's rows: only the cells that differ from what the sheet showed, judged by the
/// register form's rules, with the sheet's values as the old ones; bad cells named by product
/// and field, and products this dashboard may not change refused whole.
@Suite struct SheetPlannerTests {
    static let own = 7

    static func product(
        _ id: Int, name: String? = nil, price: Decimal = 10000, discount: Decimal = 0, stock: Int = 5, currency: Currency = .krw,
        vendor: Int = own
    ) -> CatalogProduct {
        CatalogProduct(
            .sample(id, vendor: vendor, name: name, price: price, discount: discount, stock: stock, currency: currency), vendorName: "v")
    }

    /// The cells of `product` as the sheet shows them, with `typed` over them.
    static func cells(_ product: CatalogProduct, _ typed: [ProductField: String] = [:]) -> (id: Int, cells: SheetPlanner.Cells) {
        let plain = { (amount: Decimal) in
            product.currency == .usd ? String(format: "%.2f", NSDecimalNumber(decimal: amount).doubleValue) : "\(amount)"
        }
        let shown: [ProductField: String] = [
            .name: product.name, .price: plain(product.price), .discountedPrice: plain(product.discountedPrice), .stock: "\(product.stock)",
        ]
        return (product.id, SheetPlanner.Cells(shown: shown, typed: shown.merging(typed) { _, typed in typed }))
    }

    static func plan(_ posted: [(id: Int, cells: SheetPlanner.Cells)], _ products: [CatalogProduct]) -> SheetPlanner.Plan {
        SheetPlanner.plan(posted, products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }), ownVendorID: own)
    }

    static func rows(_ plan: SheetPlanner.Plan, sourceLocation: SourceLocation = #_sourceLocation) -> [BatchRow] {
        guard case .rows(let rows) = plan else {
            Issue.record("expected rows, got \(plan)", sourceLocation: sourceLocation)
            return []
        }
        return rows
    }

    static func problems(_ plan: SheetPlanner.Plan, sourceLocation: SourceLocation = #_sourceLocation) -> [SheetPlanner.Cell: [FieldProblem]] {
        guard case .invalid(let problems) = plan else {
            Issue.record("expected problems, got \(plan)", sourceLocation: sourceLocation)
            return [:]
        }
        return problems
    }

    @Test func untouchedCells_areNoChange_andOnlyTheChangedFieldsMakeARow() {
        let mug = Self.product(1, name: "Tea mug", price: 10000, discount: 1000, stock: 5)
        let pot = Self.product(2, name: "Tea pot", price: 20000)
        let towel = Self.product(3, name: "Tea towel", price: Decimal(string: "12.5")!, currency: .usd)
        let rows = Self.rows(Self.plan(
            [Self.cells(mug, [.price: "12,000", .stock: "9"]), Self.cells(pot), Self.cells(towel, [.price: "12.50"])], [mug, pot, towel]))
        // The pot was not touched; the towel's "12.50" is the 12.5 it showed.
        #expect(rows.map(\.productID) == [1])
        let row = rows.first
        #expect(row?.operation == .edit && row?.status == .pending)
        #expect(row?.after == RecordedFields(price: 12000, stock: 9))
        // The old values are the sheet's, of the changed fields only, an amount with its
        // currency.
        #expect(row?.before == RecordedFields(price: 10000, currency: "KRW", stock: 5))
    }

    @Test func aSheetWithNothingChanged_makesNoRow() {
        let mug = Self.product(1)
        #expect(Self.rows(Self.plan([Self.cells(mug)], [mug])).isEmpty)
        // A name typed with spaces around it is the same name.
        #expect(Self.rows(Self.plan([Self.cells(mug, [.name: "  Product 1 "])], [mug])).isEmpty)
    }

    @Test func aClearedDiscountOfZero_isNoChange() {
        let mug = Self.product(1, discount: 0)
        let towel = Self.product(2, price: 12, currency: .usd)
        #expect(Self.rows(Self.plan([Self.cells(mug, [.discountedPrice: ""]), Self.cells(towel, [.discountedPrice: " "])], [mug, towel])).isEmpty)
    }

    @Test func theOldValuesAreWhatTheSheetShowed_notWhatTheCatalogHoldsNow() {
        let shownMug = Self.product(1, price: 10000, stock: 5)
        // Since the sheet was opened the price changed elsewhere, and the catalog knows it.
        let nowMug = Self.product(1, price: 11000, stock: 5)
        var posted = Self.cells(shownMug, [.price: "9000", .stock: "8"])
        posted.cells.shown[.price] = "10000"
        let row = Self.rows(Self.plan([posted], [nowMug])).first
        #expect(row?.before == RecordedFields(price: 10000, currency: "KRW", stock: 5))
        #expect(row?.after == RecordedFields(price: 9000, stock: 8))
        // The preview names the field changed elsewhere, with the market's value.
        #expect(row?.warnings == [.warning(.changedSinceOpened(RecordedFields(price: 11000, currency: "KRW")), on: .price)])
    }

    /// The sheet showed the mug in KRW; the catalog has it in USD now, at the same number. The
    /// amounts typed are of KRW: judged as KRW, recorded with it, and the preview names the
    /// price and the discount as changed elsewhere (applying leaves them alone). A row changing
    /// neither records no currency.
    @Test func amountsTyped_areOfTheCurrencyTheSheetShowed() {
        let shownMug = Self.product(1, price: 10000, discount: 1000)
        let nowMug = Self.product(1, price: 10000, discount: 1000, currency: .usd)
        var posted = Self.cells(shownMug, [.price: "11000", .discountedPrice: "2000", .stock: "9"])
        posted.cells.shown[.currency] = "KRW"
        let row = Self.rows(Self.plan([posted], [nowMug])).first
        #expect(row?.currency == "KRW")
        #expect(row?.before == RecordedFields(price: 10000, currency: "KRW", discountedPrice: 1000, stock: 5))
        #expect(row?.after == RecordedFields(price: 11000, discountedPrice: 2000, stock: 9))
        #expect(row?.warnings == [
            .warning(.changedSinceOpened(RecordedFields(price: 10000, currency: "USD")), on: .price),
            .warning(.changedSinceOpened(RecordedFields(currency: "USD", discountedPrice: 1000)), on: .discountedPrice),
        ])
        // KRW's rules: whole won, though the product is in USD now.
        var cents = Self.cells(shownMug, [.price: "10.50"])
        cents.cells.shown[.currency] = "KRW"
        #expect(Self.problems(Self.plan([cents], [nowMug])) == [SheetPlanner.Cell(1, .price): [.krwWhole]])
        // A stock alone is no amount: no currency compared, nothing named.
        var stock = Self.cells(shownMug, [.stock: "9"])
        stock.cells.shown[.currency] = "KRW"
        let stockRow = Self.rows(Self.plan([stock], [nowMug])).first
        #expect(stockRow?.before == RecordedFields(stock: 5) && stockRow?.warnings == [])
    }

    @Test(arguments: [
        (ProductField.price, "0", FieldProblem.priceNotPositive),
        (.price, "-5", .priceNotPositive),
        (.price, "", .priceMissing),
        (.price, "abc", .notANumber),
        (.price, "1000.5", .krwWhole),
        (.discountedPrice, "20000", .discountOverPrice),
        (.discountedPrice, "-1", .discountNegative),
        (.stock, "-3", .stockNegative),
        (.stock, "2.5", .stockNotWhole),
        (.stock, "many", .stockNotWhole),
        (.name, "ab", .nameLength(2)),
        (.name, "  ", .nameMissing),
    ])
    func aBadCell_isNamedByProductAndField(_ field: ProductField, _ text: String, _ problem: FieldProblem) {
        let mug = Self.product(1, price: 10000)
        let problems = Self.problems(Self.plan([Self.cells(mug, [field: text])], [mug]))
        #expect(problems == [SheetPlanner.Cell(1, field): [problem]], "\(field.rawValue) = \(text)")
    }

    @Test func usdTakesCents_butNotThreeDecimals() {
        let towel = Self.product(1, price: 12, currency: .usd)
        #expect(Self.problems(Self.plan([Self.cells(towel, [.price: "12.505"])], [towel])) == [SheetPlanner.Cell(1, .price): [.usdCents]])
        #expect(Self.rows(Self.plan([Self.cells(towel, [.price: "12.55"])], [towel])).first?.after == RecordedFields(price: Decimal(string: "12.55")))
    }

    @Test func aPriceUnderTheShownDiscount_isRefusedOnThePrice() {
        let mug = Self.product(1, price: 10000, discount: 4000)
        #expect(Self.problems(Self.plan([Self.cells(mug, [.price: "3000"])], [mug])) == [SheetPlanner.Cell(1, .price): [.priceUnderDiscount(4000)]])
    }

    /// Every bad cell of a post is named at once, also a discount over the price in a row whose
    /// name is bad too, so one round of fixes is enough.
    @Test func everyBadCellOfAPost_isNamedAtOnce() {
        let mug = Self.product(1, price: 10000)
        let pot = Self.product(2, price: 10000)
        let problems = Self.problems(Self.plan(
            [Self.cells(mug, [.name: "ab", .discountedPrice: "20000", .stock: "-1"]), Self.cells(pot, [.price: "0"])], [mug, pot]))
        #expect(problems == [
            SheetPlanner.Cell(1, .name): [.nameLength(2)], SheetPlanner.Cell(1, .discountedPrice): [.discountOverPrice],
            SheetPlanner.Cell(1, .stock): [.stockNegative], SheetPlanner.Cell(2, .price): [.priceNotPositive],
        ])
    }

    /// A live product may break the form's rules (a price of 0, a short name): left as it is,
    /// it is never refused.
    @Test func aLiveProductBreakingARule_isNotRefusedForCellsLeftAlone() {
        let cookies = Self.product(1, name: "쿠키", price: 0)
        let row = Self.rows(Self.plan([Self.cells(cookies, [.stock: "3"])], [cookies])).first
        #expect(row?.after == RecordedFields(stock: 3))
    }

    /// Refused whole, with the problems of the other products' cells, so one answer names all.
    @Test func anotherVendorsProduct_orOneNotOnTheMarket_refusesTheWholePost() {
        let mine = Self.product(1)
        let theirs = Self.product(2, vendor: 99)
        var gone = Self.cells(Self.product(3))
        gone.cells.typed[.stock] = "1"
        #expect(Self.plan([Self.cells(mine, [.stock: "1"]), Self.cells(theirs, [.stock: "1"]), gone], [mine, theirs])
            == .refused(notOwn: [2], notFound: [3], problems: [:]))
        #expect(Self.plan([Self.cells(mine, [.stock: "-1"]), gone], [mine])
            == .refused(notOwn: [], notFound: [3], problems: [SheetPlanner.Cell(1, .stock): [.stockNegative]]))
    }

    @Test func bigJumpsAndDeepDiscounts_areWarnedAbout() {
        let mug = Self.product(1, price: 10000)
        let row = Self.rows(Self.plan([Self.cells(mug, [.price: "20000", .discountedPrice: "19000"])], [mug])).first
        #expect(row?.warnings.contains(.warning(.priceJump(percent: 100, up: true), on: .price)) == true)
        #expect(row?.warnings.contains(.warning(.deepDiscount(percent: 95), on: .discountedPrice)) == true)
    }
}
