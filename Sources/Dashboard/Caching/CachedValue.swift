/// What a `StaleWhileRevalidateCache` hands back: the value and how old it is.
struct CachedValue<Value: Sendable>: Sendable {
    var value: Value
    /// When the upstream delivered this value.
    var fetchedAt: ContinuousClock.Instant
    /// How old the value was when it was served ("showing data from 2 minutes ago").
    var age: Duration
    /// True when served past its freshness (a refresh is running or just failed).
    var isStale: Bool
    /// Set when served stale because the last refresh failed (stale-if-error): the page shows
    /// a notice that the market is not answering.
    var lastError: (any Error)?
    /// Set when served stale while a refresh has been running for a while without an answer:
    /// the page says the market is slow before that refresh gives up.
    var isRefreshOverdue: Bool

    init(
        value: Value, fetchedAt: ContinuousClock.Instant, age: Duration, isStale: Bool, lastError: (any Error)? = nil,
        isRefreshOverdue: Bool = false
    ) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.age = age
        self.isStale = isStale
        self.lastError = lastError
        self.isRefreshOverdue = isRefreshOverdue
    }
}
