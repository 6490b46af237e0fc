import Foundation
import HTTPServer
import Testing

@testable import Dashboard
import DashboardEngine

/// `/products` and `/products/{id}` answer on the server's thread when their JSON is fresh in
/// the cache. That path must give exactly the page the async path gives, and decline whenever
/// the async path would have to ask the market. Requests go in process through the server's
/// own routing (`withDashboard(transport: .inProcess)`).
@Suite struct ImmediatePageTests {
    /// 25 products: two pages of 20.
    let market = ScriptedMarket(products: (1...25).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })

    /// A dashboard over `market`, in process, its JSON fresh for `freshFor`; with no kept pages
    /// unless asked, so a fresh page is rendered on the server's thread (`respondImmediately`).
    func withPages<T: Sendable>(
        freshFor: Duration = .seconds(600), keepingPages: Bool = false, _ body: (DashboardHarness) async throws -> T
    ) async throws -> T {
        try await withDashboard(.scripted(market), transport: .inProcess, adjust: {
            $0.jsonFreshFor = freshFor
            $0.pageCache = keepingPages
        }, body)
    }

    /// The CSRF cookie of one browser: the two paths are compared for a browser that has one
    /// (the list's bulk form carries the same token with it or without).
    static let browser = "om_csrf=0123456789abcdef0123456789abcdef"

    func get(_ dashboard: DashboardHarness, _ target: String, cookie: String? = nil) async throws -> TestResponse {
        try await dashboard.get(target, headers: ["Cookie": [Self.browser, cookie].compactMap { $0 }.joined(separator: "; ")])
    }

    /// The market's answers for `target`'s JSON so far (the product's, or the list's).
    func fetches(_ target: String) -> Int {
        let path = String(target.prefix { $0 != "?" })
        if path == "/products" { return market.listRequests.count }
        return market.received.filter { $0.path == "/api" + path }.count
    }

    @Test(arguments: [
        "/products", "/products?view=grid", "/products?view=grid&page=2", "/products?per_page=10&page=3&q=Teapot",
        "/products?page=7",  // past the last page: the same redirect
        "/products/5", "/products/7?view=grid&page=2", "/products/abc",
    ])
    func freshJSON_immediatePageIsTheAsyncPage(_ target: String) async throws {
        try await withPages { (dashboard: DashboardHarness) async throws in
            // The start-up count first: what it teaches the price timeline (an on-sale
            // product's line on its page) would otherwise land between the two answers.
            await dashboard.countSettled()
            let async = try await get(dashboard, target)  // nothing cached: the task path, which fills the cache
            let asked = fetches(target)
            let immediate = try await get(dashboard, target)
            #expect(fetches(target) == asked, "\(target): the fresh JSON answered, not the market")
            expectSameAnswer(immediate, async, target)
        }
    }

    @Test func nothingCached_immediateDeclines() async throws {
        try await withPages { (dashboard: DashboardHarness) async throws in
            for target in ["/products?view=grid", "/products/5"] {
                let asked = fetches(target)
                #expect(try await get(dashboard, target).status == 200, "\(target)")
                #expect(fetches(target) > asked, "\(target): the market was asked")
            }
        }
    }

    @Test func staleJSON_immediateDeclines_soTheAsyncPathCanRefresh() async throws {
        try await withPages(freshFor: .zero) { (dashboard: DashboardHarness) async throws in
            for target in ["/products?view=grid", "/products/5"] {
                _ = try await get(dashboard, target)
                let asked = fetches(target)
                #expect(try await get(dashboard, target).status == 200, "\(target)")
                // Stale JSON is served while one refresh asks the market again.
                #expect(try await eventually { fetches(target) > asked }, "\(target): asked again")
            }
        }
    }

    @Test func flashMessage_showsOnceOnTheImmediatePath_likeTheAsyncOne() async throws {
        try await withPages { (dashboard: DashboardHarness) async throws in
            var session = dashboard.session()
            _ = try await session.open("/products/new")
            let created = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(created.status == 303)
            let flash = try #require(created.setCookie("om_flash"))
            _ = try await session.get("/products")  // the list's JSON fresh again after the write
            let asked = fetches("/products")
            let immediate = try await session.get("/products", extraCookie: flash)
            #expect(fetches("/products") == asked, "answered from the fresh JSON")
            #expect(immediate.text.contains("Product added."))
            #expect(immediate.header("Cache-Control") == "no-store")

            // Taken: the same cookie again shows no message, and still expires the cookie.
            let again = try await session.get("/products", extraCookie: flash)
            #expect(!again.text.contains("Product added."))
            #expect(again.headers.contains { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix("om_flash=;") })
        }
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
        try await withPages(keepingPages: keepingPages) { (dashboard: DashboardHarness) async throws in
            let noisy = Self.noisyTarget(ending: "page=2")
            #expect(noisy.utf8.count > 8_000)
            #expect(HTTPRequest(method: .get, target: noisy).queryItems.count == 500)
            let expected = try await get(dashboard, "/products?view=grid&page=2")
            expectSameAnswer(try await get(dashboard, noisy), expected, "500 parameters")

            // The last `page` decides; a broken one means the default, page 1.
            let pageOne = try await get(dashboard, "/products?view=grid")
            expectSameAnswer(try await get(dashboard, Self.noisyTarget(ending: "page=%zz")), pageOne, "broken last page")
        }
    }
}
