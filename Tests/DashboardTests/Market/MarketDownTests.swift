import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The market stops answering: cached pages stay readable with a notice, uncached ones give a
/// clear error page with a retry link. Each test has its own dashboard whose JSON is never
/// fresh (`jsonFreshFor: .zero`), so every load asks the market.
@Suite struct MarketDownTests {
    static func neverFresh(_ configuration: inout DashboardConfiguration) {
        configuration.jsonFreshFor = .zero
    }

    /// Loads `path` after the market stopped answering. The first load serves the cached page
    /// stale and starts one refresh in the background; only once that refresh has failed does
    /// the page know that the market is not answering, so the second load waits for it to land.
    func loadAfterARefresh(_ path: String, _ dash: DashboardHarness) async throws -> TestResponse {
        _ = try await dash.get(path)
        let gateway = dash.app.gateway
        #expect(await finishes { await gateway.waitForRefreshes() })
        return try await dash.get(path)
    }

    func notice(_ response: TestResponse) -> String {
        HTMLScan.text(HTMLScan.block(in: response.text, from: "<p class=\"notice\"", to: "</p>"))
    }

    @Test func cachedList_isServedWithANotice_afterTheMarketStops() async throws {
        try await withDashboard(adjust: Self.neverFresh) { dash in
            let path = "/products?view=grid&page=2"
            let before = try await dash.get(path)
            #expect(before.status == 200)
            #expect(notice(before).isEmpty)
            await dash.stopMarket()
            let after = try await loadAfterARefresh(path, dash)
            #expect(after.status == 200)
            #expect(notice(after).hasSuffix("the market is not answering."))
            #expect(notice(after).hasPrefix("Showing data from"))
            #expect(after.productIDs == before.productIDs)
            #expect(after.text.contains("<ul class=\"product-grid\">"))
        }
    }

    @Test func cachedDetail_isServedWithANotice_afterTheMarketStops() async throws {
        try await withDashboard(adjust: Self.neverFresh) { dash in
            let before = try await dash.get("/products/4")
            #expect(before.status == 200)
            await dash.stopMarket()
            let after = try await loadAfterARefresh("/products/4", dash)
            #expect(after.status == 200)
            #expect(notice(after).contains("the market is not answering"))
            #expect(HTMLScan.text(HTMLScan.block(in: after.text, from: "<h1>", to: "</h1>")) == "맥북 프로 14")
        }
    }

    /// A market that takes the request and does not answer: before the refresh gives up
    /// (deadline and retries: up to half a minute), cached pages already say it is slow; once it
    /// answers again the notice goes. The threshold is a nanosecond here, so the order of the
    /// loads decides, not the machine's speed (the 2 s default is `StaleWhileRevalidateCacheTests`').
    @Test(arguments: ["/products?view=grid", "/products/7"])
    func cachedPage_saysTheMarketIsSlow_whileARefreshHangs(_ path: String) async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7), ScriptedMarket.product(id: 8, name: "Second Teapot")])
        let gate = Gate()
        try await withDashboard(.scripted(market), adjust: {
            $0.jsonFreshFor = .zero
            $0.jsonRefreshSlowAfter = .nanoseconds(1)
        }) { dash in
            defer { gate.open() }
            let before = try await dash.get(path)
            #expect(before.status == 200 && notice(before).isEmpty)

            market.holdReads(at: gate)
            // This load starts the refresh that hangs: nothing to say yet.
            let starting = try await dash.get(path)
            #expect(starting.status == 200 && notice(starting).isEmpty)
            // The next one finds it still running past the threshold.
            let slow = try await dash.get(path)
            #expect(slow.status == 200)
            #expect(notice(slow) == "Showing data from a moment ago; the market is slow to answer.")
            #expect(HTMLScan.text(slow.text).contains("Scripted Teapot"))

            gate.open()
            let gateway = dash.app.gateway
            #expect(await finishes { await gateway.waitForRefreshes() })
            let recovered = try await dash.get(path)
            #expect(recovered.status == 200 && notice(recovered).isEmpty)
        }
    }

    @Test(arguments: ["/products?view=grid&page=2&per_page=10", "/products/7?view=grid&page=3"])
    func uncachedPage_givesAnErrorPageWithARetryLink(_ path: String) async throws {
        try await withDashboard(adjust: Self.neverFresh) { dash in
            _ = try await dash.get("/products")  // something else is cached; this page is not
            await dash.stopMarket()
            let response = try await dash.get(path)
            #expect(response.status == 502 || response.status == 504)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.text.contains("<header class=\"site-header\">"))
            let retry = HTMLScan.tags("a", in: response.text).first { $0["class"] == "button" }
            #expect(retry?["href"] == path)
            #expect(HTMLScan.text(response.text).contains("Try again"))
            for leak in ["127.0.0.1:\(dash.marketPort)", "/api/products", "URLError", "MarketError", "NSURLError",
                "Connection refused", "unreachable", ".swift", "Stack"] {
                #expect(!response.text.contains(leak), "the error page shows \(leak)")
            }
        }
    }

    /// The market unreachable and nothing loaded before: a product's page names the product,
    /// a list its products, in both languages.
    @Test func anUnloadedProduct_isNamedAsTheProduct() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)], readFailure: .unreachable)
        try await withDashboard(.scripted(market)) { dash in
            let product = try await dash.get("/products/7?lang=en")
            #expect(product.status == 502)
            #expect(HTMLScan.text(product.text).contains("the dashboard has not loaded this product before, so there is nothing to show."))
            let korean = try await dash.get("/products/7?lang=ko")
            #expect(HTMLScan.text(korean.text).contains("전에 불러온 이 상품의 정보도 없어 보여 드릴 수 없습니다."))
            let list = try await dash.get("/products?lang=en")
            #expect(HTMLScan.text(list.text).contains("has not loaded this page's products before"))
        }
    }

    @Test func cachedImage_isStillServed_unknownOnesGetThePlaceholder() async throws {
        try await withDashboard(adjust: Self.neverFresh) { dash in
            let page = try await dash.get("/products/10")
            let sources = HTMLScan.blocks(in: page.text, from: "<li id=\"image-", to: "</li>")
                .compactMap { HTMLScan.tags("img", in: $0).first?["src"] }
            #expect(sources.count == 5)
            let cached = try await dash.get(sources[0])
            #expect(cached.status == 200)
            await dash.stopMarket()
            let again = try await dash.get(sources[0])
            #expect(again.status == 200 && again.body == cached.body)
            // Never fetched before the market stopped: the placeholder PNG, not to be cached.
            let missing = try await dash.get(sources[1])
            #expect(missing.status == 200)
            #expect(missing.header("Content-Type") == "image/png")
            #expect(missing.header("Cache-Control") == "no-store")
            let placeholder = try Data(contentsOf: DashboardHarness.checkout.appendingPathComponent("Public/images/placeholder.png"))
            #expect(missing.body == Array(placeholder))
        }
    }

    /// Nothing ever counted and the market down: a sorted list, the CSV and the overview each
    /// say what the seller asked for could not be made, not "the catalog could not be counted".
    @Test(arguments: [
        ("/products?sort=price", "The list could not be sorted or filtered", "To sort or filter, the dashboard needs every product"),
        ("/products.csv", "Your CSV file could not be made", "The file needs every product"),
        ("/overview", "The products could not be counted", "Try again in a moment."),
    ])
    func aPageNeedingEveryProduct_saysWhatCouldNotBeMade(_ path: String, _ heading: String, _ words: String) async throws {
        try await withDashboard(.scripted(ScriptedMarket(readFailure: .unreachable))) { dash in
            var page: TestResponse?
            let answered = try await eventually {
                page = try? await dash.get(path)
                return page?.status == 502
            }
            #expect(answered, "\(path): \(page?.status ?? 0)")
            let text = HTMLScan.text(page?.text ?? "")
            #expect(text.contains(heading) && text.contains(words), "\(path): \(text.suffix(400))")
            #expect(!text.contains("The catalog could not be counted"))
            #expect(!text.contains("still works"), "the plain list fails as well")
            if path.hasPrefix("/products?") {
                // The list's own error page: Try again, and a way on that is not the list again.
                let links = HTMLScan.hrefs(in: HTMLScan.block(in: page?.text ?? "", from: "<main", to: "</main>"))
                #expect(links.contains("/history") && !links.contains("/products"), "\(links)")
            }
        }
    }

    /// My products (the list and the sheet) with the market down and the seller number not
    /// known: the market first, with Try again; the seller number second.
    @Test(arguments: ["/products?mine=1", "/products/sheet?mine=1"])
    func myProducts_withTheMarketDown_sayTheMarketFirst(_ path: String) async throws {
        try await withDashboard(.scripted(ScriptedMarket(readFailure: .unreachable), ownVendorID: nil)) { dash in
            let page = try await dash.get(path, headers: ["Accept-Language": "en"])
            #expect(page.status == 502)
            let text = HTMLScan.text(HTMLScan.block(in: page.text, from: "<main", to: "</main>"))
            #expect(text.contains("The Open Market is not answering, so your products can't be shown. Try again in a moment."), "\(text)")
            let cause = try #require(text.range(of: "is not answering"))
            let vendor = try #require(text.range(of: "--vendor-id N"))
            #expect(cause.lowerBound < vendor.lowerBound)
            #expect(!text.contains("doesn't know which products are yours"))
            #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>")) == "Your products can't be shown")

            let korean = try await dash.get(path, headers: KoreanPageScan.korean)
            #expect(korean.status == 502)
            let koreanText = HTMLScan.text(korean.text)
            #expect(koreanText.contains("오픈마켓이 응답하지 않아 내 상품을 보여 드릴 수 없습니다. 잠시 후 다시 시도해 주세요. 또한 내 판매자 번호를 설정해 주세요."), "\(koreanText)")
        }
    }

    @Test func health_reportsTheMarketDown() async throws {
        try await withDashboard { dash in
            await dash.stopMarket()
            let response = try await dash.get("/healthz")
            #expect(response.status == 503)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect((json["upstream"] as? [String: Any])?["reachable"] as? Bool == false)
            #expect(json["status"] as? String == "ok")
        }
    }
}
