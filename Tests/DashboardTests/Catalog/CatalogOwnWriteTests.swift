import Foundation
import Testing

@testable import Dashboard

/// The dashboard's own writes, through its forms, patch the catalog snapshot in place: a sorted
/// or filtered list shows the change at once, at its new place, and the market sees no list
/// request after the write's own requests (no count again). One test at a time: each starts a
/// market and a dashboard.
@Suite(.serialized) struct CatalogOwnWriteTests {
    static let own = ListMatrixCatalog.ownVendorID

    /// The list at `path` (100 a page, every page), in English, against the test's own answer
    /// from what the market holds now.
    static func expectList(
        _ query: MatrixQuery, _ market: ScriptedMarket, _ harness: DashboardHarness, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WalkedList {
        let walked = try await harness.walkList("/products?" + query.queryString([("per_page", "100")]), sourceLocation: sourceLocation)
        let expected = query.expected(market.matrixProducts, lowStock: DashboardConfiguration.defaultLowStock)
        #expect(walked.ids == expected, "\(query)", sourceLocation: sourceLocation)
        return walked
    }

    /// The requests the market got since `mark`: the write's own, and no list request.
    static func expectNoCount(_ market: ScriptedMarket, since mark: Int, write method: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let since = Array(market.received.dropFirst(mark))
        #expect(since.contains { $0.method == method }, "the write reached the market", sourceLocation: sourceLocation)
        // A registration searches its name first (what a lost answer's check must not take
        // for it): a search, not a count.
        let lists = since.filter { $0.method == "GET" && $0.path == "/api/products" && $0.query("search_value") == nil }
        #expect(lists.isEmpty, "no count after the write: \(lists.map(\.target))", sourceLocation: sourceLocation)
    }

    /// The edit page's fields as a browser posts them (tokens come from the session).
    static func shownFields(_ form: TestResponse) -> [(String, String)] {
        form.formFields.filter { !["csrf_token", "form_token"].contains($0.0) }
    }

    @Test func anEdit_movesTheProductInASortedList_withoutACount() async throws {
        let market = ListMatrixCatalog.market()
        try await withDashboard(.liveShaped(market, vendorID: ListMatrixCatalog.ownVendorID)) { harness in
            let byPrice = MatrixQuery(sort: .price, currency: "KRW")
            let before = try await Self.expectList(byPrice, market, harness)
            // An own KRW product from the dearer half: the edit makes it the cheapest paid price
            // above zero, and low on stock.
            let products = ListMatrixCatalog.products
            let target = try #require(before.ids.reversed().first { id in
                products.first { $0.id == id }.map { $0.vendorID == Self.own && $0.stock > 10 } ?? false
            })
            let lowStock = MatrixQuery(sort: .stock, stock: "low", mine: true)
            let lowBefore = try await Self.expectList(lowStock, market, harness)
            #expect(!lowBefore.ids.contains(target))

            let mark = market.received.count
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/\(target)/edit")
            #expect(form.status == 200)
            var fields = replacing(Self.shownFields(form), "price", with: "1")
            fields = replacing(replacing(fields, "discounted_price", with: "0"), "stock", with: "2")
            let saved = try await session.postURLEncoded("/products/\(target)/edit", fields)
            #expect(saved.status == 303)
            #expect(market.matrixProducts.first { $0.id == target }?.paidHundredths == 100, "the market changed the price")

            let after = try await Self.expectList(byPrice, market, harness)
            let place = try #require(after.ids.firstIndex(of: target))
            #expect(place < before.ids.firstIndex(of: target) ?? 0, "the product moved up")
            #expect(after.blocks[target]?.contains("KRW 1<") == true, "\(after.blocks[target] ?? "")")
            let lowAfter = try await Self.expectList(lowStock, market, harness)
            #expect(lowAfter.ids.contains(target))
            #expect(lowAfter.blocks[target]?.contains("Only 2 left") == true)
            // The overview counts it too.
            let overview = try await harness.get("/overview")
            let mine = metrics(in: HTMLScan.block(in: overview.text, from: "data-scope=\"mine\"", to: "</section>"))
            #expect(mine["low-stock"] == String(lowAfter.ids.count))
            Self.expectNoCount(market, since: mark, write: "PATCH")
        }
    }

    @Test func aRegistration_showsInSortedLists_withoutACount() async throws {
        let market = ListMatrixCatalog.market()
        try await withDashboard(.liveShaped(market, vendorID: ListMatrixCatalog.ownVendorID)) { harness in
            let byName = MatrixQuery(sort: .name, mine: true)
            let cheapUSD = MatrixQuery(sort: .priceDescending, currency: "USD", maxPrice: "12.34")
            _ = try await Self.expectList(byName, market, harness)
            _ = try await Self.expectList(cheapUSD, market, harness)

            let mark = market.received.count
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            var fields = replacing(validProductFields, "name", with: "Ångström kettle")
            fields = replacing(replacing(replacing(fields, "price", with: "12.34"), "discounted_price", with: "0.34"), "currency", with: "USD")
            let created = try await session.post("/products", replacing(fields, "stock", with: "4"), files: [.jpeg("1.jpg")])
            #expect(created.status == 303)
            let id = try #require(productID(fromLocation: created.header("Location")))
            #expect(market.matrixProducts.first { $0.id == id }?.paidHundredths == 1200)

            let named = try await Self.expectList(byName, market, harness)
            #expect(named.ids.contains(id))
            let cheap = try await Self.expectList(cheapUSD, market, harness)
            #expect(cheap.ids.contains(id))
            #expect(cheap.blocks[id]?.contains("Only 4 left") == true)
            Self.expectNoCount(market, since: mark, write: "POST")
        }
    }

    @Test func aDeletion_leavesSortedLists_withoutACount() async throws {
        let market = ListMatrixCatalog.market()
        try await withDashboard(.liveShaped(market, vendorID: ListMatrixCatalog.ownVendorID)) { harness in
            let byStock = MatrixQuery(sort: .stockDescending, mine: true)
            let before = try await Self.expectList(byStock, market, harness)
            let target = try #require(before.ids.dropFirst(3).first)

            let mark = market.received.count
            var session = FormSession(port: harness.port)
            let confirm = try await session.open("/products/\(target)/delete")
            #expect(confirm.status == 200)
            let deleted = try await session.postURLEncoded("/products/\(target)/delete", [])
            #expect(deleted.status == 303)
            #expect(!market.matrixProducts.contains { $0.id == target })

            let after = try await Self.expectList(byStock, market, harness)
            #expect(after.ids == before.ids.filter { $0 != target })
            _ = try await Self.expectList(MatrixQuery(sort: .price, sale: true), market, harness)
            Self.expectNoCount(market, since: mark, write: "DELETE")
        }
    }
}
