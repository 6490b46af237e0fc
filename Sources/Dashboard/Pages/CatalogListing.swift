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
    /// The own vendor's id as known now (the one seam for it).
    let ownVendorID: @Sendable () -> Int?
    let renderer: PageRenderer
    let flash: FlashMessages
    var lowStockThreshold = DashboardConfiguration.defaultLowStock
    /// The zone the snapshot's time is shown in (`DashboardConfiguration.timeZone`).
    var zone = TimeZone.current
    var now: @Sendable () -> Date = { Date() }
    let results = CatalogQueryMemo()
    let csrf = CSRFGuard()

    /// `GET /products?mine=1` or with `sort`, `stock`, `sale` or `currency`: `products/list`.
    func listPage(
        _ request: HTTPRequest, _ query: ProductListQuery, _ language: Language, imagePath: @escaping (URL) -> String
    ) async -> HTTPResponse {
        var vendorID: Int?
        if query.mine {
            guard let own = ownVendorID() else { return renderer.unknownOwnVendor(request) }
            vendorID = own
        }
        let wording = Wording(language)
        // The first count is waited for briefly; a catalog too large for that shows its
        // progress instead, and the page reloads itself until the count is done.
        let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
        guard let snapshot = status.snapshot else {
            if status.progress == nil, status.failure != nil {
                return renderer.catalogNotReady(status, retryHref: PageRenderer.retryHref(for: request), request)
            }
            return countingPage(request, query, status.progress ?? CatalogProgress(), language, imagePath: imagePath)
        }
        let found = results.matching(
            snapshot, query.catalogQuery(vendorID: vendorID, lowStockThreshold: lowStockThreshold, language: language))
        let lastPage = max(1, (found.count + query.perPage - 1) / query.perPage)
        if query.page > lastPage {
            return .redirect(to: query.with(page: lastPage).listPath, status: .found)
        }
        let start = (query.page - 1) * query.perPage
        let shown = found[start..<min(found.count, start + query.perPage)].map { snapshot.products[Int($0)] }
        let scope = vendorID == nil
            ? snapshot.products.count : results.matching(snapshot, CatalogQuery(filter: CatalogFilter(vendorID: vendorID))).count
        let (token, setCookie) = csrf.token(for: request)
        var page = ProductListPage(
            query: query,
            page: ProductPageEnvelope(pageNumber: query.page, itemsPerPage: query.perPage, totalCount: found.count, products: shown.map(\.summary)),
            imagePath: imagePath, notice: Self.notice(status, wording), language: language)
        page.lowStockThreshold = lowStockThreshold
        page.ownVendorID = ownVendorID()
        page.snapshot = ProductListPage.SnapshotInfo(
            asOf: wording.asOf(time: LocalTime.clockWithZone(snapshot.takenAt, zone: zone), age: wording.age(.seconds(max(0, now().timeIntervalSince(snapshot.takenAt))))),
            count: wording.matchCount(OverviewPage.grouped(found.count), of: OverviewPage.grouped(scope)),
            csrfToken: token,
            mixesCurrencies: Self.mixesCurrencies(query, found, snapshot),
            partial: snapshot.isPartial ? wording.partialResults(counted: OverviewPage.grouped(snapshot.products.count)) : nil)
        // The refresh form carries this browser's token: the page is not for shared caches.
        var response = render(request, page, language, isPrivate: true)
        if let setCookie { response.headers.add("Set-Cookie", setCookie) }
        return response
    }

    private func render(_ request: HTTPRequest, _ page: ProductListPage, _ language: Language, isPrivate: Bool = false) -> HTTPResponse {
        let context = page.context
        if ProductBrowsing.wantsFragment(request) {
            return renderer.page(ProductBrowsing.fragmentTemplate, context, language: language, isPrivate: isPrivate, for: request)
        }
        return flash.page(for: request, context) { renderer.page("products/list", $0, language: language, isPrivate: isPrivate, for: request) }
    }

    /// The first count is still running: the list's frame with its progress, reloading itself.
    private func countingPage(
        _ request: HTTPRequest, _ query: ProductListQuery, _ progress: CatalogProgress, _ language: Language,
        imagePath: @escaping (URL) -> String
    ) -> HTTPResponse {
        let wording = Wording(language)
        var page = ProductListPage(
            query: query, page: ProductPageEnvelope(pageNumber: 1, itemsPerPage: query.perPage, totalCount: 0, products: []),
            imagePath: imagePath, notice: nil, language: language)
        page.lowStockThreshold = lowStockThreshold
        var context = page.context
        context["refreshSeconds"] = TemplateValue(OverviewPage.refreshSeconds)
        context["counting"] = [
            "value": TemplateValue(progress.productsDone),
            "max": TemplateValue(max(progress.productsTotal, progress.productsDone, 1)),
            "text": .string(OverviewPage.progressText(progress, wording)),
        ]
        var response = renderer.page("products/list", context, language: language, for: request)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `POST /catalog/refresh`: counts the catalog again (unless a count is running), then 303
    /// back to the list the form was on. Refused like every form from another site or without
    /// this browser's token.
    func refreshCatalog(_ request: HTTPRequest) -> HTTPResponse {
        let language = Language(request)
        let submission: FormSubmission
        do {
            guard csrf.originProblem(request) == nil else {
                return renderer.error(.forbidden, Wording(language).otherSite, retryHref: nil, for: request)
            }
            submission = try FormSubmission(request)
        } catch {
            return renderer.error(error.status, Wording(language).formUnreadable(error), retryHref: nil, for: request)
        }
        let back = Self.localPath(submission.value("back")) ?? "/products"
        guard csrf.tokenMatches(request, submitted: submission.value(CSRFGuard.fieldName)) else {
            // An old page (its token gone with the browser session): back to the list, which
            // carries a fresh token, without counting.
            return .redirect(to: back, status: .seeOther)
        }
        catalog.refresh()
        return .redirect(to: back, status: .seeOther)
    }

    /// `path` when it is a path on this site (`/products?...`), never `//host` or `/\host`,
    /// which browsers read as another site.
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"), path.utf8.count <= 4096,
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return path
    }

    /// A price order over products in more than one currency lists one currency after the
    /// other: the page says so.
    static func mixesCurrencies(_ query: ProductListQuery, _ found: [Int32], _ snapshot: CatalogSnapshot) -> Bool {
        guard query.sort == .price || query.sort == .priceDescending, query.currency == nil,
            let first = found.first, let last = found.last
        else { return false }
        return snapshot.products[Int(first)].currency != snapshot.products[Int(last)].currency
    }

    /// Why the list may not show the very latest.
    static func notice(_ status: CatalogStatus, _ wording: Wording = Wording(.en)) -> String? {
        wording.myListNotice(outdated: status.isOutdatedByWrite, failure: status.failure?.reason)
    }
}
