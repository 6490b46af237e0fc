/// An edit: only the fields that are set are sent (`PATCH` semantics). Images cannot be
/// changed, but `thumbnailID` (an id from the product's `images`) picks the thumbnail.
/// The client adds `secret` when it sends it.
public struct ProductChanges: Sendable, Hashable, Encodable {
    public var name: String?
    public var description: String?
    public var price: Money?
    public var currency: Currency?
    /// The amount off, not the reduced price.
    public var discountedPrice: Money?
    public var stock: Int?
    public var thumbnailID: Int?

    public init(
        name: String? = nil, description: String? = nil, price: Money? = nil, currency: Currency? = nil,
        discountedPrice: Money? = nil, stock: Int? = nil, thumbnailID: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.thumbnailID = thumbnailID
    }

    /// True when nothing would change.
    public var isEmpty: Bool { self == ProductChanges() }

    enum CodingKeys: String, CodingKey {
        case name, description, price, currency, stock
        case discountedPrice = "discounted_price"
        case thumbnailID = "thumbnail_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(price, forKey: .price)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(discountedPrice, forKey: .discountedPrice)
        try c.encodeIfPresent(stock, forKey: .stock)
        try c.encodeIfPresent(thumbnailID, forKey: .thumbnailID)
    }
}
