import Foundation
import LocalMarket
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// Every page in Korean over real sockets, as a Korean browser asks for it: the browsing
/// pages, the forms and every error page, each scanned for English UI words and for particles
/// that do not fit; `?lang=` and the cookie that remembers it.
@Suite struct KoreanPagesTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .current

    /// A form session whose pages are Korean (the cookie a Korean reader's choice leaves).
    static func koreanSession(_ port: Int, opening path: String = "/products/new") async throws -> FormSession {
        var session = FormSession(port: port)
        _ = try await session.open(path + "?lang=ko")
        session.cookie += "; om_lang=ko"
        return session
    }

    /// Korean values, so the English the scan may find can only be the page's own.
    static let koreanFields = replacing(
        replacing(validProductFields, "name", with: "시험용 주전자"), "description", with: "한국어로만 쓴 시험용 설명입니다.")

    /// A product of the scripted market with Korean words only.
    static func koreanProduct(id: Int) -> ProductDetail {
        var product = ScriptedMarket.product(id: id, name: "시험용 주전자 \(id)호")
        product.summary.description = "한국어로만 쓴 시험용 설명입니다."
        return product
    }

    // MARK: Pages

    @Test func everyBrowsingRoute_isKorean() async throws {
        try await withDashboard(adjust: { $0.timeZone = Self.seoul }) { dash in
            try await KoreanPageScan.rewriteInKorean(dash)
            #expect(KoreanPageScan.properNouns.isDisjoint(with: KoreanPageScan.englishWords), "a vendor's name is made of UI words")
            _ = try await dash.get("/overview")
            await dash.app.catalog.countEnded()
            let others = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")["pages"] as? [[String: Any]] ?? []
            let another = try #require(others.first { $0["vendor_id"] as? Int == MarketVendor.seoulShop.id }?["id"] as? Int)
            let own = try #require(others.first { $0["vendor_id"] as? Int == MarketVendor.localTeam.id }?["id"] as? Int)
            // Every page of the route table (a new one joins by itself), then the states of those
            // pages a query or another product gives.
            let routePages = try await PageRoutes.pages(dash, seeds: PageRoutes.Seeds(own: own)).map { (path: $0.path, status: $0.status) }
            let states: [(path: String, status: Int)] = [
                ("/products?view=grid&page=2", 200), ("/products?q=%EC%8B%9C%ED%97%98", 200),
                ("/products?q=%EC%97%86%EC%9D%8C", 200), ("/products/1", 200), ("/products/4", 200), ("/products/8", 200),
                ("/products/999999", 404), ("/products/abc", 404), ("/products?mine=1", 200),
                ("/products?sort=price&stock=low&sale=1&currency=KRW", 200),
                ("/products?sort=price&currency=KRW&min_price=1000&max_price=900000", 200),
                ("/products?sort=bogus&stock=many&sale=2&currency=EUR&min_price=x", 200),
                ("/products/\(another)/edit", 403), ("/products/\(another)/delete", 403),
                ("/history?product=\(own)", 200), ("/products?view=table&sort=-name", 200),
            ]
            for (path, status) in routePages + states {
                KoreanPageScan.expectKorean(try await dash.get(path, headers: KoreanPageScan.korean), path, status: status)
            }
            // The bulk form refused on its list: a value that is no number, an amount over KRW
            // and USD products, a percent of the price on stock.
            let session = try await Self.koreanSession(dash.port, opening: "/products")
            let mine = try await session.get("/products?mine=1&lang=ko")
            let ids = HTMLScan.tags("input", in: mine.text).filter { $0["name"] == "ids" }.compactMap { $0["value"] }
            for fields in [
                [("action", "price_set"), ("value", "abc"), ("unit", "amount")], [("action", "price_set"), ("value", "1000"), ("unit", "amount")],
                [("action", "stock_set"), ("value", "5"), ("unit", "percent")],
            ] {
                let refused = try await BatchTesting.bulk(session, [("back", "/products?mine=1"), ("mine", "1")] + ids.map { ("ids", $0) } + fields)
                KoreanPageScan.expectKorean(refused, "bulk form \(fields[0].1)", status: 422)
            }
            // Times in the vendor's zone, named.
            let overview = HTMLScan.text(try await dash.get("/overview", headers: KoreanPageScan.korean).text)
            #expect(overview.contains("집계 시각 ") && overview.contains(" KST · "), "\(overview.prefix(300))")
            let list = HTMLScan.text(try await dash.get("/products?sort=price", headers: KoreanPageScan.korean).text)
            #expect(list.contains(" KST 기준 · "), "\(list.prefix(600))")
            let ignored = HTMLScan.text(try await dash.get("/products?sort=bogus&stock=many", headers: KoreanPageScan.korean).text)
            #expect(ignored.contains("정렬, 재고 값이 올바르지 않아 적용하지 않았습니다. [정렬 및 필터]에서 다시 선택해 주세요."))
            let notMine = HTMLScan.text(try await dash.get("/products/\(another)/edit", headers: KoreanPageScan.korean).text)
            #expect(notMine.contains("상품은 서울상회의 상품입니다. 내 판매자 번호(28)로 등록한 상품만 수정할 수 있습니다."))
        }
    }

    /// The pages the HTTP server answers by itself and the forms it cannot read or will not
    /// take, in Korean; the market down behind an uncached page (502).
    @Test func errorPages_areKorean() async throws {
        try await withDashboard { dash in
            var session = try await Self.koreanSession(dash.port)
            KoreanPageScan.expectKorean(try await dash.get("/nowhere/at/all", headers: KoreanPageScan.korean), "404", status: 404)
            KoreanPageScan.expectKorean(try await HTTPTestClient.request(dash.port, "PUT", "/products", headers: KoreanPageScan.korean), "405", status: 405)
            let huge = TestFile.jpeg("huge.jpg", size: ProductForms.maxCreateBodyBytes + 1)
            KoreanPageScan.expectKorean(try await session.post("/products", Self.koreanFields, files: [huge]), "413 (server)", status: 413)
            var elsewhere = session.browserHeaders
            elsewhere["Origin"] = "http://evil.example"
            KoreanPageScan.expectKorean(try await session.post("/products", Self.koreanFields, headers: elsewhere), "403 (another site)", status: 403)
            var headers = session.browserHeaders
            headers["Content-Type"] = "text/plain"
            KoreanPageScan.expectKorean(try await HTTPTestClient.request(dash.port, "POST", "/products", headers: headers, body: Array("x".utf8)), "415", status: 415)
            headers["Content-Type"] = "multipart/form-data"
            KoreanPageScan.expectKorean(try await HTTPTestClient.request(dash.port, "POST", "/products", headers: headers, body: Array("x".utf8)), "400", status: 400)
            let manyParts = Self.koreanFields + (0..<FormSubmission.limits.maxParts).map { ("extra", "\($0)") }
            KoreanPageScan.expectKorean(try await session.post("/products", manyParts), "413 (form)", status: 413)
            session.take(try await session.open("/products/new?lang=ko"))
            KoreanPageScan.expectKorean(try await session.post("/products", replacing(Self.koreanFields, "name", with: "가나"), files: [.jpeg("a.jpg")]),
                "422", status: 422)

            _ = try await dash.get("/products")
            await dash.stopMarket()
            let down = try await dash.get("/products/5?lang=ko")
            #expect(down.status == 502 || down.status == 504)
            KoreanPageScan.expectKorean(down, "market down")
        }
    }

    /// Every way a registration can fail at the market, in Korean; the market's own words are
    /// shown as they came, quoted and marked.
    @Test func marketFailuresOnAForm_areKorean() async throws {
        let market = ScriptedMarket()
        try await withDashboard(.scripted(market)) { dash in
            let cases: [(MarketError, Int)] = [
                (.rejected(status: 400, message: "name is already taken"), 422),
                (.rejected(status: 500, message: "database on fire"), 502),
                (.invalidRequest("a product needs 1 to 5 images, not 6"), 422),
                (.unauthorized, 403),
                (.unreachable, 502),
                (.timeout, 504),
            ]
            for (error, status) in cases {
                market.state.withLock { $0.createFailure = error }
                let session = try await Self.koreanSession(dash.port)
                let response = try await session.post("/products", Self.koreanFields, files: [.jpeg("a.jpg")])
                KoreanPageScan.expectKorean(response, "\(error)", status: status)
                if case .rejected(_, let said) = error {
                    #expect(HTMLScan.text(response.text).contains("“\(said)”(마켓 원문)"), "\(error)")
                }
            }
        }
    }

    /// Reads that fail at the market (504), the first count that fails (502), a page that
    /// waits for it (503) and "My products" before the vendor is known (409).
    @Test func catalogAndReadFailures_areKorean() async throws {
        try await withDashboard(.scripted(ScriptedMarket(readFailure: .timeout))) { slow in
            KoreanPageScan.expectKorean(try await slow.get("/products/7", headers: KoreanPageScan.korean), "504", status: 504)
        }

        try await withDashboard(
            .scripted(ScriptedMarket(readFailure: .unreachable)), adjust: { $0.catalog.retryAfterFailure = .seconds(3600) }
        ) { failing in
            _ = try await failing.get("/overview")
            await failing.app.catalog.countEnded()
            let notCounted = try await failing.get("/overview", headers: KoreanPageScan.korean)
            KoreanPageScan.expectKorean(notCounted, "overview, count failed", status: 502)
            #expect(HTMLScan.text(notCounted.text).contains("상품 집계에 실패했습니다(오픈마켓에 연결할 수 없음)."))
        }

        let market = ScriptedMarket(products: [Self.koreanProduct(id: 1), Self.koreanProduct(id: 2)])
        let gate = Gate()
        market.holdReads(at: gate)
        try await withDashboard(.scripted(market), adjust: { $0.catalog.waitLimit = .zero }) { waiting in
            defer { gate.open() }
            KoreanPageScan.expectKorean(try await waiting.get("/products.csv?mine=1", headers: KoreanPageScan.korean), "503", status: 503)
        }

        try await withDashboard(.scripted(ScriptedMarket(products: [Self.koreanProduct(id: 1)]), ownVendorID: nil)) { unknown in
            KoreanPageScan.expectKorean(try await unknown.get("/products?mine=1", headers: KoreanPageScan.korean), "409", status: 409)
            KoreanPageScan.expectKorean(try await unknown.get("/products/1", headers: KoreanPageScan.korean), "detail, vendor unknown", status: 200)
            _ = try await unknown.get("/overview")
            await unknown.app.catalog.countEnded()
            KoreanPageScan.expectKorean(try await unknown.get("/overview", headers: KoreanPageScan.korean), "overview, vendor unknown", status: 200)
        }
    }

    /// The scans are not blind: they find English and misfit particles where there are some.
    @Test func theScans_findWhatTheyLookFor() async throws {
        try await withDashboard(.shared) { dash in
            let english = try await dash.get("/products")
            #expect(KoreanPageScan.englishUIWords(english.text, allowed: []).contains("showing"))
            // A button's label is read; a `data-*` attribute is a hook, not words.
            #expect(KoreanPageScan.englishUIWords(#"<input type="submit" value="Search">"#, allowed: []).contains("search"))
            #expect(KoreanPageScan.englishUIWords(#"<p data-kind="price" data-shrunk="Made smaller:">가</p>"#, allowed: []).isEmpty)
            #expect(KoreanPageScan.englishUIWords(#"<p>“the market is down”(마켓 원문)</p>"#, allowed: []).isEmpty)
            #expect(KoreanPageScan.englishUIWords(#"<p>the market is down</p>"#, allowed: []).contains("market"))
            #expect(KoreanText.misfitParticles(KoreanPageScan.readable("<p>상품 삭제을 거절했습니다.</p>")) == ["삭제을"])
        }
    }

    /// Pages the HTTP server answers by itself speak the reader's language.
    @Test func serverAnsweredPages_inKorean() async throws {
        try await withDashboard(.shared) { dash in
            let missing = try await dash.get("/nowhere/at/all", headers: KoreanPageScan.korean)
            #expect(missing.status == 404)
            KoreanPageScan.expectKorean(missing, "/nowhere/at/all", allowed: [])
            #expect(HTMLScan.text(missing.text).contains("페이지를 찾을 수 없습니다"))
            #expect(HTMLScan.text(missing.text).contains(Wording(.ko)[.backToProducts]))
            #expect(!missing.text.contains("404"), "no status in the words")

            let remembered = try await dash.get("/nowhere?lang=ko")
            #expect(remembered.text.contains("<html lang=\"ko\">"))

            let english = try await dash.get("/nowhere/at/all", headers: ["Accept-Language": "en-US,en;q=0.9"])
            #expect(english.status == 404)
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(HTMLScan.text(english.text).contains("Page not found"))
            #expect(english.header("Content-Language") == "en")
        }
    }

    @Test func list_inKorean_pricesStockAndLabels() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products", headers: KoreanPageScan.korean)
            let text = HTMLScan.text(page.text)
            #expect(text.contains("상품 목록"))
            #expect(text.contains("원"))
            #expect(!text.contains("KRW "))
            #expect(text.contains("재고 ") || text.contains("품절"))
            #expect(text.contains("전체 ") && text.contains("개 중 1~20"))
            #expect(page.text.contains("aria-label=\"페이지 이동\""))
            // The same list in English, right after: the page cache keeps the languages apart.
            let english = try await dash.get("/products")
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(HTMLScan.text(english.text).contains("Showing 1–20"))
            #expect(english.header("Content-Language") == "en")
        }
    }

    @Test func detail_inKorean_datesAsKoreansWriteThem() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products/1", headers: KoreanPageScan.korean)
            #expect(page.text.contains("<time datetime=\"2022-10-01\">2022. 10. 1.</time>"))
            #expect(HTMLScan.text(page.text).contains("판매자: LocalMarketTeam"))
        }
    }

    @Test func langQuery_overridesTheHeader_andIsRemembered() async throws {
        try await withDashboard(.shared) { dash in
            let english = try await dash.get("/products?lang=en", headers: KoreanPageScan.korean)
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(english.setCookie("om_lang") == "om_lang=en")

            let chosen = try await dash.get("/products/1?lang=ko")
            #expect(chosen.text.contains("<html lang=\"ko\">"))
            let cookie = try #require(chosen.setCookie("om_lang"))
            let setCookie = chosen.headers.first { $0.value.hasPrefix("om_lang=") }?.value ?? ""
            #expect(setCookie.contains("SameSite=Lax") && setCookie.contains("Max-Age=31536000"))
            // Later requests without the parameter, with an English browser: still Korean.
            let later = try await dash.get("/products", headers: ["Cookie": cookie, "Accept-Language": "en-US,en"])
            #expect(later.text.contains("<html lang=\"ko\">"))
            #expect(later.setCookie("om_lang") == nil)
        }
    }

    @Test func footerSwitch_keepsThePageAndItsParameters() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products?view=grid&page=2", headers: KoreanPageScan.korean)
            let links = HTMLScan.hrefs(in: HTMLScan.block(in: page.text, from: "<nav class=\"language-switch\"", to: "</nav>"))
            #expect(links == ["/products?view=grid&page=2&lang=en", "/products?view=grid&page=2&lang=ko"])
            let detail = try await dash.get("/products/3?q=x&lang=ko")
            let detailLinks = HTMLScan.hrefs(in: HTMLScan.block(in: detail.text, from: "<nav class=\"language-switch\"", to: "</nav>"))
            #expect(detailLinks == ["/products/3?q=x&lang=en", "/products/3?q=x&lang=ko"])
        }
    }

    @Test func registerForm_422_inKorean() async throws {
        try await withDashboard { harness in
            let session = try await Self.koreanSession(harness.port)
            let fields = replacing(Self.koreanFields, "name", with: "가나")
            let response = try await session.post("/products", fields, files: [.jpeg("a.jpg")])
            #expect(response.status == 422)
            #expect(response.text.contains("<html lang=\"ko\">"))
            let summary = HTMLScan.text(HTMLScan.block(in: response.text, from: "<div class=\"error-summary\"", to: "</div>"))
            #expect(summary.contains("항목 1개를 확인해 주세요"))
            #expect(summary.contains("상품명을 3~100자로 입력해 주세요. 지금 2자입니다."))
            let english = KoreanPageScan.englishUIWords(response.text, allowed: [])
            #expect(english.isEmpty, "the 422 page shows English: \(english)")
        }
    }
}
