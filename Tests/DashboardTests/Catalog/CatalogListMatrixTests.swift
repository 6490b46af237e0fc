import Foundation
import HTTPParsing
import Testing

@testable import Dashboard

/// Every order × every filter of `/products`, in the list and the grid, against the test's own
/// answer from the market's data (`MatrixQuery.expected`): the ids over all pages (walked by the
/// pages' own next links, 100 a page), the "12 of 60 products" count, the currency note and
/// the "Only N left" marks.
@Suite struct CatalogListMatrixTests {
    static let products = ListMatrixCatalog.products
    static let ownCount = products.filter { $0.vendorID == ListMatrixCatalog.ownVendorID }.count

    /// Checks one query in one view (and language) against the test's own answer.
    static func expectList(
        _ query: MatrixQuery, view: String, korean: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withDashboard(.sharedCatalog) { harness in
            let threshold = ListMatrixCatalog.lowStock
            var extra = [("per_page", "100")]
            if view == "grid" { extra.append(("view", "grid")) }
            let path = "/products?" + query.queryString(extra)
            let walked = try await harness.walkList(path, headers: korean ? ["Accept-Language": "ko"] : [:], sourceLocation: sourceLocation)
            let expected = query.expected(products, lowStock: threshold, korean: korean)
            #expect(walked.ids == expected, "\(path)\(korean ? " in Korean" : "")", sourceLocation: sourceLocation)

            let first = try #require(walked.pages.first, sourceLocation: sourceLocation)
            #expect(first.text.contains("<ul class=\"product-\(view)\">") || expected.isEmpty, "\(path)", sourceLocation: sourceLocation)
            if query.readsSnapshot, !korean, !expected.isEmpty {
                // One count line, which says how many match only when the list is narrowed.
                let count = matchCount(expected.count, of: query.mine ? ownCount : products.count)
                #expect(countLine(first.text).hasSuffix(count), "\(path): \(countLine(first.text)) for \(count)", sourceLocation: sourceLocation)
            }
            // Both currencies in one price order: the page says KRW comes first.
            let currencies = Set(expected.compactMap { ListMatrixCatalog.byID[$0]?.currency })
            let mixes = (query.sort == .price || query.sort == .priceDescending) && currencies.count == 2
            #expect(first.text.contains("class=\"currency-note\"") == mixes, "\(path)", sourceLocation: sourceLocation)

            for (id, block) in walked.blocks {
                let product = try #require(ListMatrixCatalog.byID[id], sourceLocation: sourceLocation)
                let low = (1...threshold).contains(product.stock)
                let mark = korean ? "\(product.stock)개 남음" : "Only \(product.stock) left"
                #expect(block.contains(mark) == low, "product \(product.id), stock \(product.stock): \(path)", sourceLocation: sourceLocation)
                #expect(block.contains("class=\"low-stock\"") == low, "product \(product.id): \(path)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: MatrixQuery.Sort.allCases)
    func everyStockSaleAndCurrencyFilter_inListAndGrid(_ sort: MatrixQuery.Sort) async throws {
        for stock in [nil, "in", "low", "out"] {
            for sale in [false, true] {
                for currency in [nil, "KRW", "USD"] {
                    let query = MatrixQuery(sort: sort, stock: stock, sale: sale, currency: currency)
                    for view in ["list", "grid"] {
                        try await Self.expectList(query, view: view)
                    }
                    // Between cases, room for the servers' handlers on the shared threads.
                    await Task.yield()
                }
            }
        }
    }

    /// Price ranges (bounds included, fractional USD), searches (the market's rule: contains,
    /// ignoring case; accents count), `mine=1`, and the name order in Korean.
    static let more: [MatrixQuery] = [
        MatrixQuery(sort: .price, currency: "KRW", minPrice: "1000", maxPrice: "120000"),
        MatrixQuery(sort: .priceDescending, currency: "KRW", minPrice: "3500"),
        MatrixQuery(currency: "KRW", maxPrice: "0"),
        MatrixQuery(sort: .price, currency: "USD", minPrice: "12.5", maxPrice: "12.99"),
        MatrixQuery(sort: .stock, stock: "in", sale: true, currency: "USD", minPrice: "0.99", maxPrice: "400"),
        MatrixQuery(sort: .name, currency: "USD", maxPrice: "40"),
        MatrixQuery(search: "mug"),
        MatrixQuery(sort: .price, search: "café"),
        MatrixQuery(sort: .name, search: "CAFÉ"),
        MatrixQuery(sort: .stockDescending, stock: "low", search: "e"),
        MatrixQuery(sort: .oldest, search: "라면"),
        MatrixQuery(sort: .name, sale: true, search: "텀블러"),
        MatrixQuery(sort: .price, search: "zzz-nothing"),
        MatrixQuery(mine: true),
        MatrixQuery(sort: .priceDescending, mine: true),
        MatrixQuery(sort: .name, stock: "low", mine: true),
        MatrixQuery(sort: .oldest, stock: "out", sale: true, mine: true),
        MatrixQuery(sort: .stock, currency: "USD", minPrice: "10", search: "e", mine: true),
    ]

    @Test(arguments: more)
    func priceRanges_searches_andOwnProducts(_ query: MatrixQuery) async throws {
        for view in ["list", "grid"] {
            try await Self.expectList(query, view: view)
        }
    }

    @Test(arguments: [
        MatrixQuery(sort: .name), MatrixQuery(sort: .name, stock: "in", currency: "KRW"), MatrixQuery(sort: .name, sale: true, mine: true),
    ])
    func nameOrder_putsTheReadersScriptFirst(_ query: MatrixQuery) async throws {
        try await Self.expectList(query, view: "list", korean: true)
        try await Self.expectList(query, view: "grid", korean: false)
    }

    /// The test's data has what the matrix needs: both currencies, fractional USD, ties in every
    /// key, Korean and accented names, every stock band (else the matrix proves less).
    @Test func theCatalogCoversEveryCase() {
        let products = Self.products
        #expect(products.count >= 300)
        #expect(Set(products.map(\.vendorID)).count == 3)
        #expect(products.contains { $0.currency == "USD" && $0.paidHundredths % 100 != 0 })
        #expect(Set(products.map(\.paidHundredths)).count < products.count)
        #expect(Set(products.map(\.stock)).count < products.count)
        #expect(Set(products.map(\.name)).count < products.count)
        #expect(products.contains { $0.name.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(products.contains { $0.name.contains("É") } && products.contains { $0.name.contains("é") })
        for band in [0...0, 1...ListMatrixCatalog.lowStock, (ListMatrixCatalog.lowStock + 1)...100] {
            #expect(products.contains { band.contains($0.stock) })
        }
        #expect(products.contains { $0.discountHundredths > 0 } && products.contains { $0.discountHundredths == 0 })
    }
}

/// The list's one count line: the range alone when nothing narrows the list, with the
/// matches and the whole when a search or filter does, one product written without a range;
/// the table links the sheet once; a search heading keeps sentence case.
@Suite struct ListCountLineTests {
    @Test func oneCountLine_oneSheetLink_andSentenceCase() async throws {
        try await withDashboard(.sharedCatalog) { harness in
            let products = ListMatrixCatalog.products
            let lowStock = DashboardConfiguration.defaultLowStock
            let own = MatrixQuery(mine: true).expected(products, lowStock: lowStock).count
            let mine = try await harness.get("/products?mine=1&lang=en")
            #expect(countLine(mine.text) == "Showing 1–\(min(20, own)) of \(NumberText.grouped(own))")
            #expect(!mine.text.contains("match-count"))

            let out = MatrixQuery(stock: "out").expected(products, lowStock: lowStock).count
            try #require(out > 1 && out < products.count)
            let shown = min(20, out)
            let korean = try await harness.get("/products?stock=out&lang=ko")
            #expect(countLine(korean.text) == "조건에 맞는 상품 \(out)개 중 1~\(shown)번째(전체 \(NumberText.grouped(products.count))개)")
            let english = try await harness.get("/products?stock=out&lang=en")
            #expect(countLine(english.text) == "Showing 1–\(shown) of \(out) matches (\(NumberText.grouped(products.count)) products in all)")

            // One product: a place, not a range; the page's data-range still gives the range.
            let name = try #require(products.first { product in products.filter { $0.name.lowercased().contains(product.name.lowercased()) }.count == 1 }?.name)
            let one = try await harness.get("/products?sort=name&q=\(URLEncodedForm.encode(name))&lang=ko")
            #expect(countLine(one.text) == "조건에 맞는 상품 1개 중 1번째(전체 \(NumberText.grouped(products.count))개)", "\(name)")
            #expect(HTMLScan.tags("p", in: one.text).contains { $0["class"] == "summary" && $0["data-range"]?.contains("1~1번째") == true })
            let oneEnglish = try await harness.get("/products?mine=1&q=\(URLEncodedForm.encode(name))&lang=en")
            #expect(HTMLScan.text(oneEnglish.text).contains("My products: results for “\(name)”"))

            // The table links the sheet once, above its rows.
            let table = try await harness.get("/products?mine=1&view=table&lang=en")
            #expect(HTMLScan.blocks(in: table.text, from: "<p class=\"sheet-link\">", to: "</p>").count == 1)
            let list = try await harness.get("/products?mine=1&lang=en")
            #expect(HTMLScan.blocks(in: list.text, from: "<p class=\"sheet-link\">", to: "</p>").count == 1)
        }
    }
}
