import Foundation
import HTTPServer
import MarketClient
import Templating

/// The product browsing routes: `/products` and `/products/{id}`.
struct ProductPages: Sendable {
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
    /// `?mine=1` lists, from the catalog snapshot (nil: the switch is not offered).
    var myProducts: MyProductsList?

    func register(in router: inout Router) {
        router.add(.get, "/products", listRoute)
        router.add(.get, "/products/{id}", detailRoute)
    }

    func list(_ request: HTTPRequest) async -> HTTPResponse {
        let query = ProductListQuery(request)
        if query.mine, let myProducts { return await myProducts.list(request, query, imagePath: imagePath) }
        let cached: CachedValue<ProductPage>
        do {
            cached = try await gateway.page(query.listKey)
        } catch {
            return upstreamFailure(error, request: request)
        }
        return list(request, query, cached)
    }

    /// The list page when its JSON is fresh in the cache (no upstream call, no suspension);
    /// nil otherwise, and the caller takes the async path.
    func listIfFresh(_ request: HTTPRequest) -> HTTPResponse? {
        let query = ProductListQuery(request)
        guard !query.mine, let cached = gateway.lists.freshValue(for: query.listKey) else { return nil }
        return list(request, query, cached)
    }

    private func list(_ request: HTTPRequest, _ query: ProductListQuery, _ cached: CachedValue<ProductPage>) -> HTTPResponse {
        // Past the last page (a list that shrank, an edited URL): go to the last one that exists,
        // page 1 when nothing is left (not an empty page N linking to the empty pages before it).
        let lastPage = max(1, cached.value.lastPage)
        if query.page > lastPage {
            return .redirect(to: query.with(page: lastPage).listPath, status: .found)
        }
        let memo = listPages.entry(for: query, fetchedAt: cached.fetchedAt) {
            let context = ProductListPage(query: query, page: cached.value, imagePath: imagePath, notice: nil).context
            var entry = ListPageMemo.Entry(fetchedAt: cached.fetchedAt, context: context, thumbnails: cached.value.products.compactMap(\.thumbnail))
            if keepsRenderedPages {
                let rendered = renderer.page("products/list", context)
                if rendered.status == .ok, case .bytes(let html) = rendered.body { entry.html = html }
            }
            return entry
        }
        // Registering keeps the thumbnails' keys alive in the registry; it can forget URLs only
        // once it is over half full (see ImageURLRegistry.register).
        if images.mayForget { memo.thumbnails.forEach { images.register($0) } }
        if Self.wantsFragment(request) { return renderer.page(Self.fragmentTemplate, memo.context) }
        let notice = Self.notice(for: cached)
        // The kept HTML is the page without a flash and without a notice: exactly what rendering
        // would give a request that carries no flash cookie while the market answers.
        if let html = memo.html, notice == nil, !flash.isCarried(by: request) {
            return PageRenderer.htmlResponse(html)
        }
        var context = memo.context
        if let notice { context["notice"] = .string(notice) }
        return flash.page(for: request, context) { renderer.page("products/list", $0) }
    }

    func detail(_ request: HTTPRequest) async -> HTTPResponse {
        guard let id = Self.productID(request) else { return productNotFound() }
        let cached: CachedValue<ProductDetail>
        do {
            cached = try await gateway.product(id: id)
        } catch {
            return upstreamFailure(error, request: request, productID: id)
        }
        return detail(request, cached)
    }

    /// The detail page when the product's JSON is fresh in the cache; nil otherwise. A
    /// malformed id answers 404 at once (the async path would too, without an upstream call).
    func detailIfFresh(_ request: HTTPRequest) -> HTTPResponse? {
        guard let id = Self.productID(request) else { return productNotFound() }
        guard let cached = gateway.details.freshValue(for: id) else { return nil }
        return detail(request, cached)
    }

    private static func productID(_ request: HTTPRequest) -> Int? {
        guard let raw = request.parameter("id"), let id = Int(raw), id > 0 else { return nil }
        return id
    }

    private func productNotFound() -> HTTPResponse {
        renderer.error(.notFound, heading: "Product not found", message: "There is no product at this address.", retryHref: nil)
    }

    private func detail(_ request: HTTPRequest, _ cached: CachedValue<ProductDetail>) -> HTTPResponse {
        let query = ProductListQuery(request)
        let page = ProductDetailPage(
            product: cached.value, query: query, imagePath: imagePath, notice: Self.notice(for: cached),
            ownership: ownVendor.owns(cached.value.vendorID))
        return flash.page(for: request, page.context) { renderer.page("products/detail", $0) }
    }

    var imagePath: (URL) -> String {
        let images = self.images
        return { url in "/images/" + images.register(url) }
    }

    /// Stale data because the market failed, or is taking long to refresh it: say so, with the
    /// data's age.
    static func notice<T>(for cached: CachedValue<T>) -> String? {
        if cached.lastError != nil {
            return "Showing data from \(describe(age: cached.age)); the market is not answering."
        }
        if cached.isRefreshOverdue {
            return "Showing data from \(describe(age: cached.age)); the market is slow to answer."
        }
        return nil
    }

    /// "2 minutes ago", in words a person reads at a glance.
    static func describe(age: Duration) -> String {
        let seconds = max(0, Int(age.components.seconds))
        switch seconds {
        case ..<60: return "a moment ago"
        case ..<120: return "a minute ago"
        case ..<3600: return "\(seconds / 60) minutes ago"
        case ..<7200: return "an hour ago"
        default: return "\(seconds / 3600) hours ago"
        }
    }

    /// Nothing cached and the market failed: a page that says what happened and, unless the
    /// product does not exist, offers a retry (see `UpstreamFailure` for every case).
    func upstreamFailure(_ error: any Error, request: HTTPRequest, productID: Int? = nil) -> HTTPResponse {
        let failure = UpstreamFailure(error, .page(productID: productID))
        return renderer.error(failure.status, heading: failure.heading, message: failure.message,
            retryHref: failure.offersRetry ? PageRenderer.retryHref(for: request) : nil)
    }
}
