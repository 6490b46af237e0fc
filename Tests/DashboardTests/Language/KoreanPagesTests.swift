import Foundation
import LocalMarket
import MarketClient
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// Every page in Korean over real sockets, as a Korean browser asks for it: the browsing
/// pages, the forms and every error page, each scanned for English UI words and for particles
/// that do not fit; `?lang=` and the cookie that remembers it.
@Suite struct KoreanPagesTests {
    static let korean = ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"]
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .current

    /// Words of every English text (fixed texts and every `Wording` function), lowercased,
    /// three letters or more.
    static let englishWords: Set<String> = {
        let en = Wording(.en)
        var words = Set<String>()
        for text in WordingSamples.plain(en) + WordingSamples.all(en, name: "", number: 2) {
            for word in text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count >= 3 {
                words.insert(word.lowercased())
            }
        }
        // Names that stay as they are in Korean text: currencies, formats, options and the
        // environment variable (`--vendor-id`, `OPENMARKET_VENDOR_ID`), zones.
        return words.subtracting(["krw", "usd", "jpeg", "png", "csv", "vendor", "identifier", "secret", "openmarket", "kst", "utc"])
    }()

    /// The only English the market's data may bring to a page: the seed vendors' names
    /// (`LocalMarketTeam`, `Tom & Jerry's <Shop>`), proper nouns no UI text is made of. Written
    /// out, not read from the data, so data can never hide a UI word.
    static let properNouns: Set<String> = ["localmarketteam", "tom", "jerry", "s", "shop"]

    /// Gives every product of `dash`'s market a Korean name and description (through the API,
    /// as its vendor), so the only English left on a Korean page is the UI's own or a vendor's
    /// name. The seed's English descriptions hold words such as "price" and "product", which
    /// would otherwise hide an untranslated label.
    static func rewriteInKorean(_ dash: DashboardHarness) async throws {
        let list = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")
        let products = list["pages"] as? [[String: Any]] ?? []
        try #require(!products.isEmpty)
        for product in products {
            let id = try #require(product["id"] as? Int)
            let vendor = try #require(LocalMarket.vendors.first { $0.id == product["vendor_id"] as? Int }, "vendor of \(id)")
            let fields: [String: String] = ["secret": vendor.secret, "name": "시험용 상품 \(id)호", "description": "한국어로만 쓴 시험용 설명입니다."]
            let edited = try await HTTPTestClient.request(
                dash.marketPort, "PATCH", "/api/products/\(id)",
                headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
                body: Array(try JSONSerialization.data(withJSONObject: fields)))
            try #require(edited.status == 200, "PATCH \(id): \(edited.status) \(edited.text)")
        }
        let left = try await dataWords(dash)
        try #require(left.isSubset(of: properNouns), "English left in the data: \(left.subtracting(properNouns).sorted())")
    }

    /// Words the market's own data brings (product names, descriptions, vendors).
    static func dataWords(_ dash: DashboardHarness) async throws -> Set<String> {
        let list = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")
        var words = Set<String>()
        for product in list["pages"] as? [[String: Any]] ?? [] {
            var texts = [product["name"], product["vendorName"], product["description"]].compactMap { $0 as? String }
            if let id = product["id"] as? Int {
                let detail = try await dash.marketProduct(id)
                texts += [detail["description"] as? String ?? ""]
                texts += [(detail["vendors"] as? [String: Any])?["name"] as? String ?? ""]
            }
            for text in texts {
                for word in text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) { words.insert(word.lowercased()) }
            }
        }
        return words
    }

    /// Attributes that are hooks for scripts and styles, not words for people.
    static let hookAttributes: Set<String> = [
        "data-next", "data-metric", "data-scope", "data-max-bytes", "data-kind", "data-entry-id", "data-status", "data-row",
        "data-product-id", "data-state", "data-batch-id",
    ]

    /// What a person reads on a page: its visible text, the `title`, `alt`, `aria-label` and
    /// `placeholder` attributes and the scripts' messages (`data-*`), without code samples
    /// (`<code>`), parts marked English (`lang="en"`: the language switch), the market's own
    /// words (quoted and marked "(마켓 원문)") and the scripts' placeholders (`{name}`).
    static func readable(_ html: String) -> String {
        var visible = html
        for (open, close) in [("<code>", "</code>"), (" lang=\"en\"", "</a>")] {
            while let start = visible.range(of: open), let end = visible.range(of: close, range: start.upperBound..<visible.endIndex) {
                visible.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        var text = HTMLScan.text(visible)
        let attribute = try! NSRegularExpression(pattern: #"\s((?:alt|aria-label|title|placeholder|data-[a-z-]+))="([^"]*)""#)
        for match in attribute.matches(in: visible, range: NSRange(visible.startIndex..., in: visible)) {
            guard let name = Range(match.range(at: 1), in: visible), let value = Range(match.range(at: 2), in: visible),
                !hookAttributes.contains(String(visible[name]))
            else { continue }
            text += " " + HTMLScan.unescape(visible[value])
        }
        for pattern in [#"“[^”]*”\(마켓 원문\)"#, #"\{[a-z]+\}"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    /// English UI words a person reads on the page.
    static func englishUIWords(_ html: String, allowed: Set<String>) -> [String] {
        let found = readable(html).split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map { $0.lowercased() }
        return Array(Set(found.filter { englishWords.contains($0) && !allowed.contains($0) })).sorted()
    }

    func expectKorean(_ response: TestResponse, _ path: String, status: Int? = nil, allowed: Set<String> = properNouns) {
        if let status { #expect(response.status == status, "\(path)") }
        #expect(response.text.contains("<html lang=\"ko\">"), "\(path)")
        #expect(response.header("Content-Language") == "ko", "\(path)")
        #expect(response.header("Vary") == "Accept-Language, Cookie", "\(path)")
        let english = Self.englishUIWords(response.text, allowed: allowed)
        #expect(english.isEmpty, "\(path) (\(response.status)) shows English: \(english)")
        let particles = KoreanText.misfitParticles(Self.readable(response.text))
        #expect(particles.isEmpty, "\(path) (\(response.status)) has particles that do not fit: \(particles)")
    }

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
            try await Self.rewriteInKorean(dash)
            #expect(Self.properNouns.isDisjoint(with: Self.englishWords), "a vendor's name is made of UI words")
            _ = try await dash.get("/overview")
            await dash.app.catalog.crawlEnded()
            let others = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")["pages"] as? [[String: Any]] ?? []
            let another = try #require(others.first { $0["vendor_id"] as? Int == MarketVendor.seoulShop.id }?["id"] as? Int)
            let own = try #require(others.first { $0["vendor_id"] as? Int == MarketVendor.localTeam.id }?["id"] as? Int)
            let pages: [(path: String, status: Int)] = [
                ("/products", 200), ("/products?view=grid&page=2", 200), ("/products?q=%EC%8B%9C%ED%97%98", 200),
                ("/products?q=%EC%97%86%EC%9D%8C", 200), ("/products/1", 200), ("/products/4", 200), ("/products/8", 200),
                ("/products/999999", 404), ("/products/abc", 404), ("/products/new", 200), ("/products/\(own)/edit", 200),
                ("/products/\(own)/delete", 200), ("/overview", 200), ("/products?mine=1", 200),
                ("/products?sort=price&stock=low&sale=1&currency=KRW", 200),
                ("/products?sort=price&currency=KRW&min_price=1000&max_price=900000", 200),
                ("/products?sort=bogus&stock=many&sale=2&currency=EUR&min_price=x", 200),
                ("/products/\(another)/edit", 403), ("/products/\(another)/delete", 403),
                ("/history", 200), ("/history?product=\(own)", 200), ("/trash", 200),
            ]
            for (path, status) in pages {
                expectKorean(try await dash.get(path, headers: Self.korean), path, status: status)
            }
            // Times in the vendor's zone, named.
            let overview = HTMLScan.text(try await dash.get("/overview", headers: Self.korean).text)
            #expect(overview.contains("집계 시각 ") && overview.contains(" (KST) · "), "\(overview.prefix(300))")
            let list = HTMLScan.text(try await dash.get("/products?sort=price", headers: Self.korean).text)
            #expect(list.contains(" (KST) 기준 · "), "\(list.prefix(600))")
            let ignored = HTMLScan.text(try await dash.get("/products?sort=bogus&stock=many", headers: Self.korean).text)
            #expect(ignored.contains("알 수 없는 값이 있어 적용하지 않았습니다: 정렬, 재고."))
            let notMine = HTMLScan.text(try await dash.get("/products/\(another)/edit", headers: Self.korean).text)
            #expect(notMine.contains("서울상회(판매자 번호 15)의 상품이며, 내 상품(판매자 번호 28)이 아닙니다."))
        }
    }

    /// The pages the HTTP server answers by itself and the forms it cannot read or will not
    /// take, in Korean; the market down behind an uncached page (502).
    @Test func errorPages_areKorean() async throws {
        try await withDashboard { dash in
            var session = try await Self.koreanSession(dash.port)
            expectKorean(try await dash.get("/nowhere/at/all", headers: Self.korean), "404", status: 404)
            expectKorean(try await HTTPTestClient.request(dash.port, "PUT", "/products", headers: Self.korean), "405", status: 405)
            let huge = TestFile.jpeg("huge.jpg", size: ProductForms.maxCreateBodyBytes + 1)
            expectKorean(try await session.post("/products", Self.koreanFields, files: [huge]), "413 (server)", status: 413)
            var elsewhere = session.browserHeaders
            elsewhere["Origin"] = "http://evil.example"
            expectKorean(try await session.post("/products", Self.koreanFields, headers: elsewhere), "403 (another site)", status: 403)
            var headers = session.browserHeaders
            headers["Content-Type"] = "text/plain"
            expectKorean(try await HTTPTestClient.request(dash.port, "POST", "/products", headers: headers, body: Array("x".utf8)), "415", status: 415)
            headers["Content-Type"] = "multipart/form-data"
            expectKorean(try await HTTPTestClient.request(dash.port, "POST", "/products", headers: headers, body: Array("x".utf8)), "400", status: 400)
            let manyParts = Self.koreanFields + (0..<FormSubmission.limits.maxParts).map { ("extra", "\($0)") }
            expectKorean(try await session.post("/products", manyParts), "413 (form)", status: 413)
            session.take(try await session.open("/products/new?lang=ko"))
            expectKorean(try await session.post("/products", replacing(Self.koreanFields, "name", with: "가나"), files: [.jpeg("a.jpg")]),
                "422", status: 422)

            _ = try await dash.get("/products")
            dash.stopMarket()
            let down = try await dash.get("/products/5?lang=ko")
            #expect(down.status == 502 || down.status == 504)
            expectKorean(down, "market down")
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
                expectKorean(response, "\(error)", status: status)
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
            expectKorean(try await slow.get("/products/7", headers: Self.korean), "504", status: 504)
        }

        try await withDashboard(
            .scripted(ScriptedMarket(readFailure: .unreachable)), adjust: { $0.catalog.retryAfterFailure = .seconds(3600) }
        ) { failing in
            _ = try await failing.get("/overview")
            await failing.app.catalog.crawlEnded()
            let notCounted = try await failing.get("/overview", headers: Self.korean)
            expectKorean(notCounted, "overview, count failed", status: 502)
            #expect(HTMLScan.text(notCounted.text).contains("상품 집계에 실패했습니다(오픈마켓에 연결할 수 없음)."))
        }

        let market = ScriptedMarket(products: [Self.koreanProduct(id: 1), Self.koreanProduct(id: 2)])
        let gate = Gate()
        market.holdReads(at: gate)
        try await withDashboard(.scripted(market), adjust: { $0.catalog.waitLimit = .zero }) { waiting in
            defer { gate.open() }
            expectKorean(try await waiting.get("/products.csv?mine=1", headers: Self.korean), "503", status: 503)
        }

        try await withDashboard(.scripted(ScriptedMarket(products: [Self.koreanProduct(id: 1)]), ownVendorID: nil)) { unknown in
            expectKorean(try await unknown.get("/products?mine=1", headers: Self.korean), "409", status: 409)
            expectKorean(try await unknown.get("/products/1", headers: Self.korean), "detail, vendor unknown", status: 200)
            _ = try await unknown.get("/overview")
            await unknown.app.catalog.crawlEnded()
            expectKorean(try await unknown.get("/overview", headers: Self.korean), "overview, vendor unknown", status: 200)
        }
    }

    /// The scans are not blind: they find English and misfit particles where there are some.
    @Test func theScans_findWhatTheyLookFor() async throws {
        try await withDashboard(.shared) { dash in
            let english = try await dash.get("/products")
            #expect(Self.englishUIWords(english.text, allowed: []).contains("showing"))
            #expect(Self.englishUIWords(#"<p data-shrunk="Made smaller:">가</p>"#, allowed: []).contains("smaller"))
            #expect(Self.englishUIWords(#"<p>“the market is down”(마켓 원문)</p>"#, allowed: []).isEmpty)
            #expect(Self.englishUIWords(#"<p>the market is down</p>"#, allowed: []).contains("market"))
            #expect(KoreanText.misfitParticles(Self.readable("<p>상품 삭제을 거절했습니다.</p>")) == ["삭제을"])
        }
    }

    /// Pages the HTTP server answers by itself speak the reader's language; English readers
    /// keep the server's own words.
    @Test func serverAnsweredPages_inKorean() async throws {
        try await withDashboard(.shared) { dash in
            let missing = try await dash.get("/nowhere/at/all", headers: Self.korean)
            #expect(missing.status == 404)
            expectKorean(missing, "/nowhere/at/all", allowed: [])
            #expect(HTMLScan.text(missing.text).contains("404 찾을 수 없음"))
            #expect(HTMLScan.text(missing.text).contains("대시보드로 돌아가기"))
            #expect(!missing.text.contains("There is nothing at this address"))

            let remembered = try await dash.get("/nowhere?lang=ko")
            #expect(remembered.text.contains("<html lang=\"ko\">"))

            let english = try await dash.get("/nowhere/at/all", headers: ["Accept-Language": "en-US,en;q=0.9"])
            #expect(english.status == 404)
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(HTMLScan.text(english.text).contains("There is nothing at this address."))
            #expect(english.header("Content-Language") == "en")
        }
    }

    @Test func list_inKorean_pricesStockAndLabels() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products", headers: Self.korean)
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
            let page = try await dash.get("/products/1", headers: Self.korean)
            #expect(page.text.contains("<time datetime=\"2022-10-01\">2022. 10. 1.</time>"))
            #expect(HTMLScan.text(page.text).contains("판매자: LocalMarketTeam"))
        }
    }

    @Test func langQuery_overridesTheHeader_andIsRemembered() async throws {
        try await withDashboard(.shared) { dash in
            let english = try await dash.get("/products?lang=en", headers: Self.korean)
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
            let page = try await dash.get("/products?view=grid&page=2", headers: Self.korean)
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
            let english = Self.englishUIWords(response.text, allowed: [])
            #expect(english.isEmpty, "the 422 page shows English: \(english)")
        }
    }
}
