import Foundation
import Testing

/// Every link on a list page keeps the person's view, page, page size and search.
@Suite struct ListStateLinkTests {
    /// Grid, page 3 of 6, ten a page.
    static let path = "/products?view=grid&page=3&per_page=10"

    func nav(_ label: String, in response: TestResponse) -> [HTMLTag] {
        let block = HTMLScan.block(in: response.text, from: "aria-label=\"\(label)\">", to: "</nav>")
        return HTMLScan.tags("a", in: block)
    }

    @Test func viewSwitch_keepsPageAndSizeAndMarksTheActiveView() async throws {
        try await withDashboard(.shared) { dash in
            let links = nav("View", in: try await dash.get(Self.path))
            #expect(links.count == 3)
            let list = links.first { PageLink($0["href"] ?? "").query["view"] == nil }
            let grid = links.first { PageLink($0["href"] ?? "").query["view"] == "grid" }
            let table = links.first { PageLink($0["href"] ?? "").query["view"] == "table" }
            #expect(list.map { PageLink($0["href"] ?? "") } == PageLink("/products?page=3&per_page=10"))
            #expect(grid.map { PageLink($0["href"] ?? "") } == PageLink(Self.path))
            #expect(table.map { PageLink($0["href"] ?? "") } == PageLink("/products?view=table&page=3&per_page=10"))
            #expect(grid?["aria-current"] == "page")
            #expect(list?["aria-current"] == nil)
            #expect(table?["aria-current"] == nil)
        }
    }

    @Test func pageSizeLinks_keepTheViewAndStartAtPageOne() async throws {
        try await withDashboard(.shared) { dash in
            let links = nav("Products per page", in: try await dash.get(Self.path))
            let sizes = links.map { PageLink($0["href"] ?? "") }
            #expect(sizes.map { $0.query["per_page"] ?? "20" } == ["10", "20", "50", "100"])
            for link in sizes {
                #expect(link.path == "/products")
                #expect(link.query["view"] == "grid")
                #expect(link.query["page"] == nil)
            }
            #expect(links.filter { $0["aria-current"] == "page" }.map { $0["href"] } == [ "/products?view=grid&per_page=10"])
        }
    }

    @Test func pagination_hasPrevNextNumbersAndMarksTheCurrentPage() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(Self.path)
            #expect(response.text.contains("<nav class=\"pagination\" aria-label=\"Pagination\">"))
            let links = nav("Pagination", in: response)
            let prev = links.first { $0["rel"] == "prev" }.map { PageLink($0["href"] ?? "") }
            let next = links.first { $0["rel"] == "next" }.map { PageLink($0["href"] ?? "") }
            #expect(prev == PageLink("/products?view=grid&page=2&per_page=10"))
            #expect(next == PageLink("/products?view=grid&page=4&per_page=10"))
            let numbered = links.filter { $0["rel"] == nil }
            #expect(numbered.map { PageLink($0["href"] ?? "").query["page"] ?? "1" } == ["1", "2", "3", "4", "5", "6"])
            for link in numbered.map({ PageLink($0["href"] ?? "") }) {
                #expect(link.query["view"] == "grid" && link.query["per_page"] == "10")
            }
            #expect(numbered.filter { $0["aria-current"] == "page" }.map { PageLink($0["href"] ?? "") }
                == [PageLink(Self.path)])
        }
    }

    @Test func pagination_showsAnEllipsisForSkippedPagesAndNoPrevOnPageOne() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?per_page=10")
            let block = HTMLScan.block(in: response.text, from: "<nav class=\"pagination\"", to: "</nav>")
            #expect(HTMLScan.text(block) == "1 2 3 … 6 Next")
            let links = HTMLScan.tags("a", in: block)
            #expect(!links.contains { $0["rel"] == "prev" })
            #expect(links.first { $0["aria-current"] == "page" }?["href"] == "/products?per_page=10")
        }
    }

    @Test func lastPage_hasNoNextLink() async throws {
        try await withDashboard(.shared) { dash in
            let links = nav("Pagination", in: try await dash.get("/products?page=3"))
            #expect(!links.contains { $0["rel"] == "next" })
            #expect(links.contains { $0["rel"] == "prev" && $0["href"] == "/products?page=2" })
        }
    }

    @Test func productLinks_carryTheListState() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(Self.path + "&q=e")
            let hrefs = response.products.compactMap { product in
                HTMLScan.tags("a", in: product.block).first { $0["class"] == "product-link" }?["href"]
            }
            #expect(hrefs.count == response.productIDs.count && !hrefs.isEmpty)
            for (href, id) in zip(hrefs, response.productIDs) {
                #expect(PageLink(href) == PageLink("/products/\(id)?view=grid&page=3&per_page=10&q=e"))
            }
        }
    }

    @Test func searchForm_carriesViewAndPageSizeAsHiddenFields() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?view=grid&per_page=10&q=Lamp")
            #expect(response.productIDs == [39])
            let form = HTMLScan.block(in: response.text, from: "<form class=\"search\"", to: "</form>")
            #expect(HTMLScan.tags("form", in: form).first?["method"] == "get")
            #expect(HTMLScan.tags("form", in: form).first?["action"] == "/products")
            let inputs = HTMLScan.tags("input", in: form)
            let hidden = Dictionary(
                inputs.filter { $0["type"] == "hidden" }.map { ($0["name"] ?? "", $0["value"] ?? "") }, uniquingKeysWith: { a, _ in a })
            #expect(hidden == ["view": "grid", "per_page": "10"])
            #expect(inputs.first { $0["name"] == "q" }?["value"] == "Lamp")
        }
    }

    @Test func defaultState_addsNoHiddenFields() async throws {
        try await withDashboard(.shared) { dash in
            let form = HTMLScan.block(in: try await dash.get("/products").text, from: "<form class=\"search\"", to: "</form>")
            #expect(!HTMLScan.tags("input", in: form).contains { $0["type"] == "hidden" })
        }
    }

    /// Follow a product link from page 3 of the grid, then the detail page's back link: the
    /// same products, the same view.
    @Test func detailBackLink_returnsToTheSameListPageAndView() async throws {
        try await withDashboard(.shared) { dash in
            let list = try await dash.get(Self.path)
            let productHref = try #require(
                HTMLScan.tags("a", in: list.products.last?.block ?? "").first { $0["class"] == "product-link" }?["href"])
            let detail = try await dash.get(productHref)
            #expect(detail.status == 200)
            let back = try #require(HTMLScan.tags("a", in: HTMLScan.block(in: detail.text, from: "<p class=\"back\">", to: "</p>")).first?["href"])
            #expect(PageLink(back) == PageLink(Self.path))
            let again = try await dash.get(back)
            #expect(again.productIDs == list.productIDs)
            #expect(again.text.contains("<ul class=\"product-grid\">"))
        }
    }
}
