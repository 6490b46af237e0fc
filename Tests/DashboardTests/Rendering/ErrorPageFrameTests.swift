import Foundation
import Testing

@testable import Dashboard

/// The server's own error pages (404, 405, 413, 414) and the pages answering a POST come in
/// the site's frame: the header, the menu and the language switch, in the reader's language,
/// and the switch leads to a page a GET can open.
@Suite struct ErrorPageFrameTests {
    /// The frame's parts: the site's name, the menu, the language switch.
    static func expectFrame(_ response: TestResponse, _ language: Language, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let html = response.text
        #expect(html.contains("<html lang=\"\(language.rawValue)\">"), "\(what)", sourceLocation: sourceLocation)
        #expect(html.contains("class=\"site-header\""), "\(what): the header", sourceLocation: sourceLocation)
        let menu = HTMLScan.hrefs(in: HTMLScan.block(in: html, from: "<nav class=\"site-nav\"", to: "</nav>"))
        #expect(menu.contains("/products/new") && menu.contains("/history") && menu.contains("/trash"), "\(what): the menu", sourceLocation: sourceLocation)
        #expect(html.contains(Wording(language)[.navHistory]), "\(what): the menu in the reader's language", sourceLocation: sourceLocation)
        #expect(!languageLinks(html).isEmpty, "\(what): the language switch", sourceLocation: sourceLocation)
    }

    /// The language switch's links.
    static func languageLinks(_ html: String) -> [String] {
        HTMLScan.hrefs(in: HTMLScan.block(in: html, from: "<nav class=\"language-switch\"", to: "</nav>"))
    }

    @Test(arguments: Language.allCases)
    func notFound_isInTheFrame_andItsSwitchKeepsTheAddress(_ language: Language) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/nowhere/at/all", headers: ["Accept-Language": language.rawValue])
            #expect(response.status == 404)
            Self.expectFrame(response, language, "404")
            #expect(Self.languageLinks(response.text).contains("/nowhere/at/all?lang=ko"))
        }
    }

    /// An address that takes only a button's POST, opened directly: 405 with the words for it,
    /// also where a wider route would otherwise answer (`/products/bulk` is no product number),
    /// and a language switch that leads to the page the button is on.
    @Test(arguments: Language.allCases)
    func aButtonsAddress_openedDirectly_is405_inTheFrame(_ language: Language) async throws {
        let heading = Wording(language).serverHeading(.methodNotAllowed, upload: .other)
        try await withDashboard(.shared) { dash in
            for (path, page) in [("/products/bulk", "/products"), ("/catalog/refresh", "/products"), ("/history/6/undo", "/history"),
                ("/trash/3/forget", "/trash"), ("/batches/2/apply", "/batches/2")]
            {
                let response = try await dash.get(path, headers: ["Accept-Language": language.rawValue])
                #expect(response.status == 405, "\(path)")
                #expect(response.header("Allow")?.contains("POST") == true, "\(path)")
                Self.expectFrame(response, language, path)
                #expect(HTMLScan.text(response.text).contains(heading), "\(path)")
                #expect(Self.languageLinks(response.text).allSatisfy { PageLink($0).path == page }, "\(path): \(Self.languageLinks(response.text))")
            }
            let korean = try await dash.get("/products/bulk", headers: ["Accept-Language": "ko"])
            #expect(HTMLScan.text(korean.text).contains("이 주소는 직접 열 수 없습니다"))
            let english = try await dash.get("/products/bulk", headers: ["Accept-Language": "en"])
            #expect(!HTMLScan.text(english.text).lowercased().contains("press"), "a button is selected, not pressed")
        }
    }

    /// Too large a registration: the frame, the way back to the form, and a switch that
    /// leads to the form, not to the address it was posted to.
    @Test(arguments: Language.allCases)
    func tooLarge_isInTheFrame_andLeadsBackToTheForm(_ language: Language) async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let huge = TestFile.jpeg("huge.jpg", size: ProductForms.maxCreateBodyBytes + 1)
            let headers = session.browserHeaders.merging(["Accept-Language": language.rawValue]) { a, _ in a }
            let response = try await session.post("/products", validProductFields, files: [huge], headers: headers)
            #expect(response.status == 413)
            Self.expectFrame(response, language, "413")
            #expect(HTMLScan.hrefs(in: HTMLScan.block(in: response.text, from: "<main", to: "</main>")).contains("/products/new"))
            #expect(Self.languageLinks(response.text).allSatisfy { PageLink($0).path == "/products/new" })
        }
    }

    /// An address too long to read: both languages, still in the frame.
    @Test func tooLong_isInTheFrame_inBothLanguages() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?q=" + String(repeating: "x", count: 9000))
            #expect(response.status == 414)
            Self.expectFrame(response, .ko, "414")
            #expect(response.text.contains("<section lang=\"en\">"))
            #expect(Self.languageLinks(response.text).allSatisfy { PageLink($0).path == "/products" })
        }
    }

    /// A refused undo answers a POST: its language switch leads to the history, which a GET
    /// opens, not to the undo's address.
    @Test func aRefusedUndo_switchesLanguage_toTheHistory() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/history")
            session.csrfToken = String(repeating: "0", count: 32)
            let refused = try await session.postURLEncoded("/history/6/undo", [])
            #expect(refused.status == 403)
            Self.expectFrame(refused, .en, "refused undo")
            let links = Self.languageLinks(refused.text)
            #expect(!links.isEmpty && links.allSatisfy { PageLink($0).path == "/history" }, "\(links)")
            for link in links {
                #expect(try await harness.get(link).status == 200, "\(link)")
            }
        }
    }
}
