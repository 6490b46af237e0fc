import Foundation
import MarketClient

/// For `template-bench --outside` (same package), never for the server: how long one count's
/// comparison with the previous takes (`OutsideChanges`), at `products` products of which one
/// in a hundred changed and ten disappeared.
package enum OutsideChangesBenchmark {
    package static func run(products count: Int = 100_000, rounds: Int = 9) -> String {
        let old = (1...count).map { product($0, stock: 5) }
        var new = old
        for index in stride(from: 0, to: new.count, by: 100) { new[index].stock += 1 }
        new.removeLast(10)
        let previous = CatalogSnapshot(products: old, takenAt: Date(timeIntervalSince1970: 0), isPartial: false, reportedTotal: count, generation: 1)
        let next = CatalogSnapshot(products: new, takenAt: Date(timeIntervalSince1970: 0), isPartial: false, reportedTotal: new.count, generation: 2)
        let clock = ContinuousClock()
        var times: [Duration] = []
        var found = 0
        for _ in 0..<rounds {
            let start = clock.now
            let changes = OutsideChanges(from: previous, to: next, limit: HistoryJournal.maxOutsidePerCount)
            times.append(clock.now - start)
            found = changes.changes.count + changes.notListed
        }
        times.sort()
        return "\(count) products, \(found) changes: median \(times[times.count / 2]), best \(times[0]), worst \(times[times.count - 1])"
    }

    private static func product(_ id: Int, stock: Int) -> CatalogProduct {
        let summary = ProductSummary(
            id: id, vendorID: id % 50, name: "Benchmark product \(id)", description: "", thumbnail: nil, currency: id % 7 == 0 ? .usd : .krw,
            price: Money(Decimal(id % 10_000 + 100)), discountedPrice: Money(Decimal(id % 3 == 0 ? 50 : 0)), stock: stock)
        return CatalogProduct(summary, vendorName: "Vendor \(id % 50)", keepsThumbnail: false)
    }
}
