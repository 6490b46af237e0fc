import Foundation

/// A product as the store keeps it. Money is kept as exact decimal text (`"12.5"`) and turned
/// into a JSON number only on output, as the real server's `double` would print it.
struct ProductRecord: Codable, Sendable, Equatable {
    var id: Int
    /// A per-product UUID that makes the delete token unguessable from the id alone.
    var uuid: String
    var vendorId: Int
    var name: String
    var description: String
    var currency: StoredCurrency
    var price: Decimal
    var discountedPrice: Decimal
    var stock: Int
    var thumbnailImageId: Int
    var images: [ImageRecord]
    /// `yyyy-MM-dd'T'HH:mm:ss`, no zone, as the real server writes it.
    var createdAt: String
    var issuedAt: String

    /// Computed by the server: the price a buyer pays.
    var bargainPrice: Decimal { price - discountedPrice }

    var thumbnailImage: ImageRecord? {
        images.first { $0.id == thumbnailImageId } ?? images.first
    }

    enum CodingKeys: String, CodingKey {
        case id, uuid, vendorId, name, description, currency, price, discountedPrice, stock
        case thumbnailImageId, images, createdAt, issuedAt
    }

    init(
        id: Int, uuid: String, vendorId: Int, name: String, description: String,
        currency: StoredCurrency, price: Decimal, discountedPrice: Decimal, stock: Int,
        thumbnailImageId: Int, images: [ImageRecord], createdAt: String, issuedAt: String
    ) {
        self.id = id
        self.uuid = uuid
        self.vendorId = vendorId
        self.name = name
        self.description = description
        self.currency = currency
        self.price = price
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.thumbnailImageId = thumbnailImageId
        self.images = images
        self.createdAt = createdAt
        self.issuedAt = issuedAt
    }

    // Money is stored as strings so that no JSON coder rounds it through a Double.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        uuid = try c.decode(String.self, forKey: .uuid)
        vendorId = try c.decode(Int.self, forKey: .vendorId)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decode(String.self, forKey: .description)
        currency = try c.decode(StoredCurrency.self, forKey: .currency)
        price = try Self.decodeMoney(c, .price)
        discountedPrice = try Self.decodeMoney(c, .discountedPrice)
        stock = try c.decode(Int.self, forKey: .stock)
        thumbnailImageId = try c.decode(Int.self, forKey: .thumbnailImageId)
        images = try c.decode([ImageRecord].self, forKey: .images)
        createdAt = try c.decode(String.self, forKey: .createdAt)
        issuedAt = try c.decode(String.self, forKey: .issuedAt)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(uuid, forKey: .uuid)
        try c.encode(vendorId, forKey: .vendorId)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(currency, forKey: .currency)
        try c.encode(price.description, forKey: .price)
        try c.encode(discountedPrice.description, forKey: .discountedPrice)
        try c.encode(stock, forKey: .stock)
        try c.encode(thumbnailImageId, forKey: .thumbnailImageId)
        try c.encode(images, forKey: .images)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(issuedAt, forKey: .issuedAt)
    }

    private static func decodeMoney(
        _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> Decimal {
        let text = try c.decode(String.self, forKey: key)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "not a decimal amount: \(text)")
        }
        return value
    }
}

/// The two currencies the API knows.
enum StoredCurrency: String, Codable, Sendable, CaseIterable {
    case krw = "KRW"
    case usd = "USD"
}

/// One uploaded image: an original and a thumbnail file (the same bytes here), named like the
/// real server's S3 keys: `{vendor_id}/{yyyyMMdd}/{uuid}_origin.jpg`.
struct ImageRecord: Codable, Sendable, Equatable {
    var id: Int
    /// Relative to the data directory's `images/` folder and to the `/images/` URL path.
    var originPath: String
    var thumbnailPath: String
    var issuedAt: String
}
