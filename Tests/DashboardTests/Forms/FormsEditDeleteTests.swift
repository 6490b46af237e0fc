import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// Editing and deleting the vendor's own products, end to end over the embedded market; what
/// exactly is sent is checked against a scripted market.
@Suite struct FormsEditDeleteTests {
    /// Registers a product through the form and returns its id.
    func register(_ session: inout FormSession, name: String = "Editable Mug") async throws -> Int {
        _ = try await session.open("/products/new")
        let response = try await session.post("/products", replacing(validProductFields, "name", with: name), files: [.jpeg("m1.jpg", fill: 41), .png("m2.png", fill: 42)])
        return try #require(productID(fromLocation: response.header("Location")))
    }

    @Test func edit_prefillsTheForm_andAPriceChangeShowsOnTheDetailPage() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let id = try await register(&session)
            let form = try await session.open("/products/\(id)/edit")
            #expect(form.status == 200)
            #expect(form.header("Cache-Control") == "no-store")
            let html = form.text
            #expect(html.contains("value=\"Editable Mug\""))
            #expect(html.contains("value=\"12000\"") && html.contains("value=\"2000\"") && html.contains("value=\"7\""))
            #expect(html.contains("<option value=\"KRW\" selected>"))
            #expect(html.contains("name=\"thumbnail_id\""))
            #expect(!html.contains("type=\"file\""), "images are read-only")

            let saved = try await session.postURLEncoded("/products/\(id)/edit", [
                ("name", "Editable Mug"), ("description", "A small kettle for tests, boils water."), ("price", "15000"),
                ("discounted_price", "2000"), ("stock", "7"), ("currency", "KRW"),
            ])
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/products/\(id)")
            let detail = try await session.get("/products/\(id)", extraCookie: saved.setCookie("om_flash"))
            #expect(detail.text.contains("Product updated."))
            #expect(detail.text.contains("KRW 13,000"), "bargain price after the new price")
            #expect(detail.text.contains("KRW 15,000"))
            let stored = try await MarketInspector(harness).product(id)
            #expect((stored["price"] as? NSNumber)?.doubleValue == 15000)
        }
    }

    @Test func edit_sendsOnlyTheFieldsThatChanged() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit")
            let saved = try await session.postURLEncoded("/products/7/edit", editFields(price: "6000", thumbnail: "2"))
            #expect(saved.status == 303)
            let edits = market.state.withLock { $0.edits }
            #expect(edits.count == 1)
            #expect(edits.first?.changes == ProductChanges(price: 6000, thumbnailID: 2))

            var next = FormSession(port: harness.port)
            _ = try await next.open("/products/7/edit")
            let unchanged = try await next.postURLEncoded("/products/7/edit", editFields(price: "6000"))
            #expect(unchanged.status == 303)
            #expect(market.state.withLock { $0.edits.count } == 1, "nothing changed, nothing sent")
        }
    }

    @Test func oneFormToken_reusedOnAnotherProduct_editsThatProduct() async throws {
        // The double-submit key includes the product id: without it the second product would
        // be answered "updated" from the first one's outcome and nothing would be sent.
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7), ScriptedMarket.product(id: 8)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit")
            #expect(try await session.postURLEncoded("/products/7/edit", editFields(price: "6000")).status == 303)
            let second = try await session.postURLEncoded("/products/8/edit", editFields(price: "7000"))
            #expect(second.status == 303)
            #expect(second.header("Location") == "/products/8")
            let edits = market.state.withLock { $0.edits }
            #expect(edits.map(\.id) == [7, 8])
            #expect(edits.last?.changes == ProductChanges(price: 7000))
        }
    }

    @Test func edit_invalidValues_are422WithTheFormRefilled() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit")
            let response = try await session.postURLEncoded("/products/7/edit", editFields(price: "100", thumbnail: "99"))
            // Only the price changed, so the price is what must move (the discount was 500).
            try expectInvalid(response, field: "price", message: "The price cannot be less than the discount (500)")
            try expectInvalid(response, field: "thumbnail_id", message: "Choose one of the product")
            #expect(response.text.contains("value=\"100\""))
            #expect(market.state.withLock { $0.edits.isEmpty })
        }
    }

    @Test func edit_refusedByTheMarket_isExplainedOnTheForm() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        market.state.withLock { $0.editFailure = .unauthorized }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit")
            let response = try await session.postURLEncoded("/products/7/edit", editFields(price: "9000"))
            #expect(response.status == 403)
            #expect(response.text.contains("only the vendor who added a product may change it"))
            #expect(response.text.contains("value=\"9000\""))
        }
    }

    @Test func anotherVendorsProduct_cannotBeEditedOrDeleted() async throws {
        var other = ScriptedMarket.product(id: 8)
        other.summary.vendorID = 15
        other.vendor = Vendor(id: 15, name: "red123")
        let market = ScriptedMarket(products: [other])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let edit = try await session.open("/products/8/edit")
            #expect(edit.status == 403)
            #expect(edit.text.contains("belongs to red123 (vendor_id 15), not to this dashboard&#39;s vendor (vendor_id 28)"))
            let confirm = try await session.get("/products/8/delete")
            #expect(confirm.status == 403)
            #expect(confirm.text.contains("belongs to red123 (vendor_id 15)"))
            _ = try await session.open("/products/new")
            #expect(try await session.postURLEncoded("/products/8/edit", editFields(price: "1")).status == 403)
            let delete = try await session.postURLEncoded("/products/8/delete", [])
            #expect(delete.status == 403)
            #expect(delete.text.contains("belongs to red123"))
            #expect(market.state.withLock { $0.edits.isEmpty && $0.deletes.isEmpty })
            let page = try await session.get("/products/8")
            #expect(!page.text.contains("href=\"/products/8/edit\"") && !page.text.contains("href=\"/products/8/delete\""))
        }
    }

    @Test func delete_confirms_thenRemovesTheProduct_withAFlashOnTheList() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let id = try await register(&session, name: "Doomed Vase")
            let confirm = try await session.open("/products/\(id)/delete")
            #expect(confirm.status == 200)
            #expect(confirm.header("Cache-Control") == "no-store")
            #expect(confirm.text.contains("Delete “Doomed Vase”?"))
            #expect(!confirm.text.contains("type=\"password\""), "the dashboard holds the secret")

            let deleted = try await session.postURLEncoded("/products/\(id)/delete", [])
            #expect(deleted.status == 303)
            #expect(deleted.header("Location") == "/products")
            let list = try await session.get("/products", extraCookie: deleted.setCookie("om_flash"))
            #expect(list.text.contains("“Doomed Vase” was deleted."))
            #expect(!list.text.contains("href=\"/products/\(id)\""))
            #expect(try await MarketInspector(harness).status(id) == 404)

            let twice = try await session.postURLEncoded("/products/\(id)/delete", [])
            #expect(twice.status == 303)
            let after = try await session.get("/products", extraCookie: twice.setCookie("om_flash"))
            #expect(after.text.contains("That product was already deleted."))
        }
    }

    @Test func delete_refusedByTheMarket_isExplainedOnTheConfirmationPage() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        market.state.withLock { $0.deleteFailure = .unauthorized }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/delete")
            let response = try await session.postURLEncoded("/products/7/delete", [])
            #expect(response.status == 403)
            #expect(response.text.contains("The Open Market refused to"))
            #expect(response.text.contains("Delete product"), "the confirmation is offered again")
        }
    }
}
