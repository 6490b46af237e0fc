import Foundation
import MarketClient

/// One product as the catalog snapshot keeps it: what the overview, the CSV export and the
/// "My products" list read, and nothing more. The description (up to 1,000 characters) is left
/// out, which keeps 100,000 products in a few tens of megabytes; vendor names are shared
/// between a vendor's products (see `CatalogCrawl`).
struct CatalogProduct: Sendable, Equatable {
    var id: Int
    var vendorID: Int
    var vendorName: String
    var name: String
    /// The thumbnail URL as the market sent it (a `URL` value costs several times the string),
    /// kept for the own vendor's products only: only "My products" shows pictures, and a
    /// thumbnail URL (about 130 bytes) for every product would be a third of the snapshot's memory.
    var thumbnail: String?
    var currency: Currency
    var price: Decimal
    /// The amount off; on sale when above zero.
    var discountedPrice: Decimal
    /// The price to pay.
    var bargainPrice: Decimal
    var stock: Int
    var createdAt: Date?

    init(_ summary: ProductSummary, vendorName: String, keepsThumbnail: Bool = true) {
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
    }

    var isOnSale: Bool { discountedPrice > 0 }
    var isSoldOut: Bool { stock <= 0 }

    /// Back to the client's model, for the list page's view model (no description: the list
    /// does not show one).
    var summary: ProductSummary {
        ProductSummary(
            id: id, vendorID: vendorID, vendorName: vendorName, name: name, description: "",
            thumbnail: thumbnail.flatMap(URL.init(string:)), currency: currency, price: Money(price),
            discountedPrice: Money(discountedPrice), bargainPrice: Money(bargainPrice), stock: stock,
            createdAt: createdAt)
    }

    /// Whether the name matches a search the way the list's search does: case-insensitive
    /// containment (the API's `search_value` "filters by name").
    func nameMatches(_ search: String) -> Bool {
        search.isEmpty || name.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
