import Foundation

/// A product as the list returns it (and the common part of a detail).
///
/// Decoding is lenient where the API is loose: `vendorName` exists only in list items,
/// `description` may be `""` or missing, `thumbnail` may be missing or an URL without a file
/// extension, `bargain_price` and `discounted_price` fall back to what the other two imply,
/// and dates are optional (see `MarketDate`). `id`, `name`, `price` are required.
public struct ProductSummary: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var vendorID: Int
    /// The vendor's display name; the list sends it (`vendorName`), the detail does not.
    public var vendorName: String?
    public var name: String
    public var description: String
    public var thumbnail: URL?
    public var currency: Currency
    public var price: Money
    /// The price to pay: `price - discountedPrice`, computed by the server.
    public var bargainPrice: Money
    /// The amount off (not the reduced price).
    public var discountedPrice: Money
    public var stock: Int
    public var createdAt: Date?
    public var issuedAt: Date?

    public init(
        id: Int, vendorID: Int, vendorName: String? = nil, name: String, description: String,
        thumbnail: URL?, currency: Currency, price: Money, discountedPrice: Money = .zero,
        bargainPrice: Money? = nil, stock: Int, createdAt: Date? = nil, issuedAt: Date? = nil
    ) {
        self.id = id
        self.vendorID = vendorID
        self.vendorName = vendorName
        self.name = name
        self.description = description
        self.thumbnail = thumbnail
        self.currency = currency
        self.price = price
        self.discountedPrice = discountedPrice
        self.bargainPrice = bargainPrice ?? price - discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
    }

    /// On sale when something is taken off the price.
    public var isOnSale: Bool { discountedPrice > .zero }
    public var isSoldOut: Bool { stock <= 0 }

    enum CodingKeys: String, CodingKey {
        case id, name, description, thumbnail, currency, price, stock
        case vendorID = "vendor_id"
        case vendorName
        case bargainPrice = "bargain_price"
        case discountedPrice = "discounted_price"
        case createdAt = "created_at"
        case issuedAt = "issued_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try c.required(Int.self, "id")
        vendorID = try c.value(Int.self, "vendor_id", "vendorId") ?? 0
        vendorName = try? c.value(String.self, "vendorName", "vendor_name")
        name = try c.required(String.self, "name")
        description = (try? c.value(String.self, "description")) ?? ""
        thumbnail = c.url("thumbnail")
        currency = (try? c.value(Currency.self, "currency")) ?? Currency(rawValue: "")
        let price = try c.required(Money.self, "price")
        let discounted = try c.value(Money.self, "discounted_price", "discountedPrice")
        let bargain = try c.value(Money.self, "bargain_price", "bargainPrice")
        let discountedPrice = discounted ?? bargain.map { price - $0 } ?? .zero
        self.price = price
        self.discountedPrice = discountedPrice
        bargainPrice = bargain ?? price - discountedPrice
        stock = try c.value(Int.self, "stock") ?? 0
        createdAt = c.date("created_at", "createdAt")
        issuedAt = c.date("issued_at", "issuedAt")
    }

    /// Encodes with the API's own keys and date form, so a cached copy decodes the same way.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(vendorID, forKey: .vendorID)
        try c.encodeIfPresent(vendorName, forKey: .vendorName)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encodeIfPresent(thumbnail?.absoluteString, forKey: .thumbnail)
        try c.encode(currency, forKey: .currency)
        try c.encode(price, forKey: .price)
        try c.encode(bargainPrice, forKey: .bargainPrice)
        try c.encode(discountedPrice, forKey: .discountedPrice)
        try c.encode(stock, forKey: .stock)
        try c.encodeIfPresent(createdAt.map(MarketDate.format), forKey: .createdAt)
        try c.encodeIfPresent(issuedAt.map(MarketDate.format), forKey: .issuedAt)
    }
}
