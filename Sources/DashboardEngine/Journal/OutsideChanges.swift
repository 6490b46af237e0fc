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

    /// Compares two counts in one pass over each (a dictionary of the earlier one's ids); only
    /// the changes found are sorted, and only those listed are turned into fields. When either
    /// count stopped at its product limit (`isPartial`), products can fall in or out of the
    /// counted part without changing, so only products in both are compared.
    init(from old: CatalogSnapshot, to new: CatalogSnapshot, limit: Int) {
        let compareMembership = !old.isPartial && !new.isPartial
        let before = old.products
        let after = new.products
        var oldPositions: [Int: Int] = [:]
        oldPositions.reserveCapacity(before.count)
        for (position, product) in before.enumerated() { oldPositions[product.id] = position }
        var seen = [Bool](repeating: false, count: before.count)
        // (id, kind, position in `after`, position in `before`); -1 where there is none.
        var found: [(id: Int, kind: Change.Kind, new: Int, old: Int)] = []
        for (position, product) in after.enumerated() {
            guard let earlierPosition = oldPositions[product.id] else {
                if compareMembership { found.append((product.id, .appeared, position, -1)) }
                continue
            }
            seen[earlierPosition] = true
            let earlier = before[earlierPosition]
            if earlier.name != product.name || earlier.stock != product.stock || earlier.currency != product.currency
                || earlier.price != product.price || earlier.discountedPrice != product.discountedPrice
            {
                found.append((product.id, .changed, position, earlierPosition))
            }
        }
        if compareMembership {
            for (position, product) in before.enumerated() where !seen[position] {
                found.append((product.id, .disappeared, -1, position))
            }
        }
        // Changes and new products by id, then the products that went, by id.
        found.sort { ($0.kind == .disappeared ? 1 : 0, $0.id) < ($1.kind == .disappeared ? 1 : 0, $1.id) }
        changes = found.prefix(max(0, limit)).map { item in
            let earlier = item.old >= 0 ? before[item.old] : nil
            let later = item.new >= 0 ? after[item.new] : nil
            return Change(
                kind: item.kind, productID: item.id, name: (later ?? earlier)?.name ?? "",
                before: earlier.map(Self.fields), after: later.map(Self.fields))
        }
        notListed = found.count - changes.count
    }

    /// The fields a count knows (not the description: the snapshot leaves it out).
    static func fields(_ product: CatalogProduct) -> RecordedFields {
        RecordedFields(
            name: product.name, price: product.price, currency: product.currency.rawValue,
            discountedPrice: product.discountedPrice, stock: product.stock)
    }
}
