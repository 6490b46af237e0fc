/// What an empty data directory is filled with on first start.
public enum MarketCatalog: Sendable, Equatable {
    /// No products (tests that count from zero).
    case empty
    /// The ~60 sample products of `Seed/` (the default).
    case samples
    /// `count` generated products sharing a few images (`local-market --seed-count N`).
    case generated(count: Int)
}
