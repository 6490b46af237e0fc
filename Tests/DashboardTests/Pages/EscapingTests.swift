import Foundation
import Testing

/// Values from the market and from the person are text, never markup. The seed has products
/// named `<script>alert(1)</script>` (6), `"quotes" & <b>bold</b>` (9) and
/// `<img src=x onerror=alert(2)>` (36), and a vendor named `Tom & Jerry's <Shop>`.
@Suite struct EscapingTests {
    /// Markup that only data could have put on a page (the templates use none of it; the list's
    /// own `<script src=…>` is not `<script>`).
    static let injected = ["<script>", "<b>", "<img src=x", "<Shop>", "<tags>"]

    func expectNoInjectedMarkup(_ response: TestResponse, _ path: String) {
        for fragment in Self.injected {
            #expect(!response.text.contains(fragment), "\(fragment) unescaped on \(path)")
        }
    }

    /// The seed's dangerous names as the page must spell them.
    static let script = "&lt;script&gt;alert(1)&lt;/script&gt;"
    static let quotes = "&quot;quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"
    static let image = "&lt;img src=x onerror=alert(2)&gt;"
    static let vendor = "Tom &amp; Jerry&#39;s &lt;Shop&gt;"

    /// A page, the status it must have, and the dangerous names it must show, escaped.
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var status: Int
        var escaped: [String]
        var testDescription: String { path }
    }

    @Test(arguments: [
        Case(path: "/products?per_page=100", status: 200, escaped: [script, quotes, image, vendor]),
        Case(path: "/products?view=grid&per_page=100", status: 200, escaped: [script, quotes, image]),
        Case(path: "/products?page=3", status: 200, escaped: [script, quotes, vendor]),
        Case(path: "/products?view=grid&page=3", status: 200, escaped: [script, quotes]),
        Case(path: "/products/6", status: 200, escaped: [script]),
        Case(path: "/products/9", status: 200, escaped: [quotes, vendor, "&lt;tags&gt;"]),
        Case(path: "/products/36", status: 200, escaped: [image]),
        Case(path: "/products/99999", status: 404, escaped: []),
        Case(path: "/products?q=script", status: 200, escaped: [script]),
    ])
    func pages_carryNoMarkupFromData(_ page: Case) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(page.path)
            #expect(response.status == page.status)
            expectNoInjectedMarkup(response, page.path)
            for name in page.escaped {
                #expect(response.text.contains(name), "\(name) on \(page.path)")
            }
        }
    }

    @Test func list_showsTheHTMLNamesAsText() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?page=3")
            #expect(response.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(response.text.contains("&quot;quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"))
            #expect(HTMLScan.text(response.productBlock(6)).contains("<script>alert(1)</script>"))
            #expect(HTMLScan.tags("img", in: response.productBlock(9)).first?["alt"] == "\"quotes\" & <b>bold</b>")
            #expect(HTMLScan.text(response.productBlock(9)).contains("Tom & Jerry's <Shop>"))
        }
    }

    @Test func detail_showsNameDescriptionAndVendorAsText() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/9")
            #expect(response.text.contains("<title>&quot;quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt; · Open Market seller dashboard</title>"))
            let text = HTMLScan.text(response.text)
            #expect(text.contains("Quotes, ampersands & <tags> in the name: \"escape me\" if you can."))
            #expect(text.contains("Sold by Tom & Jerry's <Shop>"))
        }
    }

    /// The person's own search text comes back escaped in the heading, the title, the search
    /// box and every link.
    @Test func searchText_isEscapedEverywhereItComesBack() async throws {
        try await withDashboard(.shared) { dash in
            let evil = "\"><script>alert(3)</script>"
            let encoded = evil.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let response = try await dash.get("/products?view=grid&q=" + encoded)
            #expect(response.status == 200)
            expectNoInjectedMarkup(response, "search")
            #expect(HTMLScan.tags("input", in: response.text).first { $0["name"] == "q" }?["value"] == evil)
            #expect(HTMLScan.text(HTMLScan.block(in: response.text, from: "<h1>", to: "</h1>")).contains(evil))
        }
    }

    @Test func markupInAProductAddress_isNotEchoed() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/%3Cscript%3E")
            #expect(response.status == 404)
            expectNoInjectedMarkup(response, "404")
        }
    }
}
