import Foundation
import HTTPServer
import Testing

@testable import Dashboard

/// The footer's links (`DashboardApp.footerLinks`): declared beside the route table with one of
/// the linked page's own texts, shown on every page in the reader's language, in their order.
@Suite struct FooterLinksTests {
    /// Two texts of a page that is not in the app, to link from the footer.
    enum SampleText: String, PageTexts {
        case aboutLink = "sample_about_link"
        case helpLink = "sample_help_link"

        var english: String {
            switch self {
            case .aboutLink: "About"
            case .helpLink: "Help"
            }
        }

        var korean: String {
            switch self {
            case .aboutLink: "소개"
            case .helpLink: "도움말"
            }
        }
    }

    /// The footer's list of links: each link's address and words, in order.
    static func footerLinks(_ html: String) -> [(href: String, label: String)] {
        let footer = HTMLScan.block(in: html, from: "<footer", to: "</footer>")
        guard footer.contains("class=\"footer-links\"") else { return [] }
        let list = HTMLScan.block(in: footer, from: "<nav class=\"footer-links\"", to: "</nav>")
        return list.components(separatedBy: "<li>").dropFirst().map { item in
            (HTMLScan.hrefs(in: item).first ?? "", HTMLScan.text(item))
        }
    }

    @Test(arguments: Language.allCases)
    func declaredLinks_areOnAPage_inTheReadersLanguage_inOrder(_ language: Language) throws {
        let texts = TemplateTexts(
            [UIText.self, SampleText.self],
            footerLinks: [FooterLink("/about", SampleText.aboutLink), FooterLink("/help", SampleText.helpLink)])
        let renderer = try PageRenderer(
            templatesDirectory: DashboardHarness.checkout.appendingPathComponent("Templates").path, logger: ServerLogger(level: .off))
        let context = RequestContext(
            HTTPRequest(method: .get, target: "/products", headers: ["Accept-Language": language.rawValue]),
            settings: PageSettings(lowStockThreshold: 5, timeZone: .gmt), ownVendorID: nil, texts: texts)
        let response = renderer.page("error", ["heading": "Heading", "message": "Message"], for: context)
        guard case .bytes(let bytes) = response.body else {
            Issue.record("not a page")
            return
        }
        let html = String(decoding: bytes, as: UTF8.self)
        let links = Self.footerLinks(html)
        #expect(links.map(\.href) == ["/about", "/help"])
        #expect(links.map(\.label) == [SampleText.aboutLink.text(language), SampleText.helpLink.text(language)])
        #expect(html.contains("aria-label=\"\(Wording(language)[.footerNav])\""), "the list is named for a screen reader")
        // The language switch is still there, after the links.
        #expect(!ErrorPageFrameTests.languageLinks(html).isEmpty)
    }

    /// A dashboard's pages show exactly the links the app declares: none, no empty list.
    @Test func theAppsPages_showTheDeclaredLinks() async throws {
        try await withDashboard(.shared) { dashboard in
            for path in ["/products", "/overview", "/nowhere"] {
                let page = try await dashboard.get(path)
                #expect(page.text.contains("<footer"), "\(path)")
                let links = Self.footerLinks(page.text)
                #expect(links.map(\.href) == DashboardApp.footerLinks.map(\.path), "\(path)")
                #expect(links.map(\.label) == DashboardApp.footerLinks.map { $0.label(.en) }, "\(path)")
                #expect(page.text.contains("class=\"footer-links\"") == !DashboardApp.footerLinks.isEmpty, "\(path)")
            }
        }
    }
}
