import Foundation
import Testing

/// `/products` as list and grid against the embedded market's 60 seed products (ids 1…60,
/// id 60 the newest), compared with the market's own JSON.
@Suite struct ProductListPageTests {
    @Test func root_redirectsToTheProductList() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/")
            #expect([301, 302, 303, 307, 308].contains(response.status))
            #expect(response.header("Location") == "/products")
        }
    }

    @Test func firstPage_showsTheTwentyNewestAsAList() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.productIDs == Array((41...60).reversed()))
            #expect(response.text.contains("<ul class=\"product-list\">"))
            #expect(!response.text.contains("product-grid"))
            #expect(HTMLScan.text(response.text).contains("Showing 1–20 of 60"))
        }
    }

    @Test func secondPage_saysWhichProductsItShows() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?page=2")
            #expect(response.productIDs == Array((21...40).reversed()))
            #expect(HTMLScan.text(response.text).contains("Showing 21–40 of 60"))
        }
    }

    @Test func grid_usesCardMarkupNotTheList() async throws {
        try await withDashboard(.shared) { dash in
            let grid = try await dash.get("/products?view=grid")
            let list = try await dash.get("/products?view=list")
            #expect(grid.text.contains("<ul class=\"product-grid\">"))
            #expect(!grid.text.contains("product-list"))
            #expect(list.text.contains("<ul class=\"product-list\">"))
            #expect(grid.productIDs == list.productIDs)
        }
    }

    /// Pages 1, 2 and the last for every page size, both views: the products the market lists
    /// for that page, in its order (newest first), and the "Showing a–b of 60" line.
    @Test(arguments: ["list", "grid"], [10, 20, 50, 100])
    func everyPageSize_showsWhatTheMarketListsForPagesOneTwoAndLast(view: String, perPage: Int) async throws {
        try await withDashboard(.shared) { dash in
            let lastPage = (60 + perPage - 1) / perPage
            for page in Set([1, 2, lastPage]).sorted() where page <= lastPage {
                let response = try await dash.get("/products?view=\(view)&page=\(page)&per_page=\(perPage)")
                #expect(response.status == 200, "page \(page)")
                let expected = try await dash.marketPageIDs(page: page, perPage: perPage)
                let first = (page - 1) * perPage + 1
                let last = min(60, page * perPage)
                #expect(expected == Array(((60 - last + 1)...(60 - first + 1)).reversed()), "market order, page \(page)")
                #expect(response.productIDs == expected, "page \(page) of \(perPage) as \(view)")
                #expect(response.text.contains("<ul class=\"product-\(view)\">"))
                #expect(HTMLScan.text(response.text).contains("Showing \(first)–\(last) of 60"))
            }
        }
    }

    @Test(arguments: [
        "page=abc", "per_page=7", "view=gallery", "page=0", "page=-3", "per_page=abc&view=&page=1.5",
        "page=99999999999999999999999",
    ])
    func invalidValues_fallBackToTheDefaults(_ query: String) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?" + query)
            #expect(response.status == 200)
            #expect(response.productIDs == Array((41...60).reversed()))
            #expect(response.text.contains("<ul class=\"product-list\">"))
            let currentSize = HTMLScan.tags("a", in: HTMLScan.block(in: response.text, from: "<nav class=\"page-size\"", to: "</nav>"))
                .filter { $0["aria-current"] == "page" }
            #expect(currentSize.count == 1)
            #expect(currentSize.first.map { PageLink($0["href"] ?? "").query["per_page"] } == .some(nil))
        }
    }

    @Test func pagePastTheLast_redirectsToTheLastKeepingTheState() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&page=99&per_page=50")
            #expect([302, 303, 307].contains(response.status))
            let location = PageLink(response.header("Location") ?? "")
            #expect(location == PageLink("/products?view=grid&page=2&per_page=50"))
        }
    }

    @Test func pageSizeOfOneHundred_showsEverythingWithoutPagination() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?per_page=100")
            #expect(response.productIDs == Array((1...60).reversed()))
            #expect(!response.text.contains("aria-label=\"Pagination\""))
        }
    }
}
