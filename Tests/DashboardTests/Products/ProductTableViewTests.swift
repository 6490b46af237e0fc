import Foundation
import LocalMarket
import Testing

@testable import Dashboard
import DashboardEngine

/// `view=table`: the products of a page as a dense table, a row per product; the name, price,
/// stock and registered headers sort by their column (ascending first, then descending), the
/// order in use marked for screen readers; its order is the list's; its links keep the view;
/// its cells hold each product's values as the catalog has them.
@Suite struct ProductTableViewTests {
    /// A sortable column and its two orders as `sort=` spells them.
    struct Column: Sendable, CustomStringConvertible {
        var key: String
        var ascending: MatrixQuery.Sort
        var descending: MatrixQuery.Sort

        var description: String { key }
    }

    static let columns = [
        Column(key: "name", ascending: .name, descending: .nameDescending),
        Column(key: "price", ascending: .price, descending: .priceDescending),
        Column(key: "stock", ascending: .stock, descending: .stockDescending),
        Column(key: "registered", ascending: .oldest, descending: .newest),
    ]

    /// The table's headers: each sortable column's `<th>` by its `data-column`.
    static func headers(_ page: TestResponse) -> [String: (th: HTMLTag, href: String)] {
        let head = HTMLScan.block(in: page.text, from: "<thead>", to: "</thead>")
        var found: [String: (th: HTMLTag, href: String)] = [:]
        for block in HTMLScan.blocks(in: head, from: "<th", to: "</th>") {
            guard let th = HTMLScan.tags("th", in: block).first, let column = th["data-column"] else { continue }
            found[column] = (th, HTMLScan.tags("a", in: block).first?["href"] ?? "")
        }
        return found
    }

    /// The table's order over every page is the list's, and the test's own answer, for every
    /// sortable column both ways (100 a page, walked by the pages' own next links).
    @Test(arguments: columns)
    func theTablesOrder_isTheLists_forEveryColumnBothWays(_ column: Column) async throws {
        try await withDashboard(.sharedCatalog) { dash in
            for sort in [column.ascending, column.descending] {
                let query = MatrixQuery(sort: sort)
                let table = try await dash.walkList("/products?" + query.queryString([("view", "table"), ("per_page", "100")]))
                let list = try await dash.walkList("/products?" + query.queryString([("per_page", "100")]))
                #expect(table.pages.count > 1, "\(query): more than one page")
                #expect(table.ids == list.ids, "\(query)")
                #expect(table.ids == query.expected(ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock), "\(query)")
                // The table's own pages: rows, not list items, and every link keeps the view.
                let first = try #require(table.pages.first)
                #expect(first.text.contains("<table class=\"product-table\">") && !first.text.contains("<ul class=\"product-list\">"))
            }
        }
    }

    /// An unsorted or descending column links to its ascending order, an ascending one to its
    /// descending order; exactly one header carries `aria-sort`, the order in use.
    @Test(arguments: columns)
    func headers_linkAscendingThenDescending_andMarkTheOrderInUse(_ column: Column) async throws {
        try await withDashboard(.sharedCatalog) { dash in
            let state = "view=table&per_page=50&page=2&stock=in"
            for (sort, direction, next) in [
                (column.ascending, "ascending", column.descending), (column.descending, "descending", column.ascending),
            ] {
                let page = try await dash.get("/products?\(state)" + (sort == .newest ? "" : "&sort=\(sort.rawValue)"))
                #expect(page.status == 200)
                let headers = Self.headers(page)
                #expect(Set(headers.keys) == ["name", "price", "stock", "registered"])
                let sorted = HTMLScan.tags("th", in: page.text).filter { $0["aria-sort"] != nil }
                #expect(sorted.count == 1, "exactly one header says it sorts: \(sorted.map(\.attributes))")
                #expect(headers[column.key]?.th["aria-sort"] == direction, "\(column.key) sorted \(sort.rawValue)")
                let link = PageLink(headers[column.key]?.href ?? "")
                #expect(link.path == "/products")
                #expect((link.query["sort"] ?? "newest") == next.rawValue, "\(column.key) sorted \(sort.rawValue) links to \(link.query)")
                // From page 1, with the view, the page size and the filters kept.
                #expect(link.query["view"] == "table" && link.query["per_page"] == "50" && link.query["stock"] == "in")
                #expect(link.query["page"] == nil)
                // The hidden words say where the link leads in the column's own terms.
                let said = HTMLScan.text(HTMLScan.block(in: HTMLScan.block(in: page.text, from: "data-column=\"\(column.key)\"", to: "</th>"), from: "<a", to: "</a>"))
                #expect(said.hasSuffix(Wording(.en).sortHint(try #require(CatalogSort(parameter: next.rawValue)))), "\(column.key): \(said)")
                #expect(!said.contains("ascending order") && !said.contains("descending order"))
                // Every other column links to its own ascending order.
                for other in Self.columns where other.key != column.key {
                    let href = PageLink(headers[other.key]?.href ?? "")
                    #expect((href.query["sort"] ?? "newest") == other.ascending.rawValue, "\(other.key) while \(sort.rawValue)")
                }
            }
        }
    }

    @Test(arguments: [10, 20, 50, 100])
    func aRowPerProduct_withItsID_atEveryPageSize(_ perPage: Int) async throws {
        try await withDashboard(.sharedCatalog) { dash in
            let page = try await dash.get("/products?view=table&sort=price&per_page=\(perPage)")
            let rows = HTMLScan.blocks(in: page.text, from: "<tr data-product-id=", to: "</tr>")
            #expect(rows.count == perPage)
            for row in rows {
                let id = HTMLScan.tags("tr", in: row).first?["data-product-id"] ?? ""
                // The name links to the product, the list's state carried along.
                let link = PageLink(HTMLScan.tags("a", in: row).first?["href"] ?? "")
                #expect(link.path == "/products/\(id)")
                #expect(link.query["view"] == "table" && link.query["sort"] == "price")
                // Price, discount, sale price: a product without a discount still has a sale price.
                let numbers = HTMLScan.blocks(in: row, from: "<td class=\"number\">", to: "</td>").map { HTMLScan.text($0) }
                #expect(numbers.count >= 3 && !numbers[2].isEmpty, "\(id): \(numbers)")
            }
            let expected = MatrixQuery(sort: .price).expected(ListMatrixCatalog.products, lowStock: ListMatrixCatalog.lowStock)
            let ids = HTMLScan.tags("tr", in: page.text).compactMap { $0["data-product-id"].flatMap { Int($0) } }
            #expect(ids == Array(expected.prefix(perPage)))
            let sizes = HTMLScan.tags("a", in: HTMLScan.block(in: page.text, from: "<nav class=\"page-size\"", to: "</nav>"))
            #expect(sizes.first { $0["aria-current"] == "page" }.map { PageLink($0["href"] ?? "").query["per_page"] ?? "20" } == "\(perPage)")
        }
    }

    /// A price as the test writes it from the catalog's hundredths, with Foundation's formatter:
    /// `KRW 12,000` and `USD 12.50` in English, `12,000원` and `$12.50` in Korean.
    static func price(_ hundredths: Int, _ currency: String, _ language: Language) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
        formatter.minimumFractionDigits = currency == "KRW" ? 0 : 2
        formatter.maximumFractionDigits = 2
        let amount = formatter.string(from: NSDecimalNumber(decimal: Decimal(hundredths) / 100)) ?? "?"
        switch (language, currency) {
        case (.en, _): return "\(currency) \(amount)"
        case (.ko, "KRW"): return "\(amount)원"
        default: return "$\(amount)"
        }
    }

    /// Every row of every page of the table, in both languages, has the catalog's values in
    /// its cells: the name, the list price, the discount (empty without one), the sale price,
    /// the stock ("Sold out" at 0), the currency, the vendor and the day of registration (the
    /// day the live-shaped market stamps on every product).
    @Test(arguments: Language.allCases)
    func everyRowsCells_areTheCatalogsValues(_ language: Language) async throws {
        let (soldOut, registered) = language == .en ? ("Sold out", "2022-11-04") : ("품절", "2022. 11. 4.")
        try await withDashboard(.sharedCatalog) { dash in
            let table = try await dash.walkList("/products?view=table&sort=price&per_page=100", headers: ["Accept-Language": language.rawValue])
            #expect(table.ids.count == ListMatrixCatalog.products.count, "every product has its row")
            for id in table.ids {
                let product = try #require(ListMatrixCatalog.byID[id])
                let row = table.blocks[id] ?? ""
                let name = HTMLScan.text(HTMLScan.block(in: row, from: "<th scope=\"row\">", to: "</th>"))
                let cells = HTMLScan.blocks(in: row, from: "<td", to: "</td>").map { HTMLScan.text($0).trimmingCharacters(in: .whitespaces) }
                // The box and the picture, then the eight cells of values.
                try #require(cells.count == 9, "\(id): \(cells)")
                let expected = [
                    Self.price(product.priceHundredths, product.currency, language),
                    product.discountHundredths == 0 ? "" : Self.price(product.discountHundredths, product.currency, language),
                    Self.price(product.paidHundredths, product.currency, language),
                    product.stock == 0 ? soldOut : "\(product.stock)",
                    product.currency,
                    ListMatrixCatalog.vendorNames[product.vendorID] ?? "?",
                    registered,
                ]
                #expect(name == product.name, "\(id)")
                #expect(Array(cells[2...]) == expected, "\(id) (\(language))")
                #expect(HTMLScan.tags("time", in: row).first?["datetime"] == "2022-11-04", "\(id)")
            }
        }
    }

    /// The own products have their `ids` box in the first column, in the bulk form; others none.
    @Test func ownProducts_haveTheirBoxInTheFirstColumn_inTheBulkForm() async throws {
        try await withDashboard(.sharedCatalog) { dash in
            let page = try await dash.get("/products?view=table&per_page=100&sort=stock")
            #expect(page.text.contains("<form id=\"bulk\""))
            var own = 0
            for row in HTMLScan.blocks(in: page.text, from: "<tr data-product-id=", to: "</tr>") {
                let id = Int(HTMLScan.tags("tr", in: row).first?["data-product-id"] ?? "") ?? 0
                let product = try #require(ListMatrixCatalog.byID[id])
                let first = HTMLScan.block(in: row, from: "<td>", to: "</td>")
                let box = HTMLScan.tags("input", in: first).first
                if product.vendorID == ListMatrixCatalog.ownVendorID {
                    own += 1
                    #expect(box?["name"] == "ids" && box?["value"] == "\(id)" && box?["form"] == "bulk", "\(id)")
                    #expect(box?["aria-label"]?.contains(product.name) == true)
                } else {
                    #expect(!row.contains("name=\"ids\""), "\(id) is another vendor's")
                }
            }
            #expect(own > 0)
        }
    }

    /// The view switch has three links, the table's marked; every link of a table page that
    /// leads to another page of products keeps the table.
    @Test func theViewSwitch_hasThreeLinks_andEveryListLinkKeepsTheTable() async throws {
        try await withDashboard(.sharedCatalog) { dash in
            let page = try await dash.get("/products?view=table&page=2&per_page=10&sort=-stock&sale=1&q=e")
            let switcher = HTMLScan.tags("a", in: HTMLScan.block(in: page.text, from: "<nav class=\"view-switch\"", to: "</nav>"))
            #expect(switcher.count == 3)
            #expect(switcher.map { PageLink($0["href"] ?? "").query["view"] ?? "list" } == ["list", "grid", "table"])
            #expect(switcher.filter { $0["aria-current"] == "page" }.map { PageLink($0["href"] ?? "").query["view"] } == ["table"])
            let main = HTMLScan.block(in: page.text, from: "<main", to: "</main>")
            let viewSwitch = Set(switcher.compactMap { $0["href"] })
            var checked = 0
            for href in HTMLScan.hrefs(in: main) where !viewSwitch.contains(href) {
                let link = PageLink(href)
                guard link.path == "/products" || link.path.hasPrefix("/products/") && Int(link.path.dropFirst(10)) != nil else { continue }
                checked += 1
                #expect(link.query["view"] == "table", "\(href) loses the table")
            }
            #expect(checked > 10, "the sort headers, pages, page sizes, filters and products")
            let search = HTMLScan.block(in: page.text, from: "<form class=\"search\"", to: "</form>")
            #expect(HTMLScan.tags("input", in: search).contains { $0["name"] == "view" && $0["value"] == "table" })
        }
    }

    /// The table is a region of its own that a keyboard can reach and scroll, named.
    @Test func theTableScrollsInItsOwnNamedRegion() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products?view=table&lang=en")
            let region = try #require(HTMLScan.tags("div", in: page.text).first { $0["class"] == "table-scroll" })
            #expect(region["role"] == "region" && region["tabindex"] == "0")
            #expect(region["aria-label"] == "Products table (scrolls sideways)")
            let table = HTMLScan.block(in: page.text, from: "<div class=\"table-scroll\"", to: "</table>")
            #expect(table.contains("<table class=\"product-table\">"))
        }
    }
}
