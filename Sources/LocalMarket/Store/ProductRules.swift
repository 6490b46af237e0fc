import Foundation

/// The API's rules for product fields and uploads on create (`docs/market-api.md`).
/// Lengths count `Character`s, what a person sees as letters, so a client that counts the
/// same way is never refused for a name it accepted.
enum ProductRules {
    static let nameLength = 3...100
    static let descriptionLength = 10...1000
    static let imageCount = 1...5
    static let maxImageBytes = 300 * 1024
    /// A careful cap the real server does not document: prices stay exact as a `double`.
    static let maxPrice = Decimal(string: "1000000000000000") ?? Decimal(Int.max)

    /// A product ready to store, from a create request's `params`.
    struct NewProduct: Sendable, Equatable {
        var name: String
        var description: String
        var price: Decimal
        var currency: StoredCurrency
        var discountedPrice: Decimal
        var stock: Int
    }

    /// Checks every field of a create request; `secret` was checked before.
    static func newProduct(_ fields: ProductFields) throws(MarketRefusal) -> NewProduct {
        guard let name = fields.name else { throw .badRequest("name is required") }
        guard let description = fields.description else { throw .badRequest("description is required") }
        guard let price = fields.price else { throw .badRequest("price is required") }
        guard let currencyCode = fields.currency else { throw .badRequest("currency is required") }
        let product = NewProduct(
            name: try checkName(name),
            description: try checkDescription(description),
            price: try checkPrice(price),
            currency: try checkCurrency(currencyCode),
            discountedPrice: fields.discountedPrice ?? 0,
            stock: try checkStock(fields.stock ?? 0))
        try checkDiscount(product.discountedPrice, price: product.price)
        return product
    }

    /// Applies the fields present in an edit request to a stored product, checking each one
    /// and the discount against the resulting price.
    static func apply(_ fields: ProductFields, to product: inout ProductRecord) throws(MarketRefusal) {
        if let name = fields.name { product.name = try checkName(name) }
        if let description = fields.description { product.description = try checkDescription(description) }
        if let price = fields.price { product.price = try checkPrice(price) }
        if let currency = fields.currency { product.currency = try checkCurrency(currency) }
        if let discount = fields.discountedPrice { product.discountedPrice = discount }
        if let stock = fields.stock { product.stock = try checkStock(stock) }
        try checkDiscount(product.discountedPrice, price: product.price)
        if let thumbnailId = fields.thumbnailId {
            guard product.images.contains(where: { $0.id == thumbnailId }) else {
                throw .badRequest("thumbnail_id \(thumbnailId) is not an image of product \(product.id)")
            }
            product.thumbnailImageId = thumbnailId
        }
    }

    /// Checks the uploaded files: 1 to 5, each JPEG or PNG by its bytes, each at most 300 KB.
    static func checkImages(_ images: [[UInt8]]) throws(MarketRefusal) -> [StoredImageFormat] {
        guard !images.isEmpty else { throw .badRequest("at least one image is required (part 'images')") }
        guard images.count <= imageCount.upperBound else {
            throw .badRequest("at most \(imageCount.upperBound) images are allowed, got \(images.count)")
        }
        var formats: [StoredImageFormat] = []
        for (index, bytes) in images.enumerated() {
            guard let format = StoredImageFormat(sniffing: bytes) else {
                throw .badRequest("image \(index + 1) is not a JPEG or PNG file")
            }
            guard bytes.count <= maxImageBytes else {
                throw .badRequest("image \(index + 1) is \(bytes.count) bytes; each image must be at most 300 KB")
            }
            formats.append(format)
        }
        return formats
    }

    static func checkName(_ name: String) throws(MarketRefusal) -> String {
        guard nameLength.contains(name.count), !isBlank(name) else {
            throw .badRequest("name must be 3 to 100 characters")
        }
        return name
    }

    static func checkDescription(_ description: String) throws(MarketRefusal) -> String {
        guard descriptionLength.contains(description.count), !isBlank(description) else {
            throw .badRequest("description must be 10 to 1000 characters")
        }
        return description
    }

    static func checkPrice(_ price: Decimal) throws(MarketRefusal) -> Decimal {
        guard price > 0 else { throw .badRequest("price must be greater than 0") }
        guard price <= maxPrice else { throw .badRequest("price must be at most \(maxPrice)") }
        return price
    }

    static func checkCurrency(_ code: String) throws(MarketRefusal) -> StoredCurrency {
        guard let currency = StoredCurrency(rawValue: code) else {
            throw .badRequest("currency must be KRW or USD")
        }
        return currency
    }

    static func checkStock(_ stock: Int) throws(MarketRefusal) -> Int {
        guard stock >= 0 else { throw .badRequest("stock must be 0 or more") }
        return stock
    }

    static func checkDiscount(_ discount: Decimal, price: Decimal) throws(MarketRefusal) {
        guard discount >= 0, discount <= price else {
            throw .badRequest("discounted_price must be between 0 and price")
        }
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}
