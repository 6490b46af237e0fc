import Foundation
import MarketClient

/// The dashboard's way to the market: reads go through the JSON caches (fresh briefly, then
/// stale-while-revalidate, stale-if-error up to a hard age; one upstream call per key at a
/// time), writes go straight through and then drop the cached reads they change (it is
/// `MarketWriter`'s first `WriteObserver`).
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

    package init(
        api: any MarketAPI, freshFor: Duration = .seconds(10), hardExpiry: Duration = .seconds(600),
        slowAfter: Duration = .seconds(2)
    ) {
        self.api = api
        lists = StaleWhileRevalidateCache(freshFor: freshFor, hardExpiry: hardExpiry, slowAfter: slowAfter)
        details = StaleWhileRevalidateCache(freshFor: freshFor, hardExpiry: hardExpiry, slowAfter: slowAfter)
    }

    /// Waits for the refreshes running now to land (a test seam; see the caches' `waitForRefreshes`).
    func waitForRefreshes() async {
        await lists.waitForRefreshes()
        await details.waitForRefreshes()
    }

    package func page(_ key: ListKey) async throws -> CachedValue<ProductPageEnvelope> {
        let api = self.api
        return try await lists.value(for: key) {
            try await api.listProducts(page: key.page, itemsPerPage: key.perPage, search: key.search.isEmpty ? nil : key.search)
        }
    }

    package func product(id: Int) async throws -> CachedValue<ProductDetail> {
        let api = self.api
        return try await details.value(for: id) {
            try await api.product(id: id)
        }
    }

    /// After a write: every list may now be different, and so may this product.
    package func marketWritten(_ effect: WriteEffect) {
        lists.invalidateAll()
        if let productID = effect.productID { details.invalidate(productID) }
    }
}
