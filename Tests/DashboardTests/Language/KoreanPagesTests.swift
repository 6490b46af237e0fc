import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// Every page in Korean over real sockets, as a Korean browser asks for it; `?lang=` and the
/// cookie that remembers it.
@Suite struct KoreanPagesTests {
    static let korean = ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"]

    /// Words of the English texts (fixed texts and those with numbers), lowercased, three
    /// letters or more.
    static let englishWords: Set<String> = {
        let en = Wording(.en)
        var texts = UIText.allCases.map(\.english)
        texts += [
            en.listHeading(mine: true, search: ""), en.showing(first: 1, last: 2, total: 3), en.emptyList(search: "", page: 2, mine: false),
            en.ownerLabel(mine: false), en.viewLabel(grid: true), en.viewLabel(grid: false), en.pageLabel(2), en.imageLink(number: 1, total: 2),
            en.soldBy(""), en.deleteQuestion(""), en.stock(1), en.originalPrice(""), en.fixProblems(2), en.formTitle(edit: nil, failed: true),
            en.submitLabel(edit: false), en.submitLabel(edit: true), en.productNotFound(id: 1).heading, en.productNotFound(id: 1).message,
            en.notYourProduct("", owner: "", ours: "", action: .save).message, en.message(.nameLength(2)), en.message(.imagesMissing),
        ]
        var words = Set<String>()
        for text in texts {
            for word in text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count >= 3 {
                words.insert(word.lowercased())
            }
        }
        // Names that stay as they are in Korean text: currencies, formats, options.
        return words.subtracting(["krw", "usd", "jpeg", "png", "csv", "vendor", "identifier", "secret"])
    }()

    /// The only English the market's data may bring to a page once `rewriteInKorean` has run:
    /// the vendors' names, proper nouns no UI text is made of.
    static let properNouns: Set<String> = Set(LocalMarket.vendors.flatMap { vendor in
        vendor.name.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map { $0.lowercased() }
    })

    /// Words the market's own data brings (product names, descriptions, vendors): not UI.
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

    /// English UI words in a page's visible text and in its `title`, `alt`, `aria-label` and
    /// `placeholder` attributes, code samples (`<code>`) aside.
    static func englishUIWords(_ html: String, allowed: Set<String>) -> [String] {
        var visible = html
        while let start = visible.range(of: "<code>"), let end = visible.range(of: "</code>", range: start.upperBound..<visible.endIndex) {
            visible.removeSubrange(start.lowerBound..<end.upperBound)
        }
        var text = HTMLScan.text(visible)
        let attribute = try! NSRegularExpression(pattern: #"(?:alt|aria-label|title|placeholder)="([^"]*)""#)
        for match in attribute.matches(in: visible, range: NSRange(visible.startIndex..., in: visible)) {
            if let range = Range(match.range(at: 1), in: visible) { text += " " + HTMLScan.unescape(visible[range]) }
        }
        let found = text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map { $0.lowercased() }
        return Array(Set(found.filter { englishWords.contains($0) && !allowed.contains($0) })).sorted()
    }

    func expectKorean(_ response: TestResponse, _ path: String, allowed: Set<String>) {
        #expect(response.text.contains("<html lang=\"ko\">"), "\(path)")
        #expect(response.header("Content-Language") == "ko", "\(path)")
        #expect(response.header("Vary") == "Accept-Language, Cookie", "\(path)")
        let english = Self.englishUIWords(response.text, allowed: allowed)
        #expect(english.isEmpty, "\(path) shows English: \(english)")
    }

    @Test func everyBrowsingRoute_isKorean() async throws {
        try await withDashboard { dash in
            try await Self.rewriteInKorean(dash)
            #expect(Self.properNouns.isDisjoint(with: Self.englishWords), "a vendor's name is made of UI words")
            for path in ["/products", "/products?view=grid&page=2", "/products?q=%EC%8B%9C%ED%97%98", "/products?q=%EC%97%86%EC%9D%8C",
                         "/products/1", "/products/4", "/products/8", "/products/999999", "/products/abc", "/products/new",
                         "/products/2/edit", "/products/2/delete", "/overview", "/products?mine=1",
                         "/history", "/history?product=2", "/trash"] {
                let response = try await dash.get(path, headers: Self.korean)
                expectKorean(response, path, allowed: Self.properNouns)
            }
        }
    }

    /// Pages the HTTP server answers by itself (no route, a method the route does not take)
    /// speak the reader's language too; English readers keep the server's own words.
    @Test func serverAnsweredPages_inKorean() async throws {
        let dash = try SharedDashboard.get()
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

    @Test func list_inKorean_pricesStockAndLabels() async throws {
        let dash = try SharedDashboard.get()
        let page = try await dash.get("/products", headers: Self.korean)
        let text = HTMLScan.text(page.text)
        #expect(text.contains("상품 목록"))
        #expect(text.contains("원"))
        #expect(!text.contains("KRW "))
        #expect(text.contains("재고 ") || text.contains("품절"))
        #expect(page.text.contains("aria-label=\"페이지 이동\""))
        // The same list in English, right after: the page cache keeps the languages apart.
        let english = try await dash.get("/products")
        #expect(english.text.contains("<html lang=\"en\">"))
        #expect(HTMLScan.text(english.text).contains("Showing 1–20"))
        #expect(english.header("Content-Language") == "en")
        // The scan finds English where there is some (it is not blind).
        #expect(Self.englishUIWords(english.text, allowed: []).contains("showing"))
    }

    @Test func detail_inKorean_datesAsKoreansWriteThem() async throws {
        let dash = try SharedDashboard.get()
        let page = try await dash.get("/products/1", headers: Self.korean)
        #expect(page.text.contains("<time datetime=\"2022-10-01\">2022. 10. 1.</time>"))
        #expect(HTMLScan.text(page.text).contains("판매자: LocalMarketTeam"))
    }

    @Test func langQuery_overridesTheHeader_andIsRemembered() async throws {
        let dash = try SharedDashboard.get()
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

    @Test func footerSwitch_keepsThePageAndItsParameters() async throws {
        let dash = try SharedDashboard.get()
        let page = try await dash.get("/products?view=grid&page=2", headers: Self.korean)
        let links = HTMLScan.hrefs(in: HTMLScan.block(in: page.text, from: "<nav class=\"language-switch\"", to: "</nav>"))
        #expect(links == ["/products?view=grid&page=2&lang=en", "/products?view=grid&page=2&lang=ko"])
        let detail = try await dash.get("/products/3?q=x&lang=ko")
        let detailLinks = HTMLScan.hrefs(in: HTMLScan.block(in: detail.text, from: "<nav class=\"language-switch\"", to: "</nav>"))
        #expect(detailLinks == ["/products/3?q=x&lang=en", "/products/3?q=x&lang=ko"])
    }

    @Test func registerForm_422_inKorean() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new?lang=ko")
            session.cookie += "; om_lang=ko"
            // Korean values, so the English the scan may find can only be the page's own.
            let fields = replacing(replacing(validProductFields, "name", with: "가나"), "description", with: "한국어로만 쓴 시험용 설명입니다.")
            let response = try await session.post("/products", fields, files: [.jpeg("a.jpg")])
            #expect(response.status == 422)
            #expect(response.text.contains("<html lang=\"ko\">"))
            let summary = HTMLScan.text(HTMLScan.block(in: response.text, from: "<div class=\"error-summary\"", to: "</div>"))
            #expect(summary.contains("문제 1개를 고쳐 주세요"))
            #expect(summary.contains("상품명은 3~100자여야 합니다. 지금 2자입니다."))
            let english = Self.englishUIWords(response.text, allowed: [])
            #expect(english.isEmpty, "the 422 page shows English: \(english)")
        }
    }
}
