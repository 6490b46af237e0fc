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

    /// Saved, then Back, the stock changed and saved again with the same form: the second
    /// answer does not claim a save; it brings the form back as typed with the way to a fresh
    /// edit form, and nothing more is sent. The same values sent again still answer as saved.
    @Test func anEditFormSentAgainWithOtherValues_doesNotClaimASave() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit?lang=en")
            let fields = editFields(price: "5000")
            let saved = try await session.postURLEncoded("/products/7/edit?lang=en", replacing(fields, "stock", with: "8"))
            #expect(saved.status == 303)
            #expect(try await session.postURLEncoded("/products/7/edit?lang=en", replacing(fields, "stock", with: "8")).status == 303)

            let again = try await session.postURLEncoded("/products/7/edit?lang=en", replacing(fields, "stock", with: "9"))
            #expect(again.status == 409)
            #expect(again.header("Location") == nil)
            let text = HTMLScan.text(again.text)
            #expect(text.contains("This form was already saved, so the changes you sent now were not."), "\(text)")
            #expect(!text.contains("Product updated"))
            #expect(HTMLScan.tags("a", in: HTMLScan.block(in: again.text, from: "class=\"problem\"", to: "</div>")).compactMap { $0["href"] } == ["/products/7/edit"])
            #expect(HTMLScan.tags("input", in: again.text).first { $0["id"] == "stock" }?["value"] == "9")
            #expect(market.state.withLock { $0.edits.map(\.changes.stock) } == [8], "the second values are not sent")

            let korean = try await session.postURLEncoded("/products/7/edit?lang=ko", replacing(fields, "stock", with: "9"))
            #expect(korean.status == 409)
            #expect(HTMLScan.text(korean.text).contains("이 화면의 내용은 이미 저장했습니다. 다시 수정하려면 [수정]을 눌러 새 화면에서 입력해 주세요."))
        }
    }

    /// The form says what is saved; saved with nothing changed it says so and sent nothing,
    /// so the same form with a change saves it.
    @Test func anEditFormSavedUnchanged_canStillSaveAChange() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/7/edit")
            #expect(HTMLScan.text(form.text).contains("Only the fields you change are saved; everything else stays as it is on the Open Market."))
            let shown = form.formFields.filter { !["csrf_token", "form_token"].contains($0.0) }
            let unchanged = try await session.postURLEncoded("/products/7/edit", shown)
            #expect(unchanged.status == 303)
            let detail = try await session.get("/products/7", extraCookie: unchanged.setCookie("om_flash"))
            #expect(HTMLScan.text(detail.text).contains("No changes to save."))
            #expect(market.state.withLock { $0.edits.isEmpty })
            let changed = try await session.postURLEncoded("/products/7/edit", replacing(shown, "stock", with: "9"))
            #expect(changed.status == 303)
            #expect(market.state.withLock { $0.edits.map(\.changes.stock) } == [9])
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
            try expectInvalid(response, field: "price", message: "The price cannot be less than the discount (KRW 500); lower the discount too.")
            let korean = try await session.postURLEncoded(
                "/products/7/edit", editFields(price: "100", thumbnail: "99"), headers: session.browserHeaders.merging(["Accept-Language": "ko"]) { _, new in new })
            #expect(HTMLScan.text(korean.text).contains("판매가를 할인 금액(500원) 이상으로 입력해 주세요."), "the amount in the product's currency")
            try expectInvalid(response, field: "thumbnail_id", message: "Choose one of the product")
            #expect(response.text.contains("value=\"100\""))
            #expect(market.state.withLock { $0.edits.isEmpty })
        }
    }

    /// A name too short, a discount over the price and a negative stock: all three in one
    /// answer, in the summary and beside each field, as the add form does, with every typed
    /// value kept and nothing sent.
    @Test func edit_withThreeProblems_namesEveryOneAtOnce() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit")
            var fields = editFields(price: "5000", name: "ab")
            fields = fields.map { $0.0 == "discounted_price" ? ($0.0, "9000") : $0.0 == "stock" ? ($0.0, "-2") : $0 }
            let response = try await session.postURLEncoded("/products/7/edit?lang=en", fields)
            try expectInvalid(response, field: "name", message: "The name must be 3 to 100 characters; it has 2.")
            try expectInvalid(response, field: "discounted_price", message: "The discount cannot be more than the price.")
            try expectInvalid(response, field: "stock", message: "The stock must be a whole number, 0 or more.")
            #expect(response.text.contains("There are 3 problems to fix"))
            let summary = HTMLScan.block(in: response.text, from: "class=\"error-summary\"", to: "</div>")
            #expect(HTMLScan.tags("a", in: summary).compactMap { $0["href"] } == ["#name", "#discounted_price", "#stock"])
            let inputs = HTMLScan.tags("input", in: response.text)
            #expect(inputs.first { $0["id"] == "name" }?["value"] == "ab")
            #expect(inputs.first { $0["id"] == "discounted_price" }?["value"] == "9000")
            #expect(inputs.first { $0["id"] == "stock" }?["value"] == "-2")
            #expect(market.writes.isEmpty)
        }
    }

    /// The market down when the edit is posted: the form comes back with every typed value,
    /// saying the changes were not saved and are kept; nothing is sent.
    @Test func edit_postedWhileTheMarketIsDown_keepsTheTypedChanges() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/7/edit?lang=en")
            let originals = HTMLScan.tags("input", in: form.text).filter { ($0["name"] ?? "").hasPrefix("original_") }
                .compactMap { tag in tag["name"].map { ($0, tag["value"] ?? "") } }
            market.state.withLock { $0.readFailure = .unreachable }
            let response = try await session.postURLEncoded(
                "/products/7/edit?lang=en", editFields(price: "7300", name: "Scripted Teapot, larger") + originals)
            #expect(response.status == 502)
            #expect(response.header("Cache-Control") == "no-store")
            let text = HTMLScan.text(response.text)
            #expect(text.contains("Your changes were not saved"))
            #expect(text.contains("Your changes are kept below"))
            let inputs = HTMLScan.tags("input", in: response.text)
            #expect(inputs.first { $0["id"] == "name" }?["value"] == "Scripted Teapot, larger")
            #expect(inputs.first { $0["id"] == "price" }?["value"] == "7300")
            #expect(inputs.first { $0["name"] == "original_price" }?["value"] == "5000", "the form still knows what it was loaded with")
            #expect(HTMLScan.tags("form", in: response.text).contains { $0["action"] == "/products/7/edit" })
            #expect(market.writes.isEmpty)

            // Back up: the same form saves.
            market.state.withLock { $0.readFailure = nil }
            let saved = try await session.postURLEncoded(
                "/products/7/edit", editFields(price: "7300", name: "Scripted Teapot, larger") + originals)
            #expect(saved.status == 303)
            #expect(market.state.withLock { $0.edits.first?.changes } == ProductChanges(name: "Scripted Teapot, larger", price: 7300))
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
            #expect(HTMLScan.text(response.text).contains("Your changes were not saved The Open Market did not accept the seller identifier and secret"))
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
            #expect(HTMLScan.text(edit.text).contains("“Scripted Teapot” is sold by red123, not by you. You can edit only products you added."))
            let confirm = try await session.get("/products/8/delete")
            #expect(confirm.status == 403)
            #expect(HTMLScan.text(confirm.text).contains("is sold by red123, not by you. You can delete only products you added."))
            _ = try await session.open("/products/new")
            #expect(try await session.postURLEncoded("/products/8/edit", editFields(price: "1")).status == 403)
            let delete = try await session.postURLEncoded("/products/8/delete", [])
            #expect(delete.status == 403)
            #expect(delete.text.contains("is sold by red123"))
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
            #expect(list.text.contains("“Doomed Vase” was deleted. It stays in the recycle bin for 30 days, where you can restore it."))
            #expect(!list.text.contains("href=\"/products/\(id)\""))
            #expect(try await MarketInspector(harness).status(id) == 404)

            let twice = try await session.postURLEncoded("/products/\(id)/delete", [])
            #expect(twice.status == 303)
            let after = try await session.get("/products", extraCookie: twice.setCookie("om_flash"))
            #expect(after.text.contains("That product was already deleted."))
        }
    }

    /// The market not answering a delete: the confirmation again, saying the product was not
    /// deleted and to try again, with no "entries kept" on a page that has none.
    @Test(arguments: [MarketError.unreachable, .malformedResponse("not JSON")])
    func delete_theMarketNotAnswering_saysNotDeleted(_ failure: MarketError) async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        market.state.withLock { $0.deleteFailure = failure }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/delete")
            let response = try await session.postURLEncoded("/products/7/delete?lang=en", [])
            #expect(response.status == 502)
            let text = HTMLScan.text(response.text)
            #expect(text.contains("The product was not deleted The Open Market did not answer, so the product was not deleted. Try again in a moment."))
            #expect(!text.contains("kept below"))
            let korean = HTMLScan.text(try await session.postURLEncoded("/products/7/delete?lang=ko", []).text)
            #expect(korean.contains("오픈마켓이 응답하지 않아 아무것도 삭제하지 않았습니다."))
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
            #expect(HTMLScan.text(response.text).contains("The product was not deleted The Open Market did not accept the seller identifier and secret"))
            #expect(response.text.contains("Delete product"), "the confirmation is offered again")
        }
    }
}
