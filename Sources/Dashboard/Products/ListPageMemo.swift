import DashboardEngine
import Foundation
import Locks
import Templating

/// The template context of list pages (product items with their prices, links and thumbnail
/// paths; pagination, view and page-size links), kept for as long as the market JSON it was
/// made from.
///
/// That context depends only on one cached page of products and on the query (view, page, page
/// size, search). Until the JSON is refetched it comes out the same on every render, and building
/// it is more than half of a grid page's cost (20 objects of a dozen fields, 40 prices
/// formatted, a dozen links). The page itself is still rendered per request, with what belongs
/// to the request or the moment added: the flash message and the "market not answering" notice.
///
/// With `--page-cache` (the default) an entry also keeps the page rendered from that context
/// alone, and a request with nothing of its own to add (no flash cookie, no notice) is answered
/// with those bytes. That is the same page rendering would give; templates are fixed outside
/// development mode, where this is off. `--page-cache false` renders every request.
///
/// Kept per language and per what the reader may do: the context holds the texts (and the HTML
/// the page) of one, and the bulk form of one role.
///
/// Bounded: one entry per list query and language, at most `capacity`; a refetched page replaces its entry.
/// When full, the memo starts over (a new entry per distinct query is rare: people page).
final class ListPageMemo: Sendable {
    struct Key: Hashable, Sendable {
        var list: MarketGateway.ListKey
        var view: ProductListQuery.View
        var language: Language
        /// What the reader may do (`ProductListPage.mayWrite`, `mayAddOrRemove`): the bulk form
        /// and its actions differ by role. Two flags, not an array: the key is made per request.
        var mayWrite = false
        var mayAddOrRemove = false

        /// The view, the language and the two flags as one number: hashed as the enums' raw
        /// values, the first two would be two Strings made and hashed per request.
        func hash(into hasher: inout Hasher) {
            hasher.combine(list)
            let view = switch view {
            case .list: 0
            case .grid: 1
            case .table: 2
            }
            let language = switch language {
            case .en: 0
            case .ko: 1
            }
            hasher.combine(view | language << 2 | (mayWrite ? 1 << 3 : 0) | (mayAddOrRemove ? 1 << 4 : 0))
        }
    }

    /// A class of constants: a hit hands back one reference, not a copy of every field.
    final class Entry: Sendable {
        /// When the market JSON this context came from was fetched: its identity.
        let fetchedAt: CacheTime
        let context: TemplateObject
        let thumbnails: [URL]
        /// The page rendered from `context` alone (no flash, no notice), when pages are kept.
        let html: [UInt8]?
        /// The page has the bulk form, whose token no other site may learn: for no shared cache.
        let hasBulkForm: Bool

        init(fetchedAt: CacheTime, context: TemplateObject, thumbnails: [URL], html: [UInt8]? = nil, hasBulkForm: Bool = false) {
            self.fetchedAt = fetchedAt
            self.context = context
            self.thumbnails = thumbnails
            self.html = html
            self.hasBulkForm = hasBulkForm
        }
    }

    let capacity: Int
    private let entries = ReadWriteLock<[Key: Entry]>([:])

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// The context for `query` made from the JSON fetched at `fetchedAt`: the remembered one, or
    /// `build`'s (then remembered). A query with values that were not understood is built each
    /// time and never remembered: its page carries a note about them, which the same list
    /// asked for plainly must not show, nor lack when asked for with them.
    func entry(
        for query: ProductListQuery, language: Language = .en, mayWrite: Bool = false, mayAddOrRemove: Bool = false,
        fetchedAt: CacheTime, build: () -> Entry
    ) -> Entry {
        // A page noting values it did not understand is built each time: never remembered, so
        // odd queries cannot push the real pages out either.
        guard query.ignored.isEmpty else { return build() }
        let key = Key(list: query.listKey, view: query.view, language: language, mayWrite: mayWrite, mayAddOrRemove: mayAddOrRemove)
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
