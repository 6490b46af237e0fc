import Foundation
import MarketClient

extension ProductSummary {
    /// A product of literals for unit tests: what a test does not name is a plain KRW product
    /// of vendor 1 that is in stock and not on sale. `created` is written as the market writes
    /// dates (`2026-11-23T10:00:00`).
    public static func sample(
        _ id: Int, vendor: Int = 1, name: String? = nil, price: Decimal = 1000, discount: Decimal = 0, stock: Int = 1,
        currency: Currency = .krw, created: String? = nil
    ) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: vendor, name: name ?? "Product \(id)", description: "", thumbnail: nil, currency: currency,
            price: Money(price), discountedPrice: Money(discount), stock: stock, createdAt: created.flatMap(MarketDate.parse))
    }
}
