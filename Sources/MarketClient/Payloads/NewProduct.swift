/// What a vendor sends to register a product: the `params` part of the create request.
///
/// Encodes with the API's names (`discounted_price`), prices as JSON numbers. The client adds
/// `secret` from its credentials when it sends it; this value never holds it. The API's rules
/// (name 3–100 characters, description 10–1000, price > 0, 0 ≤ discount ≤ price, stock ≥ 0)
/// are checked by the dashboard's form and by the server, not here.
public struct NewProduct: Sendable, Hashable, Encodable {
    public var name: String
    public var description: String
    public var price: Money
    public var currency: Currency
    /// The amount off, not the reduced price.
    public var discountedPrice: Money
    public var stock: Int

    public init(
        name: String, description: String, price: Money, currency: Currency,
        discountedPrice: Money = .zero, stock: Int = 0
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    enum CodingKeys: String, CodingKey {
        case name, description, price, currency, stock
        case discountedPrice = "discounted_price"
    }
}
