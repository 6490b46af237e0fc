/// Everything the market remembers, written as one file on every change. Ids are never reused:
/// the counters survive deletes and restarts.
struct MarketState: Codable, Sendable, Equatable {
    static let currentFormat = 1

    var format: Int = MarketState.currentFormat
    var nextProductId: Int = 1
    var nextImageId: Int = 1
    /// Ordered by id, oldest first.
    var products: [ProductRecord] = []

    func product(id: Int) -> ProductRecord? {
        // Ids grow with insertion order, so the array is sorted by id.
        var low = 0
        var high = products.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if products[mid].id == id { return products[mid] }
            if products[mid].id < id { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    func index(of id: Int) -> Int? {
        guard let product = product(id: id) else { return nil }
        return products.firstIndex { $0.id == product.id }
    }
}
