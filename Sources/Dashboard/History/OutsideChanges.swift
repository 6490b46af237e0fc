import Foundation
import MarketClient

/// What changed on the market between two catalog counts: products whose name, price,
/// currency, discount or stock differ, products that appeared and products that disappeared.
/// The dashboard's own writes are patched into the snapshot as they are answered
/// (`CatalogSnapshot.apply`), so they are already equal in both counts and never show here;
/// what does show was done elsewhere (the iOS app, another tool), or is a write of this
/// dashboard whose outcome was unknown (`HistoryJournal.recordOutside` tells those apart).
struct OutsideChanges: Sendable {
    struct Change: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case changed, appeared, disappeared
        }

        var kind: Kind
        var productID: Int
        var name: String
        /// The fields at the earlier count (nil for a product that appeared).
        var before: RecordedFields?
        /// The fields at this count (nil for a product that disappeared).
        var after: RecordedFields?
    }

    /// At most `limit` changes, in product id order.
    var changes: [Change]
    /// Changes found beyond `limit`, not listed.
    var notListed: Int

    /// Compares two counts in one pass over each (a dictionary of the earlier one's ids), at
    /// most a few tens of milliseconds for 100,000 products. When either count stopped at its
    /// product limit (`isPartial`), products can fall in or out of the counted part without
    /// changing, so only products in both are compared.
    init(from old: CatalogSnapshot, to new: CatalogSnapshot, limit: Int) {
        var changes: [Change] = []
        var found = 0
        func add(_ change: Change) {
            found += 1
            if changes.count < limit { changes.append(change) }
        }
        let compareMembership = !old.isPartial && !new.isPartial
        var oldPositions: [Int: Int] = [:]
        oldPositions.reserveCapacity(old.products.count)
        for (position, product) in old.products.enumerated() { oldPositions[product.id] = position }
        var seen = [Bool](repeating: false, count: old.products.count)
        // Sorted by id so the journal lists a count's changes in a stable order.
        for product in new.products.sorted(by: { $0.id < $1.id }) {
            guard let position = oldPositions[product.id] else {
                if compareMembership {
                    add(Change(kind: .appeared, productID: product.id, name: product.name, before: nil, after: Self.fields(product)))
                }
                continue
            }
            seen[position] = true
            let earlier = old.products[position]
            if earlier.name != product.name || earlier.stock != product.stock || earlier.currency != product.currency
                || earlier.price != product.price || earlier.discountedPrice != product.discountedPrice
            {
                add(Change(kind: .changed, productID: product.id, name: product.name, before: Self.fields(earlier), after: Self.fields(product)))
            }
        }
        if compareMembership {
            let gone = old.products.indices.filter { !seen[$0] }.map { old.products[$0] }.sorted { $0.id < $1.id }
            for product in gone {
                add(Change(kind: .disappeared, productID: product.id, name: product.name, before: Self.fields(product), after: nil))
            }
        }
        self.changes = changes
        notListed = found - changes.count
    }

    /// The fields a count knows (not the description: the snapshot leaves it out).
    static func fields(_ product: CatalogProduct) -> RecordedFields {
        RecordedFields(
            name: product.name, price: product.price, currency: product.currency.rawValue,
            discountedPrice: product.discountedPrice, stock: product.stock)
    }
}
