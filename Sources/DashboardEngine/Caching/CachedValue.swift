import Synchronization

/// A value as the upstream delivered it, and when: made once per fetch, then shared by the
/// cache's entry and every answer served from it.
///
/// A class with constants, so that a cached answer copies one reference. A struct around the
/// value (a page of products: a dozen fields) is copied and destroyed field by field, and the
/// compiler emits those copies of large generic structs as calls through the type's metadata
/// and value witnesses: several per cached answer.
final class Fetched<Value: Sendable>: Sendable {
    let value: Value
    /// When the upstream delivered this value: its identity (see `ListPageMemo`).
    let fetchedAt: CacheTime
    /// Served fresh since its cache last cleared the mark (its eviction's second chance: see
    /// `StaleWhileRevalidateCache.evictBeyondMaxEntries`).
    private let used = Atomic<Bool>(false)

    init(_ value: Value, at fetchedAt: CacheTime) {
        self.value = value
        self.fetchedAt = fetchedAt
    }

    /// Marks the value used. Read first, so that once marked, a hit only reads the mark: the
    /// threads serving it do not take the cache line from each other.
    func markUsed() {
        if !used.load(ordering: .relaxed) { used.store(true, ordering: .relaxed) }
    }

    /// Whether the value was marked used, clearing the mark.
    func takeUsedMark() -> Bool {
        used.exchange(false, ordering: .relaxed)
    }
}

/// What a `StaleWhileRevalidateCache` hands back: the value and how old it is.
package struct CachedValue<Value: Sendable>: Sendable {
    let fetched: Fetched<Value>
    package var value: Value { fetched.value }
    /// When the upstream delivered this value.
    package var fetchedAt: CacheTime { fetched.fetchedAt }
    /// How old the value was when it was served ("showing data from 2 minutes ago").
    package var age: Duration
    /// True when served past its freshness (a refresh is running or just failed).
    var isStale: Bool
    /// Set when served stale because the last refresh failed (stale-if-error): the page shows
    /// a notice that the market is not answering.
    package var lastError: (any Error)?
    /// Set when served stale while a refresh has been running for a while without an answer:
    /// the page says the market is slow before that refresh gives up.
    package var isRefreshOverdue: Bool

    init(
        _ fetched: Fetched<Value>, age: Duration, isStale: Bool, lastError: (any Error)? = nil, isRefreshOverdue: Bool = false
    ) {
        self.fetched = fetched
        self.age = age
        self.isStale = isStale
        self.lastError = lastError
        self.isRefreshOverdue = isRefreshOverdue
    }
}
