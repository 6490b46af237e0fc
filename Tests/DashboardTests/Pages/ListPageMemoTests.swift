import Foundation
import HTTPServer
import MarketClient
import Templating
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// List page contexts are built once per snapshot of the market JSON, and never outlive it: a refetched
/// page shows what the market says now.
@Suite struct ListPageMemoTests {
    let query = ProductListQuery(view: .grid, page: 1, perPage: 20, search: "")

    func entry(_ name: String, at time: CacheTime) -> ListPageMemo.Entry {
        ListPageMemo.Entry(fetchedAt: time, context: ["title": .string(name)], thumbnails: [])
    }

    @Test func sameSnapshot_isBuiltOnce_aNewSnapshotIsBuiltAgain() {
        let memo = ListPageMemo()
        let first = CacheTime(.now)
        var builds = 0
        for _ in 0..<3 {
            _ = memo.entry(for: query, fetchedAt: first) { builds += 1; return entry("old", at: first) }
        }
        #expect(builds == 1)
        let second = CacheTime(.now + .seconds(1))
        let refreshed = memo.entry(for: query, fetchedAt: second) { builds += 1; return entry("new", at: second) }
        #expect(builds == 2)
        #expect(refreshed.context["title"] == .string("new"))
        // Another view of the same page is another set of items (links and eager images differ).
        _ = memo.entry(for: ProductListQuery(view: .list, page: 1, perPage: 20, search: ""), fetchedAt: second) {
            builds += 1
            return entry("list", at: second)
        }
        #expect(builds == 3)
    }

    /// The note about values that were not understood belongs to the request that had them.
    @Test func aQueryWithIgnoredValues_isNeverRememberedNorServedFromMemory() {
        let memo = ListPageMemo()
        let now = CacheTime(.now)
        var odd = query
        odd.ignored = [.init(name: "sort", code: .unrecognisedValue)]
        _ = memo.entry(for: query, fetchedAt: now) { entry("plain", at: now) }
        let built = memo.entry(for: odd, fetchedAt: now) { entry("with note", at: now) }
        #expect(built.context["title"] == .string("with note"))
        let plain = memo.entry(for: query, fetchedAt: now) { entry("built again", at: now) }
        #expect(plain.context["title"] == .string("plain"))
    }

    @Test func holdsAtMostItsCapacity() {
        let memo = ListPageMemo(capacity: 4)
        let now = CacheTime(.now)
        for page in 1...10 {
            _ = memo.entry(for: ProductListQuery(view: .grid, page: page, perPage: 20, search: ""), fetchedAt: now) { entry("\(page)", at: now) }
            #expect(memo.count <= 4)
        }
    }

    @Test func pageAfterTheMarketChanged_showsTheNewData() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })
        // Fresh for no time: every request asks the market again (the refetch is what changes).
        let gateway = MarketGateway(api: market, freshFor: .zero)
        let pages = ProductBrowsing(
            gateway: gateway, images: ImageURLRegistry(),
            renderer: try PageRenderer(
                templatesDirectory: DashboardHarness.checkout.appendingPathComponent("Templates").path,
                logger: ServerLogger(level: .off)),
            ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), flash: FlashMessages())
        let request = HTTPRequest(method: .get, target: "/products?view=grid")
        #expect(try html(await pages.listPageFetching(RequestContext(request))).contains("Teapot 2"))
        market.state.withLock { $0.products[2] = ScriptedMarket.product(id: 2, name: "Kettle 2") }
        gateway.marketWritten(.unknown(productID: 2))
        let after = try html(await pages.listPageFetching(RequestContext(request)))
        #expect(after.contains("Kettle 2"))
        #expect(!after.contains("Teapot 2"))
    }

    func html(_ response: HTTPResponse) throws -> String {
        guard case .bytes(let bytes) = response.body else { throw HTTPError(.internalServerError, "not bytes") }
        return String(decoding: bytes, as: UTF8.self)
    }

    func pages(_ market: ScriptedMarket, keepingPages: Bool) throws -> ProductBrowsing {
        var pages = ProductBrowsing(
            gateway: MarketGateway(api: market, freshFor: .seconds(600)), images: ImageURLRegistry(),
            renderer: try PageRenderer(
                templatesDirectory: DashboardHarness.checkout.appendingPathComponent("Templates").path,
                logger: ServerLogger(level: .off)),
            ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), flash: FlashMessages())
        pages.keepsRenderedPages = keepingPages
        return pages
    }

    @Test(arguments: ["/products", "/products?view=grid", "/products?view=grid&page=2", "/products?per_page=10&q=Teapot"])
    func keptPage_isExactlyTheRenderedPage(_ target: String) async throws {
        let market = ScriptedMarket(products: (1...25).map { ScriptedMarket.product(id: $0, name: "Teapot <\($0)>") })
        let kept = try pages(market, keepingPages: true)
        let rendered = try pages(market, keepingPages: false)
        // One browser with a form cookie (the bulk form's token is the same without one).
        let request = HTTPRequest(method: .get, target: target, headers: ["Cookie": "om_csrf=0123456789abcdef0123456789abcdef"])
        let first = await kept.listPageFetching(RequestContext(request))
        let again = await kept.listPageFetching(RequestContext(request))
        let fresh = await rendered.listPageFetching(RequestContext(request))
        #expect(kept.listPages.count == 1)
        for response in [first, again] {
            #expect(response.status == fresh.status)
            #expect(response.headers == fresh.headers)
            #expect(try html(response) == html(fresh), "\(target)")
        }
    }

    @Test func requestWithAFlash_getsItsMessage_notTheKeptPage() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })
        let kept = try pages(market, keepingPages: true)
        let plain = HTTPRequest(method: .get, target: "/products")
        _ = await kept.listPageFetching(RequestContext(plain))  // the page is kept now
        let setCookie = kept.flash.set("Product registered.")
        let cookie = String(setCookie.prefix { $0 != ";" })
        let withFlash = HTTPRequest(method: .get, target: "/products", headers: ["Cookie": cookie])
        let response = await kept.listPageFetching(RequestContext(withFlash))
        #expect(try html(response).contains("Product registered."))
        #expect(response.headers.values(for: "Set-Cookie").contains { $0.hasPrefix(FlashMessages.cookieName + "=") })
        // Shown once: the next plain request gets the kept page again, without the message.
        #expect(try !html(await kept.listPageFetching(RequestContext(plain))).contains("Product registered."))
    }

    /// A value the page notes as not understood is part of that page, not of the kept one:
    /// the plain list after it shows no note, and the note shows again when asked for again.
    @Test func aNoteAboutIgnoredValues_staysOnItsOwnPage() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })
        let kept = try pages(market, keepingPages: true)
        let odd = HTTPRequest(method: .get, target: "/products?sort=DROP")
        let plain = HTTPRequest(method: .get, target: "/products")
        let note = "so it was not used"
        #expect(try html(await kept.listPageFetching(RequestContext(odd))).contains(note))
        #expect(try !html(await kept.listPageFetching(RequestContext(plain))).contains(note))
        #expect(try html(await kept.listPageFetching(RequestContext(odd))).contains(note))
        let immediate = try #require(kept.listPageIfFresh(RequestContext(plain)))
        #expect(try !html(immediate).contains(note))
    }

    @Test func pageCacheOption_isOnByDefault_andCanBeTurnedOff() throws {
        #expect(try DashboardConfiguration.parse(arguments: [], environment: [:]).pageCache)
        #expect(try !DashboardConfiguration.parse(arguments: ["--page-cache", "false"], environment: [:]).pageCache)
        #expect(try !DashboardConfiguration.parse(arguments: [], environment: ["DASHBOARD_PAGE_CACHE": "off"]).pageCache)
        #expect(throws: ConfigurationError.invalid("--page-cache must be true or false, not \"maybe\"")) {
            try DashboardConfiguration.parse(arguments: ["--page-cache=maybe"], environment: [:])
        }
    }
}
