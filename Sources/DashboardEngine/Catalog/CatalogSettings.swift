/// The catalog snapshot's limits and timing, in one place.
package struct CatalogSettings: Sendable, Equatable {
    /// Products a page of the count asks for (the API's largest page size the apps used).
    var pageSize = 100
    /// The snapshot keeps at most this many products; over it the pages say "partial".
    package var productLimit = 200_000
    /// A snapshot older than this is counted again on the next read.
    var maxAge: Duration = .seconds(300)
    /// After a failed count, the next one waits this long (a market that is down is not asked
    /// once per page view).
    package var retryAfterFailure: Duration = .seconds(10)
    /// How long the CSV export and "My products" wait for a count in progress: the upstream
    /// read timeout (`--read-timeout` sets both); after it the CSV answers 503 with `Retry-After`.
    package var waitLimit: Duration = .seconds(8)

    package init() {}
}
