import Foundation
import Testing

@testable import Dashboard

/// Values from the market and from the person are text, never markup. The seed has products
/// named `<script>alert(1)</script>` (6), `"quotes" & <b>bold</b>` (9) and
/// `<img src=x onerror=alert(2)>` (36), and a vendor named `Tom & Jerry's <Shop>`; they are
/// another vendor's, so the table and the sheet of this dashboard's own products are checked
/// with names the test registers and types itself.
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

    /// Names a seller could paste, each closing an attribute or opening a tag, or written as a
    /// spreadsheet formula.
    static let hostileNames = [
        "\"><script>alert(4)</script>", "' onmouseover='alert(5)", "=HYPERLINK(\"http://evil.example\",\"x\")",
        "<b>bold</b> &amp; more",
    ]

    /// The dashboard's own products named with markup and formulas, registered through its
    /// form: the table shows each name as text in its cell and its box's label, and the sheet
    /// holds each one, exactly, in its input and in the value it compares with; no page
    /// carries the markup.
    @Test func ownProductsNamedWithMarkup_areTextOnTheTableAndTheSheet() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            var ids: [Int: String] = [:]
            for name in Self.hostileNames {
                _ = try await session.open("/products/new")
                let made = try await session.post("/products", replacing(validProductFields, "name", with: name), files: [.jpeg("a.jpg")])
                ids[try #require(productID(fromLocation: made.header("Location")), "\(name): \(made.status)")] = name
            }
            let table = try await session.get("/products?view=table&lang=en")
            #expect(table.status == 200)
            expectNoInjectedMarkup(table, "the table")
            #expect(!table.text.contains("onmouseover='"), "an attribute closed on the table")
            for (id, name) in ids {
                let row = HTMLScan.block(in: table.text, from: "<tr data-product-id=\"\(id)\"", to: "</tr>")
                #expect(HTMLScan.text(HTMLScan.block(in: row, from: "<th scope=\"row\">", to: "</th>")) == name, "\(id)")
                let box = HTMLScan.tags("input", in: row).first { $0["name"] == "ids" }
                #expect(box?["aria-label"]?.contains(name) == true, "\(id): \(box?.attributes ?? [:])")
            }

            let sheet = try await session.get("/products/sheet?lang=en")
            #expect(sheet.status == 200)
            expectNoInjectedMarkup(sheet, "the sheet")
            #expect(!sheet.text.contains("onmouseover='"), "an attribute closed on the sheet")
            let rows = Dictionary(uniqueKeysWithValues: SheetTesting.rows(sheet.text).map { ($0.id, $0.cells) })
            for (id, name) in ids {
                #expect(rows[id]?["name"]?.value == name, "\(id)")
                #expect(rows[id]?["name"]?.shown == name, "\(id)")
            }
        }
    }

    /// Markup and formulas typed into the sheet's cells: a bad cell comes back with the typed
    /// text in its input and nothing run; a name with markup or a formula is a name like any
    /// other, shown as text on the preview and stored on the market exactly as typed.
    @Test func markupAndFormulasTypedIntoSheetCells_areText_andStoredAsTyped() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let sheet = try await session.open("/products/sheet?lang=en")
            let typed = [
                "name.52": "\"><script>alert(6)</script>", "name.49": "=HYPERLINK(\"http://evil.example\",\"x\")",
                "price.46": "=1+1", "stock.43": "<b>9</b>",
            ]
            let refused = try await SheetTesting.post(session, SheetTesting.form(sheet, typed), query: "?lang=en")
            #expect(refused.status == 422)
            expectNoInjectedMarkup(refused, "the sheet sent back")
            let rows = Dictionary(uniqueKeysWithValues: SheetTesting.rows(refused.text).map { ($0.id, $0.cells) })
            for (cell, value) in typed {
                let parts = cell.split(separator: ".")
                #expect(rows[Int(parts[1]) ?? 0]?[String(parts[0])]?.value == value, "\(cell) keeps what was typed")
            }
            let summary = HTMLScan.text(HTMLScan.block(in: refused.text, from: "<div class=\"error-summary\"", to: "</div>"))
            #expect(summary.contains("There are 2 problems to fix"), "\(summary)")

            // The numbers fixed, the names kept: a preview naming them as text, then the market.
            session.take(refused)
            let fixed = try await SheetTesting.post(session, SheetTesting.form(refused, ["price.46": "9000", "stock.43": "9"]))
            let batch = try #require(BatchTesting.batchID(fixed), "\(fixed.status)")
            let preview = try await session.get("/batches/\(batch)?lang=en")
            expectNoInjectedMarkup(preview, "the preview")
            #expect(HTMLScan.text(preview.text).contains("\"><script>alert(6)</script>"))
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await finishes { await harness.app.batchRunner.waitForRun(batch) })
            let market = MarketInspector(harness)
            #expect(try await market.product(52)["name"] as? String == typed["name.52"])
            #expect(try await market.product(49)["name"] as? String == typed["name.49"])
        }
    }
}
