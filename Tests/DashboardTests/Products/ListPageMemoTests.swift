import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

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

    /// One browser with a form cookie (the bulk form's token is the same without one).
    static let browser = ["Cookie": "om_csrf=0123456789abcdef0123456789abcdef"]

    /// A dashboard over `market`, in process, keeping rendered pages or not. Its clock stands
    /// still, so a flash message's minute does not run out on a slow machine.
    func withPages<T: Sendable>(
        _ market: ScriptedMarket, keepingPages: Bool = true, _ body: (DashboardHarness) async throws -> T
    ) async throws -> T {
        try await withDashboard(.scripted(market), transport: .inProcess, clock: ManualWallClock(), adjust: {
            $0.pageCache = keepingPages
            $0.jsonFreshFor = .seconds(600)
        }, body)
    }

    @Test func pageAfterTheMarketChanged_showsTheNewData() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })
        try await withPages(market) { (dashboard: DashboardHarness) async throws in
            #expect(try await dashboard.get("/products?view=grid").text.contains("Teapot 2"))
            // An edit the market makes and whose answer is lost on its way back: the dashboard
            // does not know the outcome, and fetches the JSON again all the same.
            market.state.withLock { $0.lostAnswers = 1 }
            var session = dashboard.session()
            _ = try await session.open("/products/2/edit")
            _ = try await session.postURLEncoded("/products/2/edit", replacing(validProductFields, "name", with: "Kettle 2"))
            #expect(market.state.withLock { $0.products[2]?.summary.name } == "Kettle 2")
            let after = try await dashboard.get("/products?view=grid").text
            #expect(after.contains("Kettle 2"))
            #expect(!after.contains("Teapot 2"))
        }
    }

    @Test(arguments: ["/products", "/products?view=grid", "/products?view=grid&page=2", "/products?per_page=10&q=Teapot"])
    func keptPage_isExactlyTheRenderedPage(_ target: String) async throws {
        let market = ScriptedMarket(products: (1...25).map { ScriptedMarket.product(id: $0, name: "Teapot <\($0)>") })
        let fresh = try await withPages(market, keepingPages: false) { try await $0.get(target, headers: Self.browser) }
        try await withPages(market) { kept in
            let first = try await kept.get(target, headers: Self.browser)
            let again = try await kept.get(target, headers: Self.browser)
            for response in [first, again] {
                expectSameAnswer(response, fresh, target)
            }
        }
    }

    @Test func requestWithAFlash_getsItsMessage_notTheKeptPage() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })
        try await withPages(market) { (dashboard: DashboardHarness) async throws in
            var session = dashboard.session()
            _ = try await session.open("/products/new")
            let created = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            let flash = try #require(created.setCookie("om_flash"))
            _ = try await session.get("/products")  // the page is kept now
            let response = try await session.get("/products", extraCookie: flash)
            #expect(response.text.contains("Product added."))
            #expect(response.setCookie(FlashMessages.cookieName) != nil)
            // Shown once: the next plain request gets the kept page again, without the message.
            #expect(try await !session.get("/products").text.contains("Product added."))
        }
    }

    /// A value the page notes as not understood is part of that page, not of the kept one:
    /// the plain list after it shows no note, and the note shows again when asked for again.
    @Test func aNoteAboutIgnoredValues_staysOnItsOwnPage() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Teapot \($0)") })
        try await withPages(market) { (dashboard: DashboardHarness) async throws in
            let note = "so it was not used"
            #expect(try await dashboard.get("/products?sort=DROP").text.contains(note))
            #expect(try await !dashboard.get("/products").text.contains(note))
            #expect(try await dashboard.get("/products?sort=DROP").text.contains(note))
            // The kept plain page, answered on the server's thread, has no note either.
            #expect(try await !dashboard.get("/products").text.contains(note))
        }
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
