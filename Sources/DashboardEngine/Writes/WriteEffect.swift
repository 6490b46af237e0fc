import MarketClient

/// What a write of this dashboard did to the market, as far as the market's answer tells.
enum WriteEffect: Sendable {
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

/// Hears of every write's effect from `MarketWriter`, in the order it was given them: the
/// JSON caches drop what the write changed (`MarketGateway`), then the catalog snapshot applies
/// it or counts again (`CatalogSnapshotStore`). Called on the writer's task; it must not wait.
protocol WriteObserver: Sendable {
    func marketWritten(_ effect: WriteEffect)
}
