import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// `GET /products/sheet`: the own products of the list page its parameters name, as one form
/// of cells holding their current values, each cell named for a screen reader; linked from the
/// table view and the list's bulk form.
@Suite struct SheetPageTests {
    static let vendor = LocalMarket.defaultVendor.id

    /// A cell's value as the sheet must show it: KRW whole, USD with cents.
    static func plain(_ amount: Any?, currency: String) -> String {
        let value = SheetTesting.number(amount) ?? .nan
        return currency == "USD" ? String(format: "%.2f", value) : String(Int(value))
    }

    @Test(arguments: [(1, 20), (2, 10), (3, 10)])
    func theSheet_showsTheOwnProductsOfThatPage_withTheirCurrentValues(_ page: Int, _ perPage: Int) async throws {
        try await withDashboard(.shared) { dash in
            let path = "/products/sheet?page=\(page)&per_page=\(perPage)"
            let sheet = try await dash.get(path)
            #expect(sheet.status == 200)
            #expect(sheet.header("Cache-Control") == "no-store")
            let form = try #require(HTMLScan.tags("form", in: sheet.text).first { $0["id"] == "sheet" })
            #expect(form["method"] == "post" && form["action"] == "/products/sheet")
            let expected = try await SheetTesting.ownProducts(dash, page: page, perPage: perPage, vendor: Self.vendor)
            try #require(!expected.isEmpty, "the seed has own products on \(path)")
            let rows = SheetTesting.rows(sheet.text)
            #expect(rows.map(\.id) == expected.compactMap { $0["id"] as? Int }, "\(path)")
            for (row, product) in zip(rows, expected) {
                let currency = product["currency"] as? String ?? ""
                let values = [
                    "name": product["name"] as? String ?? "", "price": Self.plain(product["price"], currency: currency),
                    "discounted_price": Self.plain(product["discounted_price"], currency: currency),
                    "stock": String(product["stock"] as? Int ?? -1),
                ]
                for (field, value) in values {
                    #expect(row.cells[field]?.value == value, "\(field).\(row.id)")
                    #expect(row.cells[field]?.shown == value, "was.\(field).\(row.id)")
                }
            }
        }
    }

    /// USD with cents (the seed's figure: 249.99 and 25 off), KRW whole.
    @Test func amounts_areKRWWhole_andUSDWithCents() async throws {
        try await withDashboard(.shared) { dash in
            let rows = Dictionary(uniqueKeysWithValues: SheetTesting.rows(try await dash.get("/products/sheet").text).map { ($0.id, $0.cells) })
            #expect(rows[58]?["price"]?.value == "249.99")
            #expect(rows[58]?["discounted_price"]?.value == "25.00")
            #expect(rows[52]?["price"]?.value == "720000")
            #expect(rows[52]?["discounted_price"]?.value == "20000")
        }
    }

    @Test func everyCell_hasAnAccessibleName_sayingTheProductAndTheColumn() async throws {
        try await withDashboard(.shared) { dash in
            let sheet = try await dash.get("/products/sheet?lang=en")
            let rows = SheetTesting.rows(sheet.text)
            try #require(!rows.isEmpty)
            let columns = ["name": "Name", "price": "Price", "discounted_price": "Discount", "stock": "Stock"]
            var labels: [String] = []
            for row in rows {
                let name = try await dash.marketProduct(row.id)["name"] as? String ?? "?"
                for (field, column) in columns {
                    let label = row.cells[field]?.label ?? ""
                    #expect(label.contains(name) && label.hasPrefix(column), "\(field).\(row.id): \(label)")
                    labels.append(label)
                }
            }
            #expect(Set(labels).count == labels.count, "no two cells share a name")
            // The columns' own headers, and the region scrolls by keyboard.
            let region = try #require(HTMLScan.tags("div", in: sheet.text).first { $0["class"] == "table-scroll" })
            #expect(region["role"] == "region" && region["tabindex"] == "0" && region["aria-label"]?.isEmpty == false)
        }
    }

    @Test func theSheet_isLinkedFromTheTableView_andTheListsBulkForm_keepingThePage() async throws {
        try await withDashboard(.shared) { dash in
            let state = "page=2&per_page=10&q=a"
            let table = try await dash.get("/products?view=table&\(state)&lang=en")
            let link = try #require(HTMLScan.blocks(in: table.text, from: "<p class=\"sheet-link\">", to: "</p>").first)
            #expect(HTMLScan.text(link) == "Edit these in a sheet")
            let href = try #require(HTMLScan.tags("a", in: link).first?["href"])
            #expect(PageLink(href) == PageLink("/products/sheet?\(state)"))

            let list = try await dash.get("/products?\(state)")
            let bulk = HTMLScan.block(in: list.text, from: "<form id=\"bulk\"", to: "</form>")
            #expect(HTMLScan.tags("a", in: bulk).contains { PageLink($0["href"] ?? "") == PageLink("/products/sheet?\(state)") })

            // The sheet it opens holds the table's own products, in the table's order.
            let tableIDs = HTMLScan.tags("tr", in: table.text).compactMap { $0["data-product-id"].flatMap { Int($0) } }
            let boxes = Set(HTMLScan.tags("input", in: table.text).filter { $0["name"] == "ids" }.compactMap { $0["value"].flatMap { Int($0) } })
            let sheet = try await dash.get(href)
            #expect(SheetTesting.rows(sheet.text).map(\.id) == tableIDs.filter { boxes.contains($0) })
            #expect(!boxes.isEmpty)
        }
    }

    /// A sorted and filtered page, answered from the catalog: the sheet is the own products of
    /// the table's page, in its order.
    @Test(arguments: ["sort=-price&per_page=50&page=2", "sort=name&stock=in&per_page=20&page=3", "sort=-name&currency=USD&per_page=10"])
    func aSortedAndFilteredSheet_isTheTablesPage(_ query: String) async throws {
        try await withDashboard(.sharedCatalog) { dash in
            let table = try await dash.get("/products?view=table&\(query)")
            let own = Set(ListMatrixCatalog.products.filter { $0.vendorID == ListMatrixCatalog.ownVendorID }.map(\.id))
            let tableIDs = HTMLScan.tags("tr", in: table.text).compactMap { $0["data-product-id"].flatMap { Int($0) } }
            let sheet = try await dash.get("/products/sheet?\(query)")
            #expect(sheet.status == 200)
            let ids = SheetTesting.rows(sheet.text).map(\.id)
            #expect(ids == tableIDs.filter { own.contains($0) }, "\(query)")
            #expect(!ids.isEmpty)
        }
    }

    /// A search without own products: says which list's page it is and that the search is
    /// the cause, with the link to a sheet of one's own products.
    @Test func aPageWithoutOwnProducts_saysSo_andHasNoForm() async throws {
        try await withDashboard(.shared) { dash in
            let sheet = try await dash.get("/products/sheet?q=Mug&lang=en")
            #expect(sheet.status == 200)
            #expect(SheetTesting.rows(sheet.text).isEmpty)
            #expect(!sheet.text.contains("<form id=\"sheet\""))
            let text = HTMLScan.text(sheet.text)
            #expect(text.contains("None of your products is on page 1 of the results for “\(BidiText.isolated("Mug"))”. Change the search or filters, "
                + "or select Edit My products in a sheet."), "\(text)")
            #expect(Self.mainLinks(sheet.text).contains("/products/sheet?mine=1"))

            let korean = try await dash.get("/products/sheet?q=Mug&lang=ko")
            let koreanText = HTMLScan.text(korean.text)
            #expect(koreanText.contains("검색 결과 1페이지에는 내 상품이 없습니다. 검색어나 필터를 수정하거나 [내 상품을 시트에서 수정]을 눌러 주세요."), "\(koreanText)")
        }
    }

    /// Opened from the menu (page 1 of all products): the intro names that page and list and
    /// links the sheet of one's own products; that sheet names My products and no such link.
    /// The product number column holds the bare number.
    @Test func theIntro_namesThePageAndTheList() async throws {
        try await withDashboard(.shared) { dash in
            let sheet = try await dash.get("/products/sheet?lang=en")
            let count = SheetTesting.rows(sheet.text).count
            let intro = HTMLScan.text(HTMLScan.block(in: sheet.text, from: "<p class=\"hint\">", to: "</p>"))
            #expect(intro.hasPrefix("\(count) of your products (page 1 of All products). Change the cells you want, then select Preview changes:"), "\(intro)")
            #expect(intro.hasSuffix("To edit all your products, select Edit My products in a sheet."))
            #expect(Self.mainLinks(sheet.text).contains("/products/sheet?mine=1"))
            let head = HTMLScan.text(HTMLScan.block(in: sheet.text, from: "<thead>", to: "</thead>"))
            #expect(head.hasSuffix("Product number"), "\(head)")
            let cell = HTMLScan.text(HTMLScan.block(in: HTMLScan.block(in: sheet.text, from: "<tr id=\"row-52\"", to: "</tr>"), from: "<a ", to: "</a>"))
            #expect(cell == "52", "\(cell)")
            #expect(HTMLScan.text(HTMLScan.block(in: sheet.text, from: "<button type=\"submit\"", to: "</button>")) == "Preview changes")

            let mine = try await dash.get("/products/sheet?mine=1&lang=en")
            let mineIntro = HTMLScan.text(HTMLScan.block(in: mine.text, from: "<p class=\"hint\">", to: "</p>"))
            #expect(mineIntro.hasPrefix("\(SheetTesting.rows(mine.text).count) of your products (page 1 of My products)."), "\(mineIntro)")
            #expect(!Self.mainLinks(mine.text).contains("/products/sheet?mine=1"))

            let korean = try await dash.get("/products/sheet?lang=ko")
            let koreanIntro = HTMLScan.text(HTMLScan.block(in: korean.text, from: "<p class=\"hint\">", to: "</p>"))
            #expect(koreanIntro.hasPrefix("전체 상품 1페이지의 내 상품 \(count)개를 수정할 수 있습니다."), "\(koreanIntro)")
        }
    }

    /// The links of a page's main part.
    static func mainLinks(_ html: String) -> [String] {
        HTMLScan.hrefs(in: HTMLScan.block(in: html, from: "<main", to: "</main>"))
    }
}
