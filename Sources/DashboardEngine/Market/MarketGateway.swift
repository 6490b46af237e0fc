import Foundation
import MarketClient
import Synchronization

/// The dashboard's way to the market: reads go through the JSON caches (fresh briefly, then
/// stale-while-revalidate, stale-if-error up to a hard age; one upstream call per key at a
/// time), writes go straight through and then drop the cached reads they change (it is
/// `MarketWriter`'s first `WriteObserver`). It remembers whether the market's latest answer to
/// a read was none at all (`readFailure`).
package final class MarketGateway: WriteObserver {
    package struct ListKey: Hashable, Sendable {
        var page: Int
        var perPage: Int
        var search: String

        package init(page: Int, perPage: Int, search: String) {
            self.page = page
            self.perPage = perPage
            self.search = search
        }
    }

    let api: any MarketAPI
    package let lists: StaleWhileRevalidateCache<ListKey, ProductPageEnvelope>
    package let details: StaleWhileRevalidateCache<Int, ProductDetail>
    /// The error of the latest read that got no answer (timed out, or the market could not be
    /// reached), or nil once a read was answered, with anything, refusals included.
    private let latestRead = Mutex<MarketError?>(nil)

    package init(
        api: any MarketAPI, freshFor: Duration = .seconds(10), hardExpiry: Duration = .seconds(600),
        slowAfter: Duration = .seconds(2)
    ) {
        self.api = api
        lists = StaleWhileRevalidateCache(freshFor: freshFor, hardExpiry: hardExpiry, slowAfter: slowAfter)
        details = StaleWhileRevalidateCache(freshFor: freshFor, hardExpiry: hardExpiry, slowAfter: slowAfter)
    }

    /// Waits for the refreshes running now to land (a test seam; see the caches' `waitForRefreshes`).
    package func waitForRefreshes() async {
        await lists.waitForRefreshes()
        await details.waitForRefreshes()
    }

    package func page(_ key: ListKey) async throws -> CachedValue<ProductPageEnvelope> {
        let api = self.api
        return try await lists.value(for: key) { [self] in
            try await observed { try await api.listProducts(page: key.page, itemsPerPage: key.perPage, search: key.search.isEmpty ? nil : key.search) }
        }
    }

    /// The page's JSON only if it is fresh (`StaleWhileRevalidateCache.freshValue`), for a
    /// list page answered on an event loop. Here, where the cache's types are known, the call is
    /// compiled for them: called from another module, the generic cache runs unspecialised,
    /// looking its types' metadata up on every cached page.
    package func freshPage(_ key: ListKey) -> CachedValue<ProductPageEnvelope>? {
        lists.freshValue(for: key)
    }

    /// The product's JSON only if it is fresh, as `freshPage` for a product's page.
    package func freshProduct(id: Int) -> CachedValue<ProductDetail>? {
        details.freshValue(for: id)
    }

    package func product(id: Int) async throws -> CachedValue<ProductDetail> {
        let api = self.api
        return try await details.value(for: id) { [self] in
            try await observed { try await api.product(id: id) }
        }
    }

    /// The error of the market's latest read (a page, a product, a count's page) that got no
    /// answer, or nil when it answered (`readFailure` words it as a count's failure).
    var unansweredRead: MarketError? { latestRead.withLock { $0 } }

    /// `read`'s value, noting whether the market answered it.
    func observed<Value>(_ read: () async throws -> Value) async throws -> Value {
        do {
            let value = try await read()
            latestRead.withLock { $0 = nil }
            return value
        } catch let error as MarketError {
            // Any answer, a refusal or a 404 too, shows the market is there.
            latestRead.withLock { $0 = error.isTransient ? error : nil }
            throw error
        }
    }

    /// After a write: every list may now be different, and so may this product.
    func marketWritten(_ effect: WriteEffect) {
        lists.invalidateAll()
        if let productID = effect.productID { details.invalidate(productID) }
    }
}
