/// A whole market in memory: the shape of `market.json`, the whole-state file of a legacy
/// data directory (imported once by `MarketInstaller`), and of the sample seed before it is
/// stored. Ids are never reused: the counters survive deletes and restarts.
struct MarketState: Codable, Sendable, Equatable {
    static let currentFormat = 1

    var format: Int = MarketState.currentFormat
    var nextProductId: Int = 1
    var nextImageId: Int = 1
    /// Ordered by id, oldest first.
    var products: [ProductRecord] = []

    func product(id: Int) -> ProductRecord? {
        index(of: id).map { products[$0] }
    }

    /// Binary search: ids grow with insertion order, so `products` is sorted by id.
    func index(of id: Int) -> Int? {
        var low = 0
        var high = products.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if products[mid].id == id { return mid }
            if products[mid].id < id { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
