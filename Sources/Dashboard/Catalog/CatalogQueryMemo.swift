import Synchronization

/// The answers of recent snapshot queries (which products, in which order), kept per
/// snapshot revision: paging through a sorted, filtered list walks the catalog once, not once
/// a page. Bounded: the oldest answer goes first.
final class CatalogQueryMemo: Sendable {
    struct Key: Equatable, Sendable {
        var generation: Int
        var revision: Int
        var filter: CatalogFilter
        var sort: ProductListQuery.Sort
        /// Only a name order differs by language.
        var language: Language?
    }

    private let entries = Mutex<[(key: Key, found: [Int32])]>([])
    let capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// The positions `filter` keeps in `snapshot`, in `sort`'s order.
    func matching(_ snapshot: CatalogSnapshot, _ filter: CatalogFilter, sort: ProductListQuery.Sort, language: Language) -> [Int32] {
        let key = Key(
            generation: snapshot.generation, revision: snapshot.revision, filter: filter, sort: sort,
            language: sort == .name ? language : nil)
        if let found = entries.withLock({ entries in entries.last { $0.key == key }?.found }) { return found }
        let found = snapshot.matching(filter, sort: sort, language: language)
        entries.withLock { entries in
            entries.removeAll { $0.key.generation != key.generation || $0.key.revision != key.revision || $0.key == key }
            if entries.count >= capacity { entries.removeFirst() }
            entries.append((key, found))
        }
        return found
    }
}
