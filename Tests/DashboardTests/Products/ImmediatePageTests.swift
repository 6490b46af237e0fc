import Foundation
import HTTPServer
import MarketClient
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// `/products` and `/products/{id}` answer on the server's thread when their JSON is fresh in
/// the cache. That path must give exactly the page the async path gives, and decline (nil)
/// whenever the async path would have to ask the market.
@Suite struct ImmediatePageTests {
    /// 25 products: two pages of 20.
    let market = ScriptedMarket(products: (1...25).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })

    func makePages(freshFor: Duration = .seconds(600)) throws -> (pages: ProductBrowsing, router: Router) {
        let pages = ProductBrowsing(
            gateway: MarketGateway(api: market, freshFor: freshFor),
            images: ImageURLRegistry(),
            renderer: try PageRenderer(
                templatesDirectory: DashboardHarness.checkout.appendingPathComponent("Templates").path,
                logger: ServerLogger(level: .off)),
            ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), flash: FlashMessages())
        var router = Router()
        let contexts = RequestContext.Maker.testing(ownVendorID: ScriptedMarket.vendorID)
        router.add(.get, "/products", pages.listPage(contexts))
        router.add(.get, "/products/{id}", pages.productPage(contexts))
        return (pages, router)
    }

    /// The CSRF cookie of one browser: the two paths are compared for a browser that has one
    /// (the list's bulk form carries the same token with it or without).
    static let browser = "om_csrf=0123456789abcdef0123456789abcdef"

    /// The route for `target` as the server finds it, with its path parameters set.
    func route(_ router: Router, _ target: String, cookie: String? = nil) throws -> (any HTTPHandler, HTTPRequest) {
        let cookies = [Self.browser, cookie].compactMap { $0 }.joined(separator: "; ")
        var request = HTTPRequest(method: .get, target: target, headers: ["Cookie": cookies], body: [])
        guard case .found(let route, let parameters) = router.match(method: .get, path: request.path) else {
            throw HTTPError(.notFound, "no route for \(target)")
        }
        request.pathParameters = parameters
        return (route.handler, request)
    }

    func expectSame(_ immediate: HTTPResponse?, _ async: HTTPResponse, _ target: String) throws {
        let immediate = try #require(immediate, "\(target) answered immediately")
        #expect(immediate.status == async.status, "\(target)")
        #expect(immediate.headers == async.headers, "\(target)")
        guard case .bytes(let a) = immediate.body, case .bytes(let b) = async.body else {
            Issue.record("\(target): not a byte body")
            return
        }
        #expect(a == b, "\(target): the same HTML")
    }

    @Test(arguments: [
        "/products", "/products?view=grid", "/products?view=grid&page=2", "/products?per_page=10&page=3&q=Teapot",
        "/products?page=7",  // past the last page: the same redirect
        "/products/5", "/products/7?view=grid&page=2", "/products/abc",
    ])
    func freshJSON_immediatePageIsTheAsyncPage(_ target: String) async throws {
        let (_, router) = try makePages()
        let (handler, request) = try route(router, target)
        let immediateHandler = try #require(handler as? any ImmediateHTTPHandler)
        let async = try await handler.handle(request)  // fills the cache
        try expectSame(try immediateHandler.respondImmediately(request), async, target)
    }

    @Test func nothingCached_immediateDeclines() throws {
        let (_, router) = try makePages()
        for target in ["/products?view=grid", "/products/5"] {
            let (_, request) = try route(router, target)
            let handler = try #require(try route(router, target).0 as? any ImmediateHTTPHandler)
            #expect(try handler.respondImmediately(request) == nil, "\(target)")
        }
    }

    @Test func staleJSON_immediateDeclines_soTheAsyncPathCanRefresh() async throws {
        let (_, router) = try makePages(freshFor: .zero)
        for target in ["/products?view=grid", "/products/5"] {
            let (handler, request) = try route(router, target)
            let immediateHandler = try #require(handler as? any ImmediateHTTPHandler, "\(target) has an immediate path")
            _ = try await handler.handle(request)
            #expect(try immediateHandler.respondImmediately(request) == nil, "\(target)")
        }
    }

    @Test func flashMessage_showsOnceOnTheImmediatePath_likeTheAsyncOne() async throws {
        let (pages, router) = try makePages()
        let (handler, plain) = try route(router, "/products")
        _ = try await handler.handle(plain)
        let immediateHandler = try #require(handler as? any ImmediateHTTPHandler)

        let first = try #require(pages.flash.set("Product registered.").split(separator: ";").first.map(String.init))
        let second = try #require(pages.flash.set("Product registered.").split(separator: ";").first.map(String.init))
        let (_, withFirst) = try route(router, "/products", cookie: first)
        let (_, withSecond) = try route(router, "/products", cookie: second)
        let immediate = try immediateHandler.respondImmediately(withFirst)
        let async = try await handler.handle(withSecond)
        try expectSame(immediate, async, "/products with a flash")
        let html = try #require(immediate.flatMap { response -> String? in
            guard case .bytes(let bytes) = response.body else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        })
        #expect(html.contains("Product registered."))
        #expect(immediate?.headers["Cache-Control"] == "no-store")

        // Taken: the same cookie again shows no message, and still expires the cookie.
        let again = try #require(try immediateHandler.respondImmediately(withFirst))
        guard case .bytes(let bytes) = again.body else { throw HTTPError(.internalServerError, "no body") }
        #expect(!String(decoding: bytes, as: UTF8.self).contains("Product registered."))
        #expect(again.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("om_flash=;") })
    }
}

/// A query of 500 parameters in about 8 KB (repeated names, broken escapes, names nobody
/// reads) gets the page its few meaningful parameters name, from the kept page as from a render.
extension ImmediatePageTests {
    static func noisyTarget(ending last: String) -> String {
        var pairs = ["view=grid"]
        for index in 0..<498 {
            pairs.append(index % 3 == 0 ? "page=%zz" : index % 3 == 1 ? "utm_source_\(index)=%%newsletter%" : "%zz\(index)=%G1")
        }
        pairs.append(last)
        return "/products?" + pairs.joined(separator: "&")
    }

    @Test(arguments: [false, true])
    func fiveHundredParameters_answerThePageTheyName(keepingPages: Bool) async throws {
        var (pages, _) = try makePages()
        pages.keepsRenderedPages = keepingPages
        var router = Router()
        router.add(.get, "/products", pages.listPage(.testing(ownVendorID: ScriptedMarket.vendorID)))
        let noisy = Self.noisyTarget(ending: "page=2")
        #expect(noisy.utf8.count > 8_000)
        #expect(HTTPRequest(method: .get, target: noisy).queryItems.count == 500)
        let (handler, clean) = try route(router, "/products?view=grid&page=2")
        let expected = try await handler.handle(clean)
        let (_, request) = try route(router, noisy)
        let immediate = try #require(handler as? any ImmediateHTTPHandler)
        try expectSame(try immediate.respondImmediately(request), expected, "500 parameters")
        try expectSame(try await handler.handle(request), expected, "500 parameters, async path")

        // The last `page` decides; a broken one means the default, page 1.
        let (_, firstPage) = try route(router, "/products?view=grid")
        let pageOne = try await handler.handle(firstPage)  // fills the cache
        let (_, brokenLast) = try route(router, Self.noisyTarget(ending: "page=%zz"))
        try expectSame(try immediate.respondImmediately(brokenLast), pageOne, "broken last page")
    }
}
