import Foundation
import Testing

/// `q` filters the list by name, as the market's `search_value` does, and survives navigation.
@Suite struct ProductSearchTests {
    @Test(arguments: ["에어팟", "감귤", "e", "LAMP"])
    func search_showsWhatTheMarketFinds(_ text: String) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?q=" + percentEncoded(text))
            #expect(response.status == 200)
            let expected = try await dash.marketPageIDs(page: 1, perPage: 20, search: text)
            #expect(!expected.isEmpty)
            #expect(response.productIDs == expected)
            for product in response.products {
                let name = HTMLScan.unescape(HTMLScan.tags("img", in: product.block).first?["alt"] ?? "")
                #expect(name.localizedCaseInsensitiveContains(text), "\(name) does not match \(text)")
            }
            #expect(HTMLScan.tags("input", in: response.text).first { $0["name"] == "q" }?["value"] == text)
        }
    }

    @Test func koreanSearch_findsTheKoreanNamedProduct() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?q=" + percentEncoded("에어팟"))
            #expect(response.productIDs == [1])
            #expect(response.text.contains("에어팟 3"))
        }
    }

    @Test func search_keepsViewAndPageSizeInEveryLink() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&per_page=10&q=" + percentEncoded("e"))
            #expect(response.productIDs.count == 10)
            #expect(HTMLScan.text(response.text).contains("Showing 1–10 of 33"))
            let sizeLinks = HTMLScan.hrefs(in: HTMLScan.block(in: response.text, from: "aria-label=\"Products per page\"", to: "</nav>"))
            // Every link to the list or a product but the header's, "Clear search" and the CSV
            // export (which has no pages: it keeps q only).
            let links = HTMLScan.tags("a", in: response.text).filter {
                $0["class"] != "clear-search" && $0["class"] != "download-csv" && PageLink($0["href"] ?? "").path.hasPrefix("/products")
                    && !PageLink($0["href"] ?? "").query.isEmpty
            }.compactMap { $0["href"] }
            // View switch, all/my products, page sizes, pagination, products, language switch, and
            // the bulk form's link to the sheet (the page has own products).
            let expectedCount = 3 + 2 + 4 + 5 + 10 + 2 + 1
            #expect(links.count == expectedCount)
            for href in links {
                #expect(PageLink(href).query["q"] == "e", "\(href)")
                if !sizeLinks.contains(href) { #expect(PageLink(href).query["per_page"] == "10", "\(href)") }
            }
            let pages = HTMLScan.tags("a", in: HTMLScan.block(in: response.text, from: "aria-label=\"Pagination\"", to: "</nav>"))
                .map { PageLink($0["href"] ?? "") }
            #expect(pages.allSatisfy { $0.query["view"] == "grid" && $0.query["per_page"] == "10" && $0.query["q"] == "e" })
            #expect(pages.count == 5)  // 1 2 3 4 and Next
        }
    }

    @Test func searchWithSpacesAndSymbols_roundTripsThroughTheLinks() async throws {
        try await withDashboard(.shared) { dash in
            let text = "Tigris & Euphrates"
            let response = try await dash.get("/products?view=grid&q=" + percentEncoded(text))
            #expect(response.productIDs == [24])
            let viewLinks = HTMLScan.tags("a", in: HTMLScan.block(in: response.text, from: "aria-label=\"View\"", to: "</nav>"))
            #expect(viewLinks.map { PageLink($0["href"] ?? "").query["q"] } == [text, text, text])
            #expect(HTMLScan.tags("input", in: response.text).first { $0["name"] == "q" }?["value"] == text)
        }
    }

    /// An empty search says to check the spelling, and its one link clears the search (the
    /// view kept); adding a product is no answer to a misspelt search.
    @Test func noMatch_showsTheEmptyStateWithALinkThatClearsTheSearch() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&q=zzzz-no-such-thing")
            #expect(response.status == 200)
            #expect(response.productIDs.isEmpty)
            let empty = HTMLScan.block(in: response.text, from: "<div class=\"empty-state\">", to: "</div>")
            #expect(HTMLScan.text(empty).contains("No products match “zzzz-no-such-thing”. Check the spelling or clear the search."))
            #expect(HTMLScan.hrefs(in: empty) == ["/products?view=grid"])
            #expect(!response.text.contains("aria-label=\"Pagination\""))
        }
    }

    @Test func searchPastItsLastPage_redirectsToTheLastKeepingTheSearch() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&q=e&page=9&per_page=10")
            #expect([302, 303, 307].contains(response.status))
            #expect(PageLink(response.header("Location") ?? "") == PageLink("/products?view=grid&q=e&page=4&per_page=10"))
        }
    }

    /// Nothing matches: page 3 of nothing is page 1, not an empty page 3 with links to the
    /// empty pages 1 and 2.
    @Test func noMatchPastPageOne_redirectsToPageOne() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&q=zzzz-no-such-thing&page=3")
            #expect([302, 303, 307].contains(response.status))
            #expect(PageLink(response.header("Location") ?? "") == PageLink("/products?view=grid&q=zzzz-no-such-thing"))
        }
    }

    @Test func clearSearch_keepsViewAndPageSize() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&per_page=50&q=e")
            let clear = HTMLScan.tags("a", in: response.text).first { $0["class"] == "clear-search" }
            #expect(clear.map { PageLink($0["href"] ?? "") } == PageLink("/products?view=grid&per_page=50"))
        }
    }

    func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
