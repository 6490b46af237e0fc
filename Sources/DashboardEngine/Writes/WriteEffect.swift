import MarketClient

/// A write of this dashboard to the market, as far as the market's answer tells.
package enum MarketWrite: Sendable {
    /// Created or edited: the product as the market answered.
    case saved(ProductDetail)
    /// Deleted, or found gone already.
    case removed(id: Int)
    /// Sent, but whether the market did it is unknown (no answer in time, or one that could
    /// not be read).
    case unknown(productID: Int?)

    var productID: Int? {
        switch self {
        case .saved(let detail): detail.id
        case .removed(let id): id
        case .unknown(let id): id
        }
    }
}
