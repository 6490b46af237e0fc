import Foundation
import HTTPServer
import Templating

/// The product items of list pages (name, price texts, links, thumbnail paths), kept for as long
/// as the market JSON they were made from.
///
/// The items depend only on one cached page of products and on the query (view, page, page size,
/// search). Until that JSON is refetched they come out the same on every render, and building
/// them was 40% of a grid page's cost (20 objects of a dozen fields, 40 prices formatted). The
/// page itself is still rendered per request, with its flash message, notice and pagination.
///
/// Bounded: one entry per list query, at most `capacity`; a refetched page replaces its entry.
/// When full, the memo starts over (a new entry per distinct query is rare: people page).
final class ListItemsMemo: Sendable {
    struct Key: Hashable, Sendable {
        var list: MarketGateway.ListKey
        var view: ProductListQuery.View
    }

    struct Entry: Sendable {
        /// When the market JSON these items came from was fetched: its identity.
        var fetchedAt: ContinuousClock.Instant
        var items: [TemplateValue]
        var thumbnails: [URL]
    }

    let capacity: Int
    private let entries = ReadWriteLock<[Key: Entry]>([:])

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// The items for `query` made from the JSON fetched at `fetchedAt`: remembered ones, or
    /// `build`'s (then remembered).
    func items(for query: ProductListQuery, fetchedAt: ContinuousClock.Instant, build: () -> Entry) -> Entry {
        let key = Key(list: query.listKey, view: query.view)
        if let entry = entries.read({ $0[key] }), entry.fetchedAt == fetchedAt { return entry }
        let entry = build()
        entries.write { entries in
            if entries.count >= capacity && entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
        return entry
    }

    var count: Int { entries.read { $0.count } }
}
