import Foundation
import HTTPServer
import MarketClient

/// `/products?mine=1`: the own vendor's products, taken from the catalog snapshot (the API
/// cannot filter by vendor), shown by the same view model and template as the whole list, so
/// view, page size, search and pages work as there.
struct MyProductsList: Sendable {
    let catalog: CatalogSnapshotStore
    /// The own vendor's id as known now (the one seam for it).
    let ownVendorID: @Sendable () -> Int?
    let renderer: PageRenderer
    let flash: FlashMessages

    /// `GET /products?mine=1`: `products/list` with the own vendor's products.
    func myProductsPage(
        _ request: HTTPRequest, _ query: ProductListQuery, _ language: Language, imagePath: @escaping (URL) -> String
    ) async -> HTTPResponse {
        guard let vendorID = ownVendorID() else { return renderer.unknownOwnVendor(request) }
        // After a write the list waits for the new count (briefly): the product just
        // registered should be there.
        let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
        guard let snapshot = status.snapshot else { return renderer.catalogNotReady(status, retryHref: request.target, request) }
        let matching = snapshot.products.filter { $0.vendorID == vendorID && $0.nameMatches(query.search) }
        let lastPage = max(1, (matching.count + query.perPage - 1) / query.perPage)
        if query.page > lastPage {
            return .redirect(to: query.with(page: lastPage).listPath, status: .found)
        }
        let start = (query.page - 1) * query.perPage
        let shown = matching[start..<min(matching.count, start + query.perPage)].map(\.summary)
        let page = ProductPageEnvelope(pageNumber: query.page, itemsPerPage: query.perPage, totalCount: matching.count, products: shown)
        let context = ProductListPage(
            query: query, page: page, imagePath: imagePath, notice: Self.notice(status, Wording(language)), language: language
        ).context
        if ProductBrowsing.wantsFragment(request) {
            return renderer.page(ProductBrowsing.fragmentTemplate, context, language: language, for: request)
        }
        return flash.page(for: request, context) { renderer.page("products/list", $0, language: language, for: request) }
    }

    /// Why the list may not show the very latest.
    static func notice(_ status: CatalogStatus, _ wording: Wording = Wording(.en)) -> String? {
        wording.myListNotice(outdated: status.isOutdatedByWrite, failure: status.failure?.message)
    }
}
