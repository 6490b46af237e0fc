import Foundation
import MarketClient

/// One product as the catalog snapshot keeps it: what the overview, the CSV export and the
/// snapshot's lists read, and nothing more. The description (up to 1,000 characters) is left
/// out, which keeps 100,000 products in a few tens of megabytes; vendor names are shared
/// between a vendor's products (see `CatalogCount`).
package struct CatalogProduct: Sendable, Equatable {
    package var id: Int
    package var vendorID: Int
    var vendorName: String
    var name: String
    /// The thumbnail URL as the market sent it (a `URL` value costs several times the string),
    /// kept for the own vendor's products only: only their lists show pictures from the
    /// snapshot, and a thumbnail URL (about 130 bytes) for every product would be a third of
    /// the snapshot's memory.
    var thumbnail: String?
    package var currency: Currency
    var price: Decimal
    /// The amount off; on sale when above zero.
    var discountedPrice: Decimal
    /// The price to pay.
    var bargainPrice: Decimal
    var stock: Int
    var createdAt: Date?
    /// The price to pay in hundredths of the currency's unit, for comparing without `Decimal`
    /// arithmetic (sorting and filtering walk every product). `Int64.max` when it does not fit.
    var paidHundredths: Int64

    package init(_ summary: ProductSummary, vendorName: String, keepsThumbnail: Bool = true) {
        id = summary.id
        vendorID = summary.vendorID
        self.vendorName = vendorName
        name = summary.name
        thumbnail = keepsThumbnail ? summary.thumbnail?.absoluteString : nil
        currency = summary.currency
        price = summary.price.amount
        discountedPrice = summary.discountedPrice.amount
        bargainPrice = summary.bargainPrice.amount
        stock = summary.stock
        createdAt = summary.createdAt
        paidHundredths = Self.hundredths(bargainPrice)
    }

    /// A product as the market answered a write (the detail has no `vendorName`: `vendorName`
    /// comes from the snapshot's other products of that vendor, else the detail's vendor).
    init(_ detail: ProductDetail, vendorName: String, keepsThumbnail: Bool = true) {
        self.init(detail.summary, vendorName: vendorName, keepsThumbnail: keepsThumbnail)
    }

    package var isOnSale: Bool { discountedPrice > 0 }
    var isSoldOut: Bool { stock <= 0 }

    /// Some left, but no more than `threshold` ("Only 3 left").
    func isLowStock(_ threshold: Int) -> Bool { stock > 0 && stock <= threshold }

    /// Back to the client's model, for the list page's view model (no description: the list
    /// does not show one).
    package var summary: ProductSummary {
        ProductSummary(
            id: id, vendorID: vendorID, vendorName: vendorName, name: name, description: "",
            thumbnail: thumbnail.flatMap(URL.init(string:)), currency: currency, price: Money(price),
            discountedPrice: Money(discountedPrice), bargainPrice: Money(bargainPrice), stock: stock,
            createdAt: createdAt)
    }

    /// `amount` × 100, rounded half up; `Int64.max` for NaN or an amount past ±92 quadrillion.
    package static func hundredths(_ amount: Decimal) -> Int64 {
        guard !amount.isNaN else { return .max }
        var scaled = amount * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded < Decimal(Int64.max), rounded > Decimal(Int64.min) else { return rounded < 0 ? .min : .max }
        return NSDecimalNumber(decimal: rounded).int64Value
    }
}
