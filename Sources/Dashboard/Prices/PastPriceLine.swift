import DashboardEngine
import Foundation
import MarketClient

/// What is wrong with one line of a past price file, by a stable code (`data-reason`), worded
/// by `Wording.pastPriceProblem`.
enum PastPriceProblem: Equatable, Sendable {
    /// The id cell is not a product number.
    case badID(String)
    /// The `at` cell is neither a date nor a date and time.
    case badDate(String)
    /// A time the clocks skip that day.
    case timeInGap(String, PastPriceTime.Gap)
    /// The price (empty too) or the discount is not a number.
    case notANumber(ImportedPriceCSV.Column, String)
    /// More decimal places than the product's currency has.
    case decimals(ImportedPriceCSV.Column, String, Currency)
    /// A price of 0 or less, or a discount below 0.
    case negative(ImportedPriceCSV.Column, String)
    case discountAbovePrice(String)
    /// No product of this number on the market.
    case unknownProduct(Int)
    /// Another seller's product.
    case otherVendor(Int)
    /// At or after the first price the dashboard saw of the product (that instant).
    case notBeforeFirstSeen(Date)
    case inFuture
    /// The same product and instant as an earlier line, or as a record already kept.
    case duplicate

    var code: String {
        switch self {
        case .badID: "bad-id"
        case .badDate: "bad-date"
        case .timeInGap: "time-in-gap"
        case .notANumber: "not-a-number"
        case .decimals: "decimals"
        case .negative: "negative"
        case .discountAbovePrice: "discount-above-price"
        case .unknownProduct: "unknown-product"
        case .otherVendor: "other-vendor"
        case .notBeforeFirstSeen: "not-before-first-seen"
        case .inFuture: "in-future"
        case .duplicate: "duplicate"
        }
    }

    init(_ refusal: ImportedPriceRefusal) {
        switch refusal.code {
        case .notBeforeFirstSeen: self = refusal.firstSeen.map { .notBeforeFirstSeen($0) } ?? .duplicate
        case .inFuture: self = .inFuture
        case .duplicate: self = .duplicate
        }
    }
}

/// One line of a past price file as the preview shows it: its cells, the product, the record
/// it makes, or what refuses it.
struct PastPriceLine: Sendable {
    var line: Int
    var cells: ImportedPriceCSV.Line
    var productID: Int?
    var productName: String?
    /// The record, when every cell reads (the timeline may still refuse it).
    var record: ImportedPrice?
    /// The clocks show this time twice that day; the earlier was taken.
    var repeatedTime = false
    var problems: [PastPriceProblem] = []

    var willBeAdded: Bool { problems.isEmpty && record != nil }

    /// Reads every line of `csv` against the products (`products`, by id) of the own vendor
    /// (`own`), times in `zone`; then asks the timeline (`importRefusals`) about the lines that
    /// read, for what it refuses (before the first price it saw, in the future, a duplicate).
    static func read(
        _ csv: ImportedPriceCSV, products: [Int: CatalogProduct], own: Int, zone: TimeZone, timeline: PriceTimeline
    ) async throws -> [PastPriceLine] {
        var lines = csv.lines.map { read($0, products: products, own: own, zone: zone) }
        try await recheck(&lines, timeline: timeline)
        return lines
    }

    /// Adds the timeline's refusals to the lines that read.
    static func recheck(_ lines: inout [PastPriceLine], timeline: PriceTimeline) async throws {
        let candidates = lines.indices.filter { lines[$0].willBeAdded }
        let refusals = try await timeline.importRefusals(candidates.compactMap { lines[$0].record })
        for refusal in refusals where candidates.indices.contains(refusal.index) {
            lines[candidates[refusal.index]].problems.append(PastPriceProblem(refusal))
        }
    }

    static func read(_ cells: ImportedPriceCSV.Line, products: [Int: CatalogProduct], own: Int, zone: TimeZone) -> PastPriceLine {
        var line = PastPriceLine(line: cells.line, cells: cells)
        let id = Int(cells.id).flatMap { $0 > 0 ? $0 : nil }
        if id == nil { line.problems.append(.badID(cells.id)) }
        line.productID = id
        var at: Date?
        switch PastPriceTime.read(cells.at, zone: zone) {
        case .instant(let date, let repeated):
            at = date
            line.repeatedTime = repeated
        case .unreadable: line.problems.append(.badDate(cells.at))
        case .inGap(let gap): line.problems.append(.timeInGap(cells.at, gap))
        }
        let product = id.flatMap { products[$0] }
        if let id {
            if product == nil {
                line.problems.append(.unknownProduct(id))
            } else if product?.vendorID != own {
                line.problems.append(.otherVendor(id))
            }
        }
        line.productName = product?.summary.name
        // Amounts are read in the product's currency (its decimals); without a product, in one
        // with cents, so that only what is not a number at all is said.
        let currency = product?.currency ?? .usd
        let price = amount(cells.price, .price, currency, &line.problems)
        let discount = amount(cells.discount, .discount, currency, &line.problems) ?? (cells.discount.isEmpty ? 0 : nil)
        if let price, let discount, discount > price, price > 0 {
            line.problems.append(.discountAbovePrice(cells.discount))
        }
        if let id, let at, let price, let discount, let product {
            line.record = ImportedPrice(productID: id, at: at, price: price, discount: discount, currency: product.currency)
        }
        return line
    }

    /// An amount cell in `currency`: nil (and its problem added) when it cannot be one.
    private static func amount(
        _ text: String, _ column: ImportedPriceCSV.Column, _ currency: Currency, _ problems: inout [PastPriceProblem]
    ) -> Decimal? {
        switch ProductFieldRules.amount(text, currency: currency) {
        case .empty:
            if column == .price { problems.append(.notANumber(column, text)) }
            return nil
        case .invalid(.krwWhole), .invalid(.usdCents):
            problems.append(.decimals(column, text, currency))
            return nil
        case .invalid:
            problems.append(.notANumber(column, text))
            return nil
        case .value(let money):
            if money.amount < 0 || (column == .price && money.amount == 0) {
                problems.append(.negative(column, text))
                return nil
            }
            return money.amount
        }
    }
}
