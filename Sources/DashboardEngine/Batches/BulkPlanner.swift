import Foundation
import MarketClient

/// The rows of a bulk action: for each chosen product, the fields the action changes from →
/// to, checked against the API's rules (the form's messages), with warnings that do not block.
/// Pure: products in, rows out.
package enum BulkPlanner {
    /// A product the person chose, as the preview found it.
    package enum Target: Sendable {
        case product(CatalogProduct)
        /// No product has this id (deleted, or never was).
        case notFound(id: Int)
    }

    /// The action the form asks for, checked before any product is looked at; otherwise the
    /// first of its problems (`problems`).
    static func action(kind: String, value text: String, unit: String) -> Result<BatchAction, BulkProblem> {
        let (action, problems) = check(kind: kind, value: text, unit: unit)
        if let action { return .success(action) }
        return .failure(problems.first ?? .noAction)
    }

    /// The action the form asks for, or every problem of its action, value and unit (one
    /// each at most), checked before any product is looked at. A value is read even without
    /// an action, so a form missing both hears of both.
    package static func check(kind kindText: String, value text: String, unit unitText: String) -> (action: BatchAction?, problems: [BulkProblem]) {
        let kind = BatchAction.Kind(rawValue: kindText)
        let unit = BatchAction.Unit(rawValue: unitText) ?? .amount
        if kind == .delete { return (BatchAction(kind: .delete, value: 0, unit: .amount), []) }
        var problems: [BulkProblem] = []
        if kind == nil { problems.append(.noAction) }
        let cleaned = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "")
            .replacingOccurrences(of: "−", with: "-")
        let value = BatchAmounts.read(cleaned.hasPrefix("+") ? String(cleaned.dropFirst()) : cleaned)
        if let valueProblem = Self.problem(of: value, kind: kind, unit: unit) { problems.append(valueProblem) }
        if let kind, unit == .percent, !BatchAction(kind: kind, value: 0, unit: unit).takesUnit {
            problems.append(.percentNotTaken(kind))
        }
        guard problems.isEmpty, let kind, let value else { return (nil, problems) }
        return (BatchAction(kind: kind, value: value, unit: unit), [])
    }

    /// What is wrong with the value read (nil: not a number) for `kind`, if anything.
    private static func problem(of value: Decimal?, kind: BatchAction.Kind?, unit: BatchAction.Unit) -> BulkProblem? {
        guard let value else { return .notANumber }
        switch kind {
        case .priceSet?, .stockSet?, .discountSet?:
            if value < 0 { return .negative }
        case .priceAdjust?, .stockAdjust?, .delete?, nil:
            break
        }
        if kind == .stockSet || kind == .stockAdjust {
            if value != value.rounded(0) { return .stockWhole }
            if value.magnitude > Decimal(ProductFieldRules.maxStock) { return .stockTooHigh }
        }
        if kind == .discountSet, unit == .percent, value > 100 { return .percentOver100 }
        if kind == .priceAdjust, unit == .percent, value <= -100 { return .cutTooDeep }
        return nil
    }

    /// `action` with the currency its amount is read in: the one currency of the own products
    /// among `targets`. Refused when they are in more than one, with how many of each (the
    /// amount would mean other money for some). An action that reads no amount, or a
    /// selection without own products, is as it is.
    package static func priced(_ action: BatchAction, targets: [Target], ownVendorID: Int) -> Result<BatchAction, BulkProblem> {
        guard action.readsAmount else { return .success(action) }
        var counts: [Currency: Int] = [:]
        for case .product(let product) in targets where product.vendorID == ownVendorID { counts[product.currency, default: 0] += 1 }
        let found = counts.map { CurrencyCount($0.key, $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.currency.rawValue < $1.currency.rawValue }
        guard found.count <= 1 else { return .failure(.mixedCurrencies(found, action.kind)) }
        var priced = action
        priced.currency = found.first?.currency
        return .success(priced)
    }

    /// One row per target, in order; products of other vendors are refused with the reason.
    package static func rows(_ action: BatchAction, targets: [Target], ownVendorID: Int) -> [BatchRow] {
        targets.map { target in
            switch target {
            case .notFound(let id):
                return refused(id: id, name: "", currency: "", .row(.notFound(id: id)))
            case .product(let product) where product.vendorID != ownVendorID:
                return refused(id: product.id, name: product.name, currency: product.currency.rawValue, .row(.notOwn))
            case .product(let product):
                return row(action, product)
            }
        }
    }

    static func refused(id: Int, name: String, currency: String, _ problem: BatchNote) -> BatchRow {
        BatchRow(
            batchID: 0, number: 0, productID: id, operation: .none, status: .invalid, name: name, currency: currency,
            before: RecordedFields(), after: RecordedFields(), problems: [problem])
    }

    /// The row for one own product.
    static func row(_ action: BatchAction, _ product: CatalogProduct) -> BatchRow {
        var row = BatchRow(
            batchID: 0, number: 0, productID: product.id, operation: .edit, status: .pending, name: product.name,
            currency: product.currency.rawValue, before: RecordedFields(), after: RecordedFields())
        // Amounts follow the product's currency; one the API does not know counts cents.
        let currency = product.currency.isKnown ? product.currency : .usd
        switch action.kind {
        case .delete:
            row.operation = .delete
            row.before = RecordedFields(
                name: product.name, price: product.price, currency: product.currency.rawValue, discountedPrice: product.discountedPrice,
                stock: product.stock)
            return row
        case .priceSet, .priceAdjust:
            let price: Decimal
            switch (action.kind, action.unit) {
            case (.priceSet, _): price = action.value
            case (_, .percent): price = product.price * (1 + action.value / 100)
            default: price = product.price + action.value
            }
            let newPrice = BatchAmounts.rounded(price, for: currency)
            // The amount is of the product's currency: applying skips a product in another one.
            row.before = RecordedFields(price: product.price, currency: product.currency.rawValue, discountedPrice: product.discountedPrice)
            row.after = RecordedFields(price: newPrice)
            if newPrice == product.price {
                row.status = .unchanged
            } else if newPrice <= 0 {
                row.problems.append(.field(.priceNotPositive, on: .price))
            } else if newPrice > ProductFieldRules.maxPrice {
                row.problems.append(.field(.priceTooHigh, on: .price))
            } else if product.discountedPrice > newPrice {
                row.problems.append(.field(.priceUnderDiscount(product.discountedPrice), on: .price))
            }
            if let warning = priceJump(from: product.price, to: newPrice) { row.warnings.append(warning) }
        case .discountSet:
            let discount = BatchAmounts.rounded(
                action.unit == .percent ? product.price * action.value / 100 : action.value, for: currency)
            row.before = RecordedFields(price: product.price, currency: product.currency.rawValue, discountedPrice: product.discountedPrice)
            row.after = RecordedFields(discountedPrice: discount)
            if discount == product.discountedPrice {
                row.status = .unchanged
            } else if discount > product.price {
                row.problems.append(.field(.discountOverPrice, on: .discountedPrice))
            }
            if let warning = deepDiscount(discount, of: product.price) { row.warnings.append(warning) }
        case .stockSet, .stockAdjust:
            let whole = NSDecimalNumber(decimal: action.value).intValue
            let (stock, overflow) = action.kind == .stockSet ? (whole, false) : product.stock.addingReportingOverflow(whole)
            row.before = RecordedFields(stock: product.stock)
            row.after = RecordedFields(stock: stock)
            if stock == product.stock {
                row.status = .unchanged
            } else if stock < 0 {
                row.problems.append(.row(.stockBelowZero(stock: product.stock, taken: -whole), on: .stock))
            } else if overflow || stock > ProductFieldRules.maxStock {
                row.problems.append(.field(.stockTooHigh, on: .stock))
            }
        }
        if !row.problems.isEmpty {
            // What blocks the row is what to read; a warning about a value it will not send
            // only crowds it.
            row.status = .invalid
            row.operation = .none
            row.warnings = []
        } else if row.status == .unchanged {
            row.operation = .none
            row.warnings = []
        }
        return row
    }

    /// "The price changes by 60%": over half up or down.
    static func priceJump(from old: Decimal, to new: Decimal) -> BatchNote? {
        guard old > 0, new > 0 else { return nil }
        let change = (new - old) / old * 100
        guard change.magnitude > 50 else { return nil }
        let percent = NSDecimalNumber(decimal: change.magnitude.rounded(0)).intValue
        return .warning(.priceJump(percent: percent, up: change > 0), on: .price)
    }

    /// "The discount is 95% of the price": 90% or more.
    static func deepDiscount(_ discount: Decimal, of price: Decimal) -> BatchNote? {
        guard price > 0, discount > 0, discount * 10 >= price * 9 else { return nil }
        let percent = NSDecimalNumber(decimal: (discount / price * 100).rounded(0)).intValue
        return .warning(.deepDiscount(percent: percent), on: .discountedPrice)
    }
}
