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
