import Foundation
import MarketClient

/// The rows of a sheet post: the cells that differ from what the sheet showed become one batch,
/// a row per product, of the fields it changes. Untouched cells are not changes; only changed
/// cells are judged, with the register form's rules (live products break them: a 2-character
/// name left as it was is never refused). A row's old values are the sheet's, so a field
/// changed on the market after the sheet was opened is never overwritten (`BatchRunner` sends
/// field by field for a sheet), and one the catalog already shows changed is named in the
/// preview. A price or a discount typed on the sheet is an amount of the currency the sheet
/// showed: a row changing one records that currency with its old values, so a product whose
/// currency changed since counts its amounts as changed elsewhere. Pure: the posted cells and
/// the products in, rows or problems out.
package enum SheetPlanner {
    /// The four columns of the sheet, as the inputs are named (`price.{id}`).
    package static let fields: [ProductField] = [.name, .price, .discountedPrice, .stock]

    /// Most products and cells one post takes (413 past them).
    package static let maxProducts = 400
    package static let maxCells = 2000

    /// One product's cells: what the sheet showed (`was.{field}.{id}`, and the currency its
    /// amounts are of in `was.currency.{id}`) and what came back.
    package struct Cells: Sendable, Equatable {
        package var shown: [ProductField: String] = [:]
        package var typed: [ProductField: String] = [:]

        package init(shown: [ProductField: String] = [:], typed: [ProductField: String] = [:]) {
            self.shown = shown
            self.typed = typed
        }
    }

    /// A cell of the sheet: a product's field.
    package struct Cell: Hashable, Sendable {
        var productID: Int
        var field: ProductField

        package init(_ productID: Int, _ field: ProductField) {
            self.productID = productID
            self.field = field
        }
    }

    /// What a post becomes.
    package enum Plan: Sendable, Equatable {
        /// The batch's rows (empty: nothing changed).
        case rows([BatchRow])
        /// Cells that break a rule, with their problems; nothing is made.
        case invalid([Cell: [FieldProblem]])
        /// Products this dashboard may not change, or that are not on the market, and the
        /// problems of the other products' cells; nothing is made.
        case refused(notOwn: [Int], notFound: [Int], problems: [Cell: [FieldProblem]])
    }

    /// The plan for `cells` (by product id, in the sheet's order), checked against `products`
    /// (the catalog's, by id) for the own vendor `ownVendorID`. A post naming a product that
    /// is gone or another vendor's is refused whole, with the problems of every other cell,
    /// so one answer names them all.
    package static func plan(_ cells: [(id: Int, cells: Cells)], products: [Int: CatalogProduct], ownVendorID: Int) -> Plan {
        let missing = cells.map(\.id).filter { products[$0] == nil }
        let foreign = cells.map(\.id).filter { products[$0].map { $0.vendorID != ownVendorID } ?? false }
        var rows: [BatchRow] = []
        var problems: [Cell: [FieldProblem]] = [:]
        for (id, posted) in cells {
            guard let product = products[id], product.vendorID == ownVendorID else { continue }
            switch row(posted, product) {
            case .success(let row?): rows.append(row)
            case .success(nil): continue
            case .failure(let cellProblems):
                for (field, found) in cellProblems.byField { problems[Cell(id, field), default: []] += found }
            }
        }
        guard missing.isEmpty, foreign.isEmpty else { return .refused(notOwn: foreign, notFound: missing, problems: problems) }
        return problems.isEmpty ? .rows(rows) : .invalid(problems)
    }

    /// One product's row, nil when none of its cells changed, or the problems of its cells.
    /// The problems of one product's cells, by field.
    struct RowProblems: Error {
        var byField: [ProductField: [FieldProblem]] = [:]
    }

    static func row(_ cells: Cells, _ product: CatalogProduct) -> Result<BatchRow?, RowProblems> {
        // The amounts typed are of the currency the sheet showed; a post without it is the
        // catalog's.
        let shownCurrency = cells.shown[.currency].map { Currency(rawValue: $0) } ?? product.currency
        let currency = shownCurrency.isKnown ? shownCurrency : .usd
        let current = RecordedFields(
            name: product.name, price: product.price, currency: product.currency.rawValue, discountedPrice: product.discountedPrice,
            stock: product.stock)
        // What the sheet showed; a missing or unreadable value is the catalog's.
        let shown = RecordedFields(
            name: cells.shown[.name].map(ProductFieldRules.normalized) ?? product.name,
            price: cells.shown[.price].flatMap(BatchAmounts.read) ?? product.price, currency: shownCurrency.rawValue,
            discountedPrice: cells.shown[.discountedPrice].flatMap(BatchAmounts.read) ?? product.discountedPrice,
            stock: cells.shown[.stock].flatMap(BatchAmounts.count) ?? product.stock)
        var after = RecordedFields()
        var problems = RowProblems()
        func refuse(_ field: ProductField, _ problem: FieldProblem) { problems.byField[field, default: []].append(problem) }

        if let text = cells.typed[.name], ProductFieldRules.normalized(text) != shown.name {
            switch ProductFieldRules.checkName(text) {
            case .success(let name): after.name = name
            case .failure(let problem): refuse(.name, problem)
            }
        }
        if let text = cells.typed[.price], !same(text, shown.price) {
            switch ProductFieldRules.checkPrice(text, currency: currency) {
            case .success(let price): after.price = price.amount
            case .failure(let problem): refuse(.price, problem)
            }
        }
        if let text = cells.typed[.discountedPrice], !same(text, shown.discountedPrice) {
            // An emptied cell means 0: no change where the sheet showed 0.
            switch ProductFieldRules.checkDiscount(text, currency: currency) {
            case .success(let discount) where discount.amount != shown.discountedPrice: after.discountedPrice = discount.amount
            case .success: break
            case .failure(let problem): refuse(.discountedPrice, problem)
            }
        }
        if let text = cells.typed[.stock], BatchAmounts.count(text) != shown.stock || BatchAmounts.count(text) == nil && !text.isEmpty {
            switch ProductFieldRules.checkStock(text) {
            case .success(let stock) where stock != shown.stock: after.stock = stock
            case .success: break
            case .failure(let problem): refuse(.stock, problem)
            }
        }
        // Judged whenever both amounts are readable, whatever the row's other cells: every bad
        // cell is named in one answer.
        if problems.byField[.price] == nil, problems.byField[.discountedPrice] == nil, after.price != nil || after.discountedPrice != nil {
            let price = after.price ?? shown.price ?? 0
            let discount = after.discountedPrice ?? shown.discountedPrice ?? 0
            if case let (field, problem)? = ProductFieldRules.discountProblem(
                price: price, discount: discount, discountChanged: after.discountedPrice != nil)
            {
                refuse(field, problem)
            }
        }
        guard problems.byField.isEmpty else { return .failure(problems) }
        guard !after.isEmpty else { return .success(nil) }

        let changed = after.setFields
        // An amount's old value is of the sheet's currency: the currency is compared with it.
        let compared = changed.contains(where: \.isAmount) ? changed + [.currency] : changed
        var row = BatchRow(
            batchID: 0, number: 0, productID: product.id, operation: .edit, status: .pending, name: product.name,
            currency: shownCurrency.rawValue, before: shown.only(compared), after: after)
        // A field the catalog shows changed since the sheet was opened (an amount: or its
        // currency) is named now; applying leaves it alone (the market is read again then,
        // field by field).
        for field in changed {
            let was = shown.only(field.isAmount ? [field, .currency] : [field])
            guard !was.matches(product.summary) else { continue }
            var now = current.only([field])
            now.currency = product.currency.rawValue
            row.warnings.append(.warning(.changedSinceOpened(now), on: field))
        }
        if let price = after.price, let old = shown.price, let warning = BulkPlanner.priceJump(from: old, to: price) {
            row.warnings.append(warning)
        }
        if after.price != nil || after.discountedPrice != nil,
            let warning = BulkPlanner.deepDiscount(after.discountedPrice ?? shown.discountedPrice ?? 0, of: after.price ?? shown.price ?? 0)
        {
            row.warnings.append(warning)
        }
        return .success(row)
    }

    /// Whether `text` is the amount `shown` (`20,000` is `20000`); empty or unreadable text is
    /// not, unless nothing was shown.
    private static func same(_ text: String, _ shown: Decimal?) -> Bool {
        guard let value = BatchAmounts.read(text) else { return text.trimmingCharacters(in: .whitespaces).isEmpty && shown == nil }
        return value == shown
    }
}
