import Foundation
import MarketClient

/// The fields of a product a write can change, as the history journal records them before and
/// after, and as the batch preview compares them.
package struct RecordedFields: Sendable, Equatable, Codable {
    package var name: String?
    package var description: String?
    package var price: Decimal?
    package var currency: String?
    /// The amount off.
    package var discountedPrice: Decimal?
    package var stock: Int?

    package init(
        name: String? = nil, description: String? = nil, price: Decimal? = nil, currency: String? = nil,
        discountedPrice: Decimal? = nil, stock: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    package init(_ product: ProductSummary) {
        self.init(
            name: product.name, description: product.description, price: product.price.amount, currency: product.currency.rawValue,
            discountedPrice: product.discountedPrice.amount, stock: product.stock)
    }

    init(_ product: NewProduct) {
        self.init(
            name: product.name, description: product.description, price: product.price.amount, currency: product.currency.rawValue,
            discountedPrice: product.discountedPrice.amount, stock: product.stock)
    }

    /// These fields with those set in `other` taking their values from it.
    package func adding(_ other: RecordedFields) -> RecordedFields {
        var fields = self
        if let name = other.name { fields.name = name }
        if let description = other.description { fields.description = description }
        if let price = other.price { fields.price = price }
        if let currency = other.currency { fields.currency = currency }
        if let discount = other.discountedPrice { fields.discountedPrice = discount }
        if let stock = other.stock { fields.stock = stock }
        return fields
    }

    /// These fields with `changes` made.
    func applying(_ changes: ProductChanges) -> RecordedFields {
        var fields = self
        if let name = changes.name { fields.name = name }
        if let description = changes.description { fields.description = description }
        if let price = changes.price { fields.price = price.amount }
        if let currency = changes.currency { fields.currency = currency.rawValue }
        if let discount = changes.discountedPrice { fields.discountedPrice = discount.amount }
        if let stock = changes.stock { fields.stock = stock }
        return fields
    }
}
