/// A vendor of the embedded market. Vendors are fixed: the market has no sign-up, like the
/// real one, where the academy handed out identifiers and secrets.
public struct MarketVendor: Sendable, Hashable {
    /// The number in `vendor_id` and `vendors.id`.
    public let id: Int
    /// The name in `vendorName` and `vendors.name`.
    public let name: String
    /// The vendor UUID sent in the `identifier` header of writes (lower case).
    public let identifier: String
    /// The vendor password sent in request bodies.
    public let secret: String

    public init(id: Int, name: String, identifier: String, secret: String) {
        self.id = id
        self.name = name
        self.identifier = identifier
        self.secret = secret
    }
}

extension MarketVendor {
    /// The vendor the dashboard uses by default against the embedded market.
    public static let localTeam = MarketVendor(
        id: 28, name: "LocalMarketTeam",
        identifier: "7b3e6f4a-2c1d-4e8f-9a05-3d6c8b1e2f47", secret: "lm-Kq7vR2xW9pTz")

    /// A second vendor with a Korean name.
    public static let seoulShop = MarketVendor(
        id: 15, name: "서울상회",
        identifier: "c41f9e2b-8d3a-4b6c-a7e1-5f0d2c9b3a68", secret: "seoul-H4nd9Lq2")

    /// A third vendor whose name holds HTML, to keep escaping honest.
    public static let tomAndJerry = MarketVendor(
        id: 42, name: "Tom & Jerry's <Shop>",
        identifier: "e8a2d5c7-1b4f-4c3e-9d6a-0f7b2e5c8a91", secret: "tj-Pw3mZ8sQ1v")

    /// Every vendor of the embedded market.
    public static let all: [MarketVendor] = [.localTeam, .seoulShop, .tomAndJerry]
}
