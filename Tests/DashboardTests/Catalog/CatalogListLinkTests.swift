import Foundation
import HTTPServer
import Testing

@testable import Dashboard

/// A sorted, filtered, searched list keeps its order and filters in every link and form it
/// offers, drops parameters it does not know, and exports the same products in the same order.
@Suite struct CatalogListLinkTests {
    /// The order, filters and search under test: everything but the view, page size and page.
    static let selection: [String: String] = [
        "q": "a", "sort": "price", "stock": "in", "currency": "KRW", "min_price": "1", "max_price": "300000",
    ]

    static func merged(_ base: [String: String], _ changes: [String: String?]) -> [String: String] {
        var result = base
        for (name, value) in changes { result[name] = value }
        return result
    }

    static func path(_ items: [String: String]) -> String {
        "/products?" + items.sorted { $0.key < $1.key }.map { "\($0.key)=\(URLEncodedForm.encode($0.value))" }.joined(separator: "&")
    }

    /// The hidden fields of the first form whose opening tag contains `marker`.
    static func hiddenFields(_ html: String, form marker: String) -> [String: String] {
        let form = HTMLScan.blocks(in: html, from: "<form", to: "</form>").first { $0.contains(marker) } ?? ""
        var fields: [String: String] = [:]
        for input in HTMLScan.tags("input", in: form) where input["type"] == "hidden" {
            if let name = input["name"] { fields[name] = input["value"] ?? "" }
        }
        return fields
    }

    @Test(arguments: [false, true])
    func everyLinkAndForm_keepsTheOrderAndFilters_andDropsUnknownParameters(mine: Bool) async throws {
        try await withDashboard(.sharedCatalog) { harness in
            var state = Self.selection
            if mine { state["mine"] = "1" }
            // Enough products for a page 2 with a page before and after it, 10 a page.
            let query = MatrixQuery(sort: .price, stock: "in", currency: "KRW", minPrice: "1", maxPrice: "300000", search: "a", mine: mine)
            let expected = query.expected(ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock)
            try #require(expected.count > 20, "the catalog has \(expected.count) products for \(query)")

            let shown = Self.merged(state, ["view": "grid", "per_page": "10", "page": "2"])
            let page = try await harness.get(Self.path(Self.merged(shown, ["utm_source": "mail", "x": "<script>"])))
            #expect(page.status == 200)
            let html = page.text
            #expect(!html.contains("utm_source") && !html.contains("%3Cscript"), "unknown parameters are dropped")
            #expect(page.productIDs == Array(expected[10..<20]))

            var checked = 0
            func expectLink(_ href: String?, _ wanted: [String: String], path: String = "/products", _ what: String) {
                checked += 1
                guard let href else {
                    Issue.record("no \(what)")
                    return
                }
                let link = PageLink(href)
                #expect(link.path == path, "\(what): \(href)")
                #expect(link.query == wanted, "\(what): \(href)")
            }
            let links = HTMLScan.tags("a", in: html)
            let withoutPage = Self.merged(shown, ["page": nil])

            // Pagination: previous, next, every number.
            expectLink(links.first { $0["rel"] == "prev" }?["href"], withoutPage, "previous page")
            expectLink(links.first { $0["rel"] == "next" }?["href"], Self.merged(shown, ["page": "3"]), "next page")
            let numbered = HTMLScan.tags("a", in: HTMLScan.block(in: html, from: "<nav class=\"pagination\"", to: "</nav>"))
                .filter { $0["rel"] == nil }
            #expect(numbered.count >= 3)
            #expect(numbered.contains { $0["aria-current"] == "page" && PageLink($0["href"] ?? "").query["page"] == "2" })
            for link in numbered {
                let number = PageLink(link["href"] ?? "").query["page"] ?? "1"
                expectLink(link["href"], Self.merged(shown, ["page": number == "1" ? nil : number]), "page \(number)")
            }
            // Load more: the next page.
            let loadMore = HTMLScan.tags("button", in: html).first { $0["class"] == "load-more" }
            expectLink(loadMore?["data-next"], Self.merged(shown, ["page": "3"]), "load more")
            // View switch, page sizes, own/all switch.
            let views = HTMLScan.tags("a", in: HTMLScan.block(in: html, from: "<nav class=\"view-switch\"", to: "</nav>"))
            #expect(views.count == 3)
            for link in views {
                let view = PageLink(link["href"] ?? "").query["view"]
                expectLink(link["href"], Self.merged(shown, ["view": view]), "view switch")
            }
            for link in HTMLScan.tags("a", in: HTMLScan.block(in: html, from: "<nav class=\"page-size\"", to: "</nav>")) {
                let size = PageLink(link["href"] ?? "").query["per_page"]
                #expect(size != "20")
                expectLink(link["href"], Self.merged(withoutPage, ["per_page": size]), "page size \(size ?? "20")")
            }
            let owners = HTMLScan.tags("a", in: HTMLScan.block(in: html, from: "<nav class=\"owner-switch\"", to: "</nav>"))
            #expect(owners.count == 2)
            for link in owners {
                let own = link["href"]?.contains("mine=1") == true
                expectLink(link["href"], Self.merged(withoutPage, ["mine": own ? "1" : nil]), "own/all switch")
            }
            // Each product's link, so its page's way back returns here.
            for link in links where link["class"] == "product-link" {
                let href = link["href"] ?? ""
                expectLink(href, shown, path: PageLink(href).path, "product link")
            }
            // The CSV: the same products, no page, view or size.
            let csv = links.first { $0["class"] == "download-csv" }?["href"]
            expectLink(csv, state, path: "/products.csv", "CSV link")
            // The language switch.
            let languages = HTMLScan.tags("a", in: HTMLScan.block(in: html, from: "<nav class=\"language-switch\"", to: "</nav>"))
            #expect(languages.count == 2)
            for link in languages {
                let language = PageLink(link["href"] ?? "").query["lang"] ?? ""
                expectLink(link["href"], Self.merged(shown, ["lang": language]), "language \(language)")
            }
            // Chips: each removes its own filter from page 1; "Clear filters" removes them all.
            let chips = HTMLScan.tags("a", in: html).filter { $0["class"] == "chip" }
            #expect(chips.count == 3, "in stock, USD, price range")
            let removals: [[String: String?]] = [["stock": nil], ["currency": nil, "min_price": nil, "max_price": nil], ["min_price": nil, "max_price": nil]]
            for (chip, removal) in zip(chips, removals) {
                expectLink(chip["href"], Self.merged(withoutPage, removal), "chip \(chip["aria-label"] ?? "")")
            }
            let clear = links.first { $0["class"] == "clear-filters" }?["href"]
            expectLink(clear, Self.merged(withoutPage, ["stock": nil, "currency": nil, "min_price": nil, "max_price": nil]), "clear filters")
            // Clearing the search keeps the order and filters.
            let clearSearch = links.first { $0["class"] == "clear-search" }?["href"]
            expectLink(clearSearch, Self.merged(withoutPage, ["q": nil]), "clear search")

            // The forms: search (its own field is q), filters (their own fields are the filters),
            // and Count again (its way back is this very page).
            let search = Self.hiddenFields(html, form: "class=\"search\"")
            #expect(search == Self.merged(withoutPage, ["q": nil]), "search form")
            let filters = Self.hiddenFields(html, form: "class=\"filter-form\"")
            #expect(filters == Self.merged(withoutPage, ["sort": nil, "stock": nil, "currency": nil, "min_price": nil, "max_price": nil]), "filter form")
            let refresh = Self.hiddenFields(html, form: "class=\"refresh-catalog\"")
            let back = try #require(refresh["back"])
            expectLink(back, shown, "Count again's way back")
            #expect(checked >= 20)
        }
    }

    /// The CSV link exports what the list shows: the same ids in the same order.
    @Test(arguments: [
        MatrixQuery(sort: .price), MatrixQuery(sort: .priceDescending, stock: "in", currency: "USD", minPrice: "5"),
        MatrixQuery(sort: .name, sale: true), MatrixQuery(sort: .stock, stock: "low", mine: true), MatrixQuery(sort: .oldest, search: "e"),
        MatrixQuery(stock: "out"), MatrixQuery(sort: .stockDescending, currency: "KRW", maxPrice: "150000", search: "a"),
    ])
    func theCSV_listsTheSameProductsInTheSameOrder(_ query: MatrixQuery) async throws {
        try await withDashboard(.sharedCatalog) { harness in
            let list = try await harness.walkList("/products?" + query.queryString([("per_page", "100")]))
            let page = try #require(list.pages.first)
            let csvHref = try #require(HTMLScan.tags("a", in: page.text).first { $0["class"] == "download-csv" }?["href"])
            let csv = try await harness.csvIDs(csvHref)
            #expect(csv == list.ids, "\(csvHref)")
            #expect(csv == query.expected(ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock), "\(csvHref)")
            #expect(!csv.isEmpty)
        }
    }
}
