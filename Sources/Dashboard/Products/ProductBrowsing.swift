import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// The browsing pages: the product list (or grid) and one product's page. Each is a
/// `CachedPageRoute`: a fresh cache hit is answered on the server's thread, anything else waits
/// for the market in a task.
struct ProductBrowsing: Sendable {
    let gateway: MarketGateway
    let images: ImageURLRegistry
    let renderer: PageRenderer
    /// The vendor whose products this dashboard may edit and delete.
    let ownVendor: OwnVendor
    /// One-time messages after a redirect ("Product registered."), shown once on the next page.
    let flash: FlashMessages
    /// Keep list pages' HTML with their context (the `--page-cache` option).
    var keepsRenderedPages = false
    /// List page contexts (and HTML) per snapshot of the market JSON (see `ListPageMemo`).
    let listPages = ListPageMemo()
    /// Names the changes scheduled for a product on its page (nil: none are).
    var scheduler: BatchScheduler?
    /// Lists answered from the catalog snapshot: `mine=1`, and any order or filter the market's
    /// list cannot answer (nil: none are offered).
    var catalogListing: CatalogListing?
    /// Where a product the market no longer has may be: its page then says it was deleted and
    /// links to the bin (nil: a plain "not found").
    var recycleBin: RecycleBin?
    /// Each on-sale product's sale and its reference, shown on its page (nil: none is kept).
    var prices: PriceTimeline?

    /// `GET /products`: `products/list` (or its results alone, with `fragment=1`).
    func listPage(_ contexts: RequestContext.Maker) -> CachedPageRoute {
        CachedPageRoute(contexts: contexts, ifFresh: { listPageIfFresh($0) }, fetching: { await listPageFetching($0) })
    }

    /// `GET /products/{id}`: `products/detail`.
    func productPage(_ contexts: RequestContext.Maker) -> CachedPageRoute {
        CachedPageRoute(contexts: contexts, ifFresh: { productPageIfFresh($0) }, fetching: { await productPageFetching($0) })
    }

    // MARK: The list

    /// The list page when its JSON is fresh in the cache (no market call, no suspension); nil
    /// otherwise, and the server takes the async path.
    func listPageIfFresh(_ context: RequestContext) -> HTTPResponse? {
        let query = context.listQuery
        guard !query.mine, !query.usesSnapshot, let cached = gateway.freshPage(query.listKey) else { return nil }
        return renderListPage(context, query, cached)
    }

    func listPageFetching(_ context: RequestContext) async -> HTTPResponse {
        let query = context.listQuery
        if query.mine || query.usesSnapshot, let catalogListing {
            return await catalogListing.listPage(context, imagePath: imagePath)
        }
        let cached: CachedValue<ProductPageEnvelope>
        do {
            cached = try await gateway.page(query.listKey)
        } catch {
            return marketFailure(error, context)
        }
        return renderListPage(context, query, cached)
    }

    private func renderListPage(
        _ context: RequestContext, _ query: ProductListQuery, _ cached: CachedValue<ProductPageEnvelope>
    ) -> HTTPResponse {
        let language = context.language
        // Past the last page (a list that shrank, an edited URL): go to the last one that exists,
        // page 1 when nothing is left (not an empty page N linking to the empty pages before it).
        let lastPage = max(1, cached.value.lastPage)
        if query.page > lastPage {
            return .redirect(to: query.with(page: lastPage).listPath, status: .found)
        }
        let memo = listPages.entry(
            for: query, language: language, mayWrite: context.may(.write), mayAddOrRemove: context.may(.addOrRemove),
            fetchedAt: cached.fetchedAt
        ) {
            let page = listPageModel(query, cached.value, context)
            let values = page.context
            // The kept HTML is every reader's: rendered without a signed-in header only.
            var html: [UInt8]?
            if keepsRenderedPages, context.account == nil {
                let rendered = renderer.page("products/list", values, for: context)
                if rendered.status == .ok, case .bytes(let bytes) = rendered.body { html = bytes }
            }
            return ListPageMemo.Entry(
                fetchedAt: cached.fetchedAt, context: values, thumbnails: cached.value.products.compactMap(\.thumbnail), html: html,
                hasBulkForm: page.selectsProducts)
        }
        // Registering keeps the thumbnails' keys alive in the registry; it can forget URLs only
        // once it is over half full (see ImageURLRegistry.register).
        if images.mayForget { memo.thumbnails.forEach { images.register($0) } }
        if Self.wantsFragment(context.request) {
            return renderer.page(Self.fragmentTemplate, memo.context, for: context)
        }
        let notice = Self.notice(for: cached, Wording(language))
        // The kept HTML is the page without a flash and without a notice: exactly what rendering
        // would give a context that carries no flash cookie while the market answers.
        // A page with the bulk form holds a token no other site may learn: for no shared cache.
        if let html = memo.html, notice == nil, context.account == nil, !flash.isCarried(by: context.request) {
            return PageRenderer.localizedPage(html, isPrivate: memo.hasBulkForm, for: context)
        }
        var values = memo.context
        if let notice { values["notice"] = .string(notice) }
        return flash.page(for: context.request, values) {
            renderer.page("products/list", $0, isPrivate: memo.hasBulkForm, for: context)
        }
    }

    /// The view model of a page of the market's list, without the notice of stale data.
    func listPageModel(_ query: ProductListQuery, _ products: ProductPageEnvelope, _ context: RequestContext) -> ProductListPage {
        var page = ProductListPage(query: query, page: products, imagePath: imagePath, notice: nil, language: context.language)
        page.lowStockThreshold = context.settings.lowStockThreshold
        page.referenceDays = context.settings.referenceDays
        // The bulk form once the own vendor is known (learning it refetches every list).
        page.ownVendorID = context.ownVendorID
        page.allow(context)
        return page
    }

    // MARK: One product

    /// The product's page when its JSON is fresh in the cache; nil otherwise. A malformed id
    /// answers 404 at once (the async path would too, without a market call).
    func productPageIfFresh(_ context: RequestContext) -> HTTPResponse? {
        guard let id = Self.productID(context) else { return productNotFound(context) }
        guard let cached = gateway.freshProduct(id: id) else { return nil }
        // Just after a write (the edit form's 303 lands here), its price state may still be on
        // its way to the timeline: the async path waits for it, so the sale's line is there.
        if prices?.isRecording == true { return nil }
        return renderProductPage(context, cached)
    }

    func productPageFetching(_ context: RequestContext) async -> HTTPResponse {
        guard let id = Self.productID(context) else { return productNotFound(context) }
        let cached: CachedValue<ProductDetail>
        do {
            cached = try await gateway.product(id: id)
        } catch MarketError.notFound {
            return await productGone(id, context)
        } catch {
            return marketFailure(error, context, productID: id)
        }
        await prices?.recorded()
        return renderProductPage(context, cached)
    }

    /// 404 for a product the market does not have, or the recycle bin's word on it.
    private func productGone(_ id: Int, _ context: RequestContext) async -> HTTPResponse {
        await DeletedProductPage.response(id, recycleBin: recycleBin, action: nil, renderer: renderer, context)
    }

    private static func productID(_ context: RequestContext) -> Int? {
        guard let raw = context.request.parameter("id"), let id = Int(raw), id > 0 else { return nil }
        return id
    }

    private func productNotFound(_ context: RequestContext) -> HTTPResponse {
        renderer.error(.notFound, context.wording.productNotFound(id: nil), retryHref: nil, for: context)
    }

    private func renderProductPage(_ context: RequestContext, _ cached: CachedValue<ProductDetail>) -> HTTPResponse {
        var page = ProductDetailPage(
            product: cached.value, query: context.listQuery, imagePath: imagePath,
            notice: Self.notice(for: cached, context.wording), ownership: ownVendor.owns(cached.value.vendorID),
            language: context.language, lowStockThreshold: context.settings.lowStockThreshold, zone: context.settings.timeZone)
        page.scheduledChanges = scheduler?.changes(for: cached.value.id) ?? []
        page.sale = prices?.currentSale(productID: cached.value.id)
        page.referenceDays = context.settings.referenceDays
        return flash.page(for: context.request, page.context) { renderer.page("products/detail", $0, for: context) }
    }

    // MARK: Shared

    var imagePath: (URL) -> String {
        let images = self.images
        return { url in "/images/" + images.register(url) }
    }

    /// Stale data because the market failed, or is taking long to refresh it: say so, with the
    /// data's age.
    static func notice<T>(for cached: CachedValue<T>, _ wording: Wording = Wording(.en)) -> String? {
        guard cached.lastError != nil || cached.isRefreshOverdue else { return nil }
        return wording.staleNotice(age: cached.age, failed: cached.lastError != nil)
    }

    /// Nothing cached and the market failed: a page that says what happened and, unless the
    /// product does not exist, offers a retry (see `MarketErrorExplanation` for every case).
    func marketFailure(_ error: any Error, _ context: RequestContext, productID: Int? = nil) -> HTTPResponse {
        let failure = MarketErrorExplanation(error, .page(productID: productID), context.wording)
        return renderer.error(
            failure.status, Wording.ErrorText(heading: failure.heading, message: failure.message),
            retryHref: failure.offersRetry ? PageRenderer.retryHref(for: context.request) : nil, for: context)
    }
}
