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

    @Test(arguments: [
        "/products?per_page=100", "/products?view=grid&per_page=100", "/products?page=3", "/products?view=grid&page=3",
        "/products/6", "/products/9", "/products/36", "/products/99999", "/products?q=script",
    ])
    func pages_carryNoMarkupFromData(_ path: String) async throws {
        let dash = try SharedDashboard.get()
        let response = try await dash.get(path)
        #expect(response.status == 200 || response.status == 404)
        expectNoInjectedMarkup(response, path)
    }

    @Test func list_showsTheHTMLNamesAsText() async throws {
        let dash = try SharedDashboard.get()
        let response = try await dash.get("/products?page=3")
        #expect(response.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(response.text.contains("&quot;quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"))
        #expect(HTMLScan.text(response.productBlock(6)).contains("<script>alert(1)</script>"))
        #expect(HTMLScan.tags("img", in: response.productBlock(9)).first?["alt"] == "\"quotes\" & <b>bold</b>")
        #expect(HTMLScan.text(response.productBlock(9)).contains("Tom & Jerry's <Shop>"))
    }

    @Test func detail_showsNameDescriptionAndVendorAsText() async throws {
        let dash = try SharedDashboard.get()
        let response = try await dash.get("/products/9")
        #expect(response.text.contains("<title>&quot;quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt; · Open Market</title>"))
        let text = HTMLScan.text(response.text)
        #expect(text.contains("Quotes, ampersands & <tags> in the name: \"escape me\" if you can."))
        #expect(text.contains("Sold by Tom & Jerry's <Shop>"))
    }

    /// The person's own search text comes back escaped in the heading, the title, the search
    /// box and every link.
    @Test func searchText_isEscapedEverywhereItComesBack() async throws {
        let dash = try SharedDashboard.get()
        let evil = "\"><script>alert(3)</script>"
        let encoded = evil.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try await dash.get("/products?view=grid&q=" + encoded)
        #expect(response.status == 200)
        expectNoInjectedMarkup(response, "search")
        #expect(HTMLScan.tags("input", in: response.text).first { $0["name"] == "q" }?["value"] == evil)
        #expect(HTMLScan.text(HTMLScan.block(in: response.text, from: "<h1>", to: "</h1>")).contains(evil))
    }

    @Test func markupInAProductAddress_isNotEchoed() async throws {
        let dash = try SharedDashboard.get()
        let response = try await dash.get("/products/%3Cscript%3E")
        #expect(response.status == 404)
        expectNoInjectedMarkup(response, "404")
    }
}
