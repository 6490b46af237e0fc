import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// `/products` answered from the catalog snapshot: the own vendor's products (`mine=1`, the API
/// cannot filter by vendor) and every order or filter the market's list cannot answer. The
/// same view model and template as the market's list, so view, page size, search and pages
/// work as there; the page also says how old the snapshot is and offers to count again.
struct CatalogListing: Sendable {
    let catalog: CatalogSnapshotStore
    let renderer: PageRenderer
    let flash: FlashMessages
    /// The snapshot's age is measured on it (the engine's clock).
    let clock: any WallClock
    /// Where the market's latest answer to a read is known (`MarketGateway.readFailure`): when
    /// it was none, the list says so before a count of its own fails.
    var gateway: MarketGateway?
    let results = CatalogQueryMemo()
    let csrf = CSRFGuard()

    /// `GET /products?mine=1` or with `sort`, `stock`, `sale` or `currency`: `products/list`.
    func listPage(_ context: RequestContext, imagePath: @escaping (URL) -> String) async -> HTTPResponse {
        switch await listPageModel(context.listQuery, context, imagePath: imagePath) {
        case .answer(let response): return response
        // The refresh form carries this browser's token: the page is not for shared caches.
        case .page(let page): return render(context, page, isPrivate: true)
        }
    }

    /// A list page's view model, or the answer that stands in for it.
    enum ListModel {
        case page(ProductListPage)
        /// The own vendor unknown, the first count still running or failed, a page past the end.
        case answer(HTTPResponse)
    }

    /// The view model of `query`'s page from the catalog snapshot (the list's own, or the one a
    /// refused bulk form was posted from).
    func listPageModel(_ query: ProductListQuery, _ context: RequestContext, imagePath: @escaping (URL) -> String) async -> ListModel {
        let language = context.language
        var vendorID: Int?
        if query.mine {
            guard let own = context.ownVendorID else {
                let failure = await PageRenderer.marketFailure(catalog, latestRead: gateway?.readFailure)
                return .answer(renderer.unknownOwnVendor(context, marketFailure: failure))
            }
            vendorID = own
        }
        let wording = context.wording
        // The first count is waited for briefly; a catalog too large for that shows its
        // progress instead, and the page reloads itself until the count is done.
        let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
        guard let snapshot = status.snapshot else {
            if status.progress == nil, status.failure != nil {
                return .answer(renderer.catalogNotReady(status, retryHref: PageRenderer.retryHref(for: context.request), context, for: .list))
            }
            return .answer(countingPage(query, context, status.progress ?? CatalogProgress(), imagePath: imagePath))
        }
        let found = results.matching(
            snapshot, query.catalogQuery(
                vendorID: vendorID, lowStockThreshold: context.settings.lowStockThreshold, language: language,
                salesAboveReference: context.salesAboveReference))
        let lastPage = max(1, (found.count + query.perPage - 1) / query.perPage)
        if query.page > lastPage {
            return .answer(.redirect(to: query.with(page: lastPage).listPath, status: .found))
        }
        let start = (query.page - 1) * query.perPage
        let shown = found[start..<min(found.count, start + query.perPage)].map { snapshot.products[Int($0)] }
        let scope = vendorID == nil
            ? snapshot.products.count : results.matching(snapshot, CatalogQuery(filter: CatalogFilter(vendorID: vendorID))).count
        var page = ProductListPage(
            query: query,
            page: ProductPageEnvelope(pageNumber: query.page, itemsPerPage: query.perPage, totalCount: found.count, products: shown.map(\.summary)),
            imagePath: imagePath, notice: Self.notice(status, marketReadFailure: gateway?.readFailure, zone: context.settings.timeZone, wording),
            language: language)
        page.lowStockThreshold = context.settings.lowStockThreshold
        page.referenceDays = context.settings.referenceDays
        page.ownVendorID = context.ownVendorID
        page.allow(context)
        page.snapshot = ProductListPage.SnapshotInfo(
            asOf: wording.asOf(time: LocalTime.clockWithZone(snapshot.takenAt, zone: context.settings.timeZone), age: wording.age(.seconds(max(0, clock.now().timeIntervalSince(snapshot.takenAt))))),
            inAll: found.count < scope ? scope : nil,
            csrfToken: context.formToken.value,
            mixesCurrencies: Self.mixesCurrencies(query, found, snapshot),
            partial: snapshot.isPartial ? wording.partialResults(counted: NumberText.grouped(snapshot.products.count)) : nil)
        return .page(page)
    }

    private func render(_ context: RequestContext, _ page: ProductListPage, isPrivate: Bool = false) -> HTTPResponse {
        let values = page.context
        if ProductBrowsing.wantsFragment(context.request) {
            return renderer.page(ProductBrowsing.fragmentTemplate, values, isPrivate: isPrivate, for: context)
        }
        return flash.page(for: context.request, values) { renderer.page("products/list", $0, isPrivate: isPrivate, for: context) }
    }

    /// The first count is still running: the list's frame with its progress, reloading itself.
    private func countingPage(
        _ query: ProductListQuery, _ context: RequestContext, _ progress: CatalogProgress, imagePath: @escaping (URL) -> String
    ) -> HTTPResponse {
        var page = ProductListPage(
            query: query, page: ProductPageEnvelope(pageNumber: 1, itemsPerPage: query.perPage, totalCount: 0, products: []),
            imagePath: imagePath, notice: nil, language: context.language)
        page.lowStockThreshold = context.settings.lowStockThreshold
        page.referenceDays = context.settings.referenceDays
        var values = page.context
        values["refreshSeconds"] = TemplateValue(CatalogProgressText.refreshSeconds)
        values["counting"] = [
            "value": TemplateValue(progress.productsDone),
            "max": TemplateValue(max(progress.productsTotal, progress.productsDone, 1)),
            "text": .string(CatalogProgressText.text(progress, context.wording)),
        ]
        var response = renderer.page("products/list", values, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `POST /catalog/refresh`: counts the catalog again (unless a count is running), then 303
    /// back to the list the form was on. Refused like every form from another site or without
    /// this browser's token.
    func refreshCatalog(_ context: RequestContext) -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let back = BackLink.localPath(submission.value("back")) ?? "/products"
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            // An old page (its token gone with the browser session): back to the list, which
            // carries a fresh token, without counting.
            return .redirect(to: back, status: .seeOther)
        }
        catalog.startCount()
        return .redirect(to: back, status: .seeOther)
    }

    /// A price order over products in more than one currency lists one currency after the
    /// other: the page says so.
    static func mixesCurrencies(_ query: ProductListQuery, _ found: [Int32], _ snapshot: CatalogSnapshot) -> Bool {
        guard query.sort == .price || query.sort == .priceDescending, query.currency == nil,
            let first = found.first, let last = found.last
        else { return false }
        return snapshot.products[Int(first)].currency != snapshot.products[Int(last)].currency
    }

    /// Why the list may not show the very latest: a change of this dashboard not yet counted,
    /// or a market that did not answer the last count or the last read, with the time the
    /// list was loaded.
    static func notice(
        _ status: CatalogStatus, marketReadFailure: CatalogError.Code?, zone: TimeZone, _ wording: Wording = Wording(.en)
    ) -> String? {
        let loadedAt = status.snapshot.map { LocalTime.clockWithZone($0.takenAt, zone: zone) } ?? ""
        return wording.myListNotice(outdated: status.isOutdatedByWrite, failure: status.failure?.code ?? marketReadFailure, loadedAt: loadedAt)
    }
}
