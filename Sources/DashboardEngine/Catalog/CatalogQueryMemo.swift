import Synchronization

/// The answers of recent snapshot queries (which products, in which order), kept per
/// snapshot revision: paging through a sorted, filtered list walks the catalog once, not once
/// a page. Bounded: the oldest answer goes first.
package final class CatalogQueryMemo: Sendable {
    struct Key: Equatable, Sendable {
        var generation: Int
        var revision: Int
        /// The query's `answerKey`: only a name order differs by collation.
        var query: CatalogQuery
    }

    private let entries = Mutex<[(key: Key, found: [Int32])]>([])
    let capacity: Int

    package init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// The positions `query` keeps in `snapshot`, in its order.
    package func matching(_ snapshot: CatalogSnapshot, _ query: CatalogQuery) -> [Int32] {
        let key = Key(generation: snapshot.generation, revision: snapshot.revision, query: query.answerKey)
        if let found = entries.withLock({ entries in entries.last { $0.key == key }?.found }) { return found }
        let found = snapshot.matching(query)
        entries.withLock { entries in
            entries.removeAll { $0.key.generation != key.generation || $0.key.revision != key.revision || $0.key == key }
            if entries.count >= capacity { entries.removeFirst() }
            entries.append((key, found))
        }
        return found
    }
}
