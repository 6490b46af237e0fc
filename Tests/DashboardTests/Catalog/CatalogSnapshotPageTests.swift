import Foundation
import HTTPServer
import Testing

@testable import Dashboard
import DashboardEngine

/// What a list answered from the catalog snapshot says and offers beyond its products: values
/// it did not understand, the own vendor unknown, a partial snapshot, Count again, the first
/// count's progress; and the overview's low-stock figures and filtered links.
@Suite struct CatalogSnapshotPageTests {
    /// A bad value, the parameters the page must name as not used, what the page must say
    /// about each (why, and what to do), and the list the rest of the query asks for.
    struct BadInput: Sendable, CustomStringConvertible {
        var query: String
        var ignored: [String]
        var says: [String]
        var meant: MatrixQuery
        /// Text that must appear nowhere on the page (for the long values).
        var bad: String?

        var description: String { String(query.prefix(80)) }
    }

    static let notAChoice = "is not one of the list's choices, so it was not used. Choose again under Sort and filter."

    static let badInputs: [BadInput] = [
        BadInput(
            query: "currency=KRW&sort=price&min_price=abc", ignored: ["min_price"],
            says: ["Lowest sale price was not used: it is not a number. Enter it in won, like 15,000."], meant: MatrixQuery(sort: .price, currency: "KRW")),
        BadInput(
            query: "currency=USD&min_price=50&max_price=10", ignored: ["max_price"],
            says: ["Highest sale price was not used: USD 10 is lower than the lowest sale price, USD 50. Enter a higher amount, or lower the lowest sale price."],
            meant: MatrixQuery(currency: "USD", minPrice: "50")),
        BadInput(
            query: "currency=USD&min_price=1.234", ignored: ["min_price"],
            says: ["Lowest sale price was not used: USD amounts have at most 2 decimal places. Enter it like 12.50."], meant: MatrixQuery(currency: "USD")),
        BadInput(
            query: "currency=KRW&max_price=1.234", ignored: ["max_price"],
            says: ["Highest sale price was not used: KRW amounts have no decimals. Enter it in whole won, like 15,000."], meant: MatrixQuery(currency: "KRW")),
        BadInput(
            query: "currency=KRW&min_price=-5", ignored: ["min_price"],
            says: ["Lowest sale price was not used: it is below 0. Enter 0 or more."], meant: MatrixQuery(currency: "KRW")),
        BadInput(
            query: "currency=KRW&min_price=10.5", ignored: ["min_price"],
            says: ["Lowest sale price was not used: KRW amounts have no decimals."], meant: MatrixQuery(currency: "KRW")),
        BadInput(query: "sort=DROP&stock=in", ignored: ["sort"], says: ["The value for “Sort by” " + notAChoice], meant: MatrixQuery(stock: "in")),
        BadInput(query: "sort=-stock&stock=42", ignored: ["stock"], says: ["The value for “Stock” " + notAChoice], meant: MatrixQuery(sort: .stockDescending)),
        BadInput(query: "sale=yes&sort=name", ignored: ["sale"], says: ["The value for “Discounted products only” " + notAChoice], meant: MatrixQuery(sort: .name)),
        BadInput(query: "currency=EUR&sort=oldest", ignored: ["currency"], says: ["The value for “Currency” " + notAChoice], meant: MatrixQuery(sort: .oldest)),
        BadInput(
            query: "min_price=10&sort=price", ignored: ["min_price"],
            says: ["Lowest sale price was not used: a price range needs a currency. Choose KRW or USD, then enter the range again."],
            meant: MatrixQuery(sort: .price)),
        // Two bounds refused for one reason: one sentence names both.
        BadInput(
            query: "min_price=10&max_price=20&sort=price", ignored: ["min_price", "max_price"],
            says: ["Lowest sale price and highest sale price were not used: a price range needs a currency. Choose KRW or USD, then enter the range again."],
            meant: MatrixQuery(sort: .price)),
        BadInput(
            query: "currency=KRW&min_price=abc&max_price=x1", ignored: ["min_price", "max_price"],
            says: ["Lowest sale price and highest sale price were not used: they are not numbers. Enter them in won, like 15,000."],
            meant: MatrixQuery(currency: "KRW")),
        BadInput(query: "sort=DROP&stock=&sale=", ignored: ["sort"], says: ["The value for “Sort by” " + notAChoice], meant: MatrixQuery()),
        BadInput(
            query: "sort=1%3BDROP%20TABLE&currency=KRW&max_price=1e9", ignored: ["sort", "max_price"],
            says: ["The value for “Sort by” " + notAChoice, "Highest sale price was not used: it is not a number."], meant: MatrixQuery(currency: "KRW")),
        BadInput(
            query: "sort=DROP&stock=42", ignored: ["sort", "stock"],
            says: ["The values for “Sort by” and “Stock” are not among the list's choices, so they were not used."], meant: MatrixQuery()),
        // As long as a request line may be (8 KB; longer is 414 before any page runs).
        BadInput(
            query: "stock=low&sort=" + String(repeating: "x", count: 7000), ignored: ["sort"], says: ["The value for “Sort by” " + notAChoice],
            meant: MatrixQuery(stock: "low"), bad: "xxxxxxxx"),
        BadInput(
            query: "currency=KRW&sort=stock&min_price=" + String(repeating: "9", count: 7000), ignored: ["min_price"],
            says: ["Lowest sale price was not used: it is too large. Enter at most 12 digits."],
            meant: MatrixQuery(sort: .stock, currency: "KRW"), bad: "99999999999999"),
    ]

    @Test(arguments: badInputs)
    func aValueNotUnderstood_isIgnored_named_andDroppedFromEveryLink(_ input: BadInput) async throws {
        try await withDashboard(.sharedCatalog) { harness in
            let walked = try await harness.walkList("/products?per_page=100&" + input.query)
            #expect(walked.ids == input.meant.expected(ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock), "\(input)")
            let page = try #require(walked.pages.first)
            #expect(page.status == 200)
            for sentence in input.says {
                #expect(HTMLScan.text(page.text).contains(sentence), "\(input): \(sentence)")
            }
            if let bad = input.bad { #expect(!page.text.contains(bad), "\(input)") }
            Self.expectDropped(input, from: page.text)
        }
    }

    /// No link of the page carries an ignored parameter other than as the rest of the query
    /// means it, and no form field carries its value.
    static func expectDropped(_ input: BadInput, from html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let given = PageLink("/?" + input.query).query
        let meant = Dictionary(input.meant.items, uniquingKeysWith: { a, _ in a })
        var links = 0
        for tag in ["a", "button"].flatMap({ HTMLScan.tags($0, in: html) }) {
            for address in [tag["href"], tag["data-next"]].compactMap({ $0 }) where address.hasPrefix("/products") {
                links += 1
                let query = PageLink(address).query
                for name in input.ignored {
                    #expect(query[name] == meant[name], "\(input): \(address.prefix(120))", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(links > 10, sourceLocation: sourceLocation)
        for field in HTMLScan.tags("input", in: html) {
            guard let name = field["name"], input.ignored.contains(name), let bad = given[name], !bad.isEmpty else { continue }
            #expect(field["value"] != bad, "\(input): the \(name) field", sourceLocation: sourceLocation)
        }
        for field in HTMLScan.tags("input", in: html) where field["name"] == "back" {
            let query = PageLink(field["value"] ?? "").query
            for name in input.ignored {
                #expect(query[name] == meant[name], "\(input): Count again's way back", sourceLocation: sourceLocation)
            }
        }
    }

    /// "1,000" in a price filter is 1000, as the sheet reads it: the same products, no note,
    /// and a chip that names the sale price with whole amounts.
    @Test func aPriceWithThousandsCommas_filtersAsThePlainNumberDoes() async throws {
        try await withDashboard(.sharedCatalog) { harness in
            let plain = try await harness.walkList("/products?per_page=100&currency=KRW&min_price=1000&max_price=300000")
            let grouped = try await harness.walkList("/products?per_page=100&currency=KRW&min_price=1%2C000&max_price=300%2C000")
            #expect(grouped.ids == plain.ids)
            #expect(grouped.ids == MatrixQuery(currency: "KRW", minPrice: "1000", maxPrice: "300000").expected(
                ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock))
            let page = try #require(grouped.pages.first)
            #expect(!page.text.contains("was not used"))
            #expect(HTMLScan.text(page.text).contains("Sale price KRW 1,000 to KRW 300,000"))
            let dollars = try await harness.get("/products?currency=USD&min_price=10&max_price=300")
            #expect(HTMLScan.text(dollars.text).contains("Sale price USD 10 to USD 300"), "whole amounts without decimals")
            let korean = try await harness.get("/products?currency=KRW&min_price=50%2C000", headers: KoreanPageScan.korean)
            #expect(HTMLScan.text(korean.text).contains("할인가 50,000원 이상"))
        }
    }

    /// The market's own list (no order, no filter) keeps its rendered pages: a page asked for
    /// with a value not understood still names it, and the same page without one does not.
    @Test func theNote_belongsToItsRequest_notToTheKeptPage() async throws {
        try await withDashboard(.liveShaped(ListMatrixCatalog.market(), vendorID: ListMatrixCatalog.ownVendorID)) { harness in
            for _ in 0..<2 {
                let plain = try await harness.get("/products?view=grid")
                let badSort = try await harness.get("/products?view=grid&sort=DROP")
                let badStock = try await harness.get("/products?view=grid&stock=42")
                #expect(!plain.text.contains("was not used"))
                #expect(HTMLScan.text(badSort.text).contains("The value for “Sort by” " + Self.notAChoice))
                #expect(HTMLScan.text(badStock.text).contains("The value for “Stock” " + Self.notAChoice))
            }
        }
    }

    /// 10,000 characters do not fit a request line (414 from the server before any page runs),
    /// so the list's handler gets them directly.
    @Test(arguments: ["sort", "stock", "sale", "currency", "min_price", "max_price"])
    func tenThousandCharacters_areIgnoredByTheList(_ name: String) async throws {
        try await withDashboard(.sharedCatalog) { harness in
            let long = String(repeating: "7", count: 10_000)
            let target = "/products?currency=USD&stock=in&sort=price&\(name)=\(long)"
            let tooLong = try await harness.get(target)
            #expect(tooLong.status == 414)
            let listing = CatalogListing(
                catalog: harness.app.catalog,
                renderer: try PageRenderer(
                    templatesDirectory: DashboardHarness.checkout.appendingPathComponent("Templates").path, logger: ServerLogger(level: .off)),
                flash: FlashMessages(clock: harness.app.engine.clock), clock: harness.app.engine.clock)
            let context = RequestContext(
                HTTPRequest(method: .get, target: target), ownVendorID: ListMatrixCatalog.ownVendorID,
                settings: PageSettings(lowStockThreshold: ListMatrixCatalog.lowStock, timeZone: .gmt))
            #expect(context.listQuery.ignoredNames == [name])
            let response = await listing.listPage(context, imagePath: { _ in "/static/images/placeholder.png" })
            #expect(response.status == .ok)
            guard case .bytes(let bytes) = response.body else {
                Issue.record("not a page")
                return
            }
            let html = String(decoding: bytes, as: UTF8.self)
            let says = name.hasSuffix("_price") ? "was not used: it is too large. Enter at most 12 digits." : Self.notAChoice
            #expect(HTMLScan.text(html).contains(says))
            #expect(!html.contains("7777777777"))
            var meant = MatrixQuery(sort: .price, stock: "in", currency: "USD")
            if name == "sort" { meant.sort = .newest }
            if name == "stock" { meant.stock = nil }
            if name == "currency" { meant.currency = nil }
            let shown = TestResponse(status: 200, headers: [], body: bytes).productIDs
            let expected = meant.expected(ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock)
            #expect(shown == Array(expected.prefix(20)))
        }
    }

    @Test func ownProducts_withoutAKnownVendor_answer409() async throws {
        try await withDashboard(.liveShaped(ListMatrixCatalog.market())) { harness in
            for path in ["/products?mine=1&sort=price", "/products?mine=1&stock=low&view=grid", "/products.csv?mine=1&sort=name"] {
                let page = try await harness.get(path)
                #expect(page.status == 409, "\(path)")
                #expect(page.text.contains("--vendor-id"), "\(path)")
            }
            // Without mine, the same orders and filters work: the whole catalog, in their order.
            let lowStock = DashboardConfiguration.defaultLowStock
            for query in [MatrixQuery(sort: .price), MatrixQuery(stock: "low"), MatrixQuery(sort: .price, stock: "low")] {
                let walked = try await harness.walkList("/products?" + query.queryString([("per_page", "100")]))
                #expect(walked.ids == query.expected(ListMatrixCatalog.products, lowStock: lowStock), "\(query)")
                #expect(!walked.ids.isEmpty, "\(query)")
            }
            let csv = try await harness.csvIDs("/products.csv?sort=name")
            #expect(csv == MatrixQuery(sort: .name).expected(ListMatrixCatalog.products, lowStock: lowStock))
        }
    }

    @Test func aSnapshotOverItsLimit_saysTheResultsArePartial() async throws {
        try await withDashboard(.liveShaped(ListMatrixCatalog.market(), vendorID: ListMatrixCatalog.ownVendorID), adjust: { $0.catalog.productLimit = 50 }) { harness in
            let query = MatrixQuery(sort: .price, stock: "in")
            let walked = try await harness.walkList("/products?per_page=100&" + query.queryString())
            let counted = Array(ListMatrixCatalog.products.sorted { $0.id > $1.id }.prefix(50))
            #expect(walked.ids == query.expected(counted, lowStock: DashboardConfiguration.defaultLowStock))
            let page = try #require(walked.pages.first)
            #expect(page.text.contains("These results cover the first 50 products only"))
            // The market's own list (no order, no filter) is not partial.
            let plain = try await harness.get("/products")
            #expect(!plain.text.contains("These results cover"))
        }
    }

    @Test func countAgain_needsTheToken_andGoesBackOnlyToAPathHere() async throws {
        let market = ListMatrixCatalog.market()
        try await withDashboard(.liveShaped(market, vendorID: ListMatrixCatalog.ownVendorID)) { harness in
            let list = "/products?sort=stock&stock=in&per_page=50"
            var session = FormSession(port: harness.port)
            let page = try await session.open(list)
            #expect(page.status == 200)
            let form = HTMLScan.block(in: page.text, from: "<form class=\"refresh-catalog\"", to: "</form>")
            #expect(form.contains("method=\"post\"") && form.contains("action=\"/catalog/refresh\""))
            // One word for a refresh: "Updated 07:15 EST, a moment ago. [Refresh]".
            #expect(HTMLScan.text(form).contains("Refresh") && HTMLScan.text(page.text).contains("Updated "))
            #expect(!HTMLScan.text(page.text).contains("Count again") && !HTMLScan.text(page.text).contains("As of "))
            #expect(!session.csrfToken.isEmpty)
            await harness.app.catalog.countEnded()
            let counted = market.listRequests.count
            #expect(counted > 0)

            // No token: back to the list, nothing counted.
            let refused = try await HTTPTestClient.request(
                harness.port, "POST", "/catalog/refresh",
                headers: session.browserHeaders.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
                body: Array("back=\(FormSession.encode(list))".utf8))
            #expect(refused.status == 303)
            #expect(refused.header("Location") == list)
            #expect(harness.app.catalog.status().progress == nil)
            await harness.app.catalog.countEnded()
            #expect(market.listRequests.count == counted, "no count without the token")

            // Another site: refused outright.
            var foreign = session.browserHeaders
            foreign["Origin"] = "http://evil.example"
            foreign["Sec-Fetch-Site"] = "cross-site"
            let crossSite = try await session.postURLEncoded("/catalog/refresh", [("back", list)], headers: foreign)
            #expect(crossSite.status == 403)
            await harness.app.catalog.countEnded()
            #expect(market.listRequests.count == counted)

            // With the token: a new count, then back to the list.
            let accepted = try await session.postURLEncoded("/catalog/refresh", [("back", list)])
            #expect(accepted.status == 303)
            #expect(accepted.header("Location") == list)
            await harness.app.catalog.countEnded()
            #expect(market.listRequests.count > counted, "the market was listed again")

            // Never back to another site.
            for back in ["//evil.example", "/\\evil.example", "https://evil.example/products", "products", ""] {
                await harness.app.catalog.countEnded()
                let answer = try await session.postURLEncoded("/catalog/refresh", [("back", back)])
                #expect(answer.status == 303, "\(back)")
                #expect(answer.header("Location") == "/products", "\(back)")
            }
        }
    }

    /// The market stops answering while a list shown from the catalog snapshot is still young:
    /// once any read finds it gone the list says so, with the time it was loaded and the way
    /// on, before a count of its own fails; after a failed Refresh it says the same.
    @Test func aMarketGone_isSaidOnTheList_beforeAndAfterARefresh() async throws {
        let market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0, name: "Scripted Teapot \($0)") })
        try await withDashboard(.scripted(market), adjust: { $0.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt }) { harness in
            let list = "/products?mine=1&lang=ko"
            let first = try await harness.get(list)
            #expect(first.productIDs.count == 3)
            #expect(!HTMLScan.text(first.text).contains("오픈마켓에 연결할 수 없어"))
            let loadedAt = LocalTime.clockWithZone(try #require(harness.app.catalog.status().snapshot?.takenAt), zone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)

            market.state.withLock { $0.readFailure = .unreachable }
            // A product never read before: the market's silence is found by this read.
            #expect(try await harness.get("/products/2").status == 502)
            let warned = HTMLScan.text(try await harness.get(list).text)
            let says = "오픈마켓에 연결할 수 없어 \(loadedAt)에 불러온 목록을 보여 드립니다. 잠시 후 [새로 고침]을 눌러 주세요."
            #expect(warned.contains(says), "\(warned)")
            #expect(!warned.contains("집계"))
            let english = HTMLScan.text(try await harness.get("/products?mine=1&lang=en").text)
            #expect(english.contains("The Open Market can't be reached, so this is the list as loaded at \(loadedAt). Select Refresh in a moment."), "\(english)")

            #expect(harness.app.catalog.startCount())
            await harness.app.catalog.countEnded()
            #expect(harness.app.catalog.status().failure?.code == .unreachable)
            #expect(HTMLScan.text(try await harness.get(list).text).contains(says))
        }
    }

    @Test func duringTheFirstCount_aFilteredListShowsItsProgress_andReloads() async throws {
        let gate = Gate()
        let market = ListMatrixCatalog.market()
        // The first count starts with the dashboard: its lists wait from before the start.
        market.state.withLock { $0.listGate = gate }
        defer { gate.open() }
        try await withDashboard(.liveShaped(market, vendorID: ListMatrixCatalog.ownVendorID), adjust: { $0.catalog.waitLimit = .zero }) { harness in
            let path = "/products?sort=price&stock=in"
            let counting = try await harness.get(path)
            #expect(counting.status == 200)
            #expect(counting.text.contains("<progress"))
            #expect(counting.text.contains("<meta http-equiv=\"refresh\""))
            #expect(counting.productIDs.isEmpty)
            #expect(counting.header("Cache-Control") == "no-store")
            #expect(try await eventually { !market.listRequests.isEmpty }, "the count asked the market")

            gate.open()
            await harness.app.catalog.countEnded()
            let listed = try await harness.get(path)
            #expect(!listed.text.contains("<progress"))
            #expect(!listed.text.contains("http-equiv=\"refresh\""))
            let expected = MatrixQuery(sort: .price, stock: "in").expected(ListMatrixCatalog.products, lowStock: DashboardConfiguration.defaultLowStock)
            #expect(listed.productIDs == Array(expected.prefix(20)))
        }
    }

    // MARK: The overview

    @Test func theOverview_countsLowStock_andLinksEachFigureToItsList() async throws {
        try await withDashboard(.sharedCatalog) { harness in
            // The count is done once a list from the snapshot answers.
            _ = try await harness.walkList("/products?sort=stock&per_page=100")
            let overview = try await harness.get("/overview")
            #expect(overview.status == 200)
            let threshold = ListMatrixCatalog.lowStock
            #expect(overview.text.contains("Low stock (1 to \(threshold) left)"))
            for mine in [false, true] {
                let scope = mine ? "mine" : "catalog"
                let section = HTMLScan.block(in: overview.text, from: "data-scope=\"\(scope)\"", to: "</section>")
                let figures = metrics(in: section)
                let products = ListMatrixCatalog.products.filter { !mine || $0.vendorID == ListMatrixCatalog.ownVendorID }
                let wanted: [(metric: String, count: Int, filter: String)] = [
                    ("low-stock", products.filter { (1...threshold).contains($0.stock) }.count, "stock=low"),
                    ("sold-out", products.filter { $0.stock <= 0 }.count, "stock=out"),
                    ("on-sale", products.filter { $0.discountHundredths > 0 }.count, "sale=1"),
                ]
                for (metric, count, filter) in wanted {
                    #expect(figures[metric] == String(count), "\(scope) \(metric)")
                    // The figure is a link to the list filtered that way, which lists that many.
                    let link = HTMLScan.blocks(in: section, from: "<a ", to: "</a>").first { $0.contains("data-metric=\"\(metric)\"") }
                    let href = try #require(link.flatMap { HTMLScan.tags("a", in: $0).first?["href"] }, "\(scope) \(metric) has no link")
                    #expect(href == (mine ? "/products?mine=1&\(filter)" : "/products?\(filter)"), "\(scope) \(metric)")
                    let list = try await harness.walkList(href)
                    #expect(list.ids.count == count, "\(href)")
                    let line = countLine(list.pages.first?.text ?? "")
                    #expect(line.hasSuffix(matchCount(count, of: products.count)), "\(href): \(line)")
                }
                #expect(figures["products"] == String(products.count))
            }
        }
    }

    @Test func theLowStockOption_isReadFromTheFlagAndTheEnvironment() throws {
        #expect(try DashboardConfiguration.parse(arguments: [], environment: [:]).lowStockThreshold == 5)
        #expect(try DashboardConfiguration.parse(arguments: ["--low-stock", "12"], environment: [:]).lowStockThreshold == 12)
        #expect(try DashboardConfiguration.parse(arguments: [], environment: ["DASHBOARD_LOW_STOCK": "3"]).lowStockThreshold == 3)
        for bad in ["0", "-1", "many", "1.5"] {
            #expect(throws: ConfigurationError.self) { try DashboardConfiguration.parse(arguments: ["--low-stock", bad], environment: [:]) }
        }
    }
}
