import Foundation
import MarketClient

/// Edit: only the fields the person changed are checked and sent.
///
/// "Changed" is measured against the values the form was loaded with, which the form carries
/// back in hidden `original_*` fields (`ProductFormValues(originalsIn:fallback:)`). We chose
/// that over comparing with a fresh copy of the product because a field the person left alone
/// must stay alone even when the market's copy changed meanwhile (the mobile app, another tab):
/// compared with the fresh copy, it would look edited and overwrite the newer value. Products
/// registered elsewhere break the create rules (live data has 2-character descriptions and
/// price 0.0); such a value, left as it was, is never judged. The POST still loads the product
/// fresh: for the owner check, the thumbnail choices, and the discount ≤ price check, which the
/// market makes against its own copy.
extension ProductFieldRules {
    /// The changes to send (nil when a changed field is wrong, with its problem in `errors`).
    package static func changes(
        _ values: ProductFormValues, from original: ProductFormValues, product: ProductDetail
    ) -> (changes: ProductChanges?, errors: FieldErrors) {
        var errors = FieldErrors()
        var changes = ProductChanges()
        if normalized(values.name) != normalized(original.name) {
            changes.name = errors.take(.name, checkName(values.name))
        }
        if normalized(values.description) != normalized(original.description) {
            changes.description = errors.take(.description, checkDescription(values.description))
        }
        if values.currency != original.currency {
            changes.currency = errors.take(.currency, checkCurrency(values.currency))
        }
        // A changed amount follows the currency it will have; unchanged ones are not re-judged.
        let currency = changes.currency ?? product.currency
        let rulesCurrency = currency.isKnown ? currency : .usd
        if !same(values.price, original.price, { checkPrice($0, currency: rulesCurrency) }) {
            changes.price = errors.take(.price, checkPrice(values.price, currency: rulesCurrency))
        }
        let discountChanged = !same(values.discountedPrice, original.discountedPrice) { checkDiscount($0, currency: rulesCurrency) }
        if discountChanged {
            changes.discountedPrice = errors.take(.discountedPrice, checkDiscount(values.discountedPrice, currency: rulesCurrency))
        }
        if !same(values.stock, original.stock, { checkStock($0) }) {
            changes.stock = errors.take(.stock, checkStock(values.stock))
        }
        // Judged whenever both amounts can be read, whatever the other fields hold: every
        // problem is named in one answer, as on the add form.
        if errors[.price] == nil, errors[.discountedPrice] == nil, changes.price != nil || changes.discountedPrice != nil {
            let price = changes.price ?? product.price
            let discount = changes.discountedPrice ?? product.discountedPrice
            if case let (field, problem)? = discountProblem(price: price.amount, discount: discount.amount, discountChanged: discountChanged) {
                errors.add(field, problem)
            }
        }
        guard errors.isEmpty else { return (nil, errors) }
        return (changes.droppingValues(of: product), errors)
    }

    /// Two entries of one field mean the same: both read to the same value (`1,000` and
    /// `1000`), or, when they cannot be read, the same text.
    private static func same<Value: Equatable>(
        _ text: String, _ original: String, _ read: (String) -> Result<Value, FieldProblem>
    ) -> Bool {
        if case .success(let value) = read(text), case .success(let before) = read(original) { return value == before }
        return text.trimmingCharacters(in: .whitespaces) == original.trimmingCharacters(in: .whitespaces)
    }
}

extension ProductChanges {
    /// Without the fields that already hold these values in `product` (nothing to send).
    func droppingValues(of product: ProductDetail) -> ProductChanges {
        var changes = self
        if changes.name == ProductFieldRules.normalized(product.name) { changes.name = nil }
        if changes.description == ProductFieldRules.normalized(product.description) { changes.description = nil }
        if changes.price == product.price { changes.price = nil }
        if changes.currency == product.currency { changes.currency = nil }
        if changes.discountedPrice == product.discountedPrice { changes.discountedPrice = nil }
        if changes.stock == product.stock { changes.stock = nil }
        return changes
    }
}
