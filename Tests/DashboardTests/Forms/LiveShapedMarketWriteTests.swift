import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// Writes against an independent market serving live-shaped data: an edit of a product that
/// breaks the create rules, writes slower than the read deadline, and every delete answer form.
/// One test at a time: each starts a market and a dashboard, and the suite's load stays low
/// for the timing-sensitive tests running beside it on a 2-core machine.
@Suite(.serialized) struct LiveShapedMarketWriteTests {
    /// The edit page's fields as a browser would post them (tokens come from the session).
    func shownFields(_ form: TestResponse) -> [(String, String)] {
        form.formFields.filter { !["csrf_token", "form_token"].contains($0.0) }
    }

    @Test func changingOnlyTheStock_ofAProductWithA2CharacterDescriptionAndPrice0_sendsOnlyStockAndSecret() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/201/edit")
            #expect(form.status == 200)
            // Nothing in the browser may block the unchanged "간식" or the 0 price.
            let description = try #require(HTMLScan.tags("textarea", in: form.text).first)
            #expect(description["minlength"] == nil && description["required"] == nil)
            let price = try #require(HTMLScan.tags("input", in: form.text).first { $0["name"] == "price" })
            #expect(price["min"] == nil && price["required"] == nil && price["value"] == "0")

            let saved = try await session.postURLEncoded("/products/201/edit", replacing(shownFields(form), "stock", with: "9"))
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/products/201")
            let writes = market.writes
            #expect(writes.count == 1)
            #expect(writes.first?.method == "PATCH" && writes.first?.target == "/api/products/201")
            let body = try #require(writes.first?.json)
            #expect(Set(body.keys) == ["stock", "secret"])
            #expect(body["stock"] as? Int == 9)
            #expect(body["secret"] as? String == ScriptedMarket.secret)
        }
    }

    /// What changed is measured against the form as shown: a field changed meanwhile elsewhere
    /// (the mobile app) and left alone here is not sent back over the newer value.
    @Test func aFieldChangedElsewhereMeanwhile_andLeftAloneHere_isNotOverwritten() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/201/edit")
            market.state.withLock { $0.products[201]?.stock = 7 }
            let saved = try await session.postURLEncoded("/products/201/edit", replacing(shownFields(form), "price", with: "1000"))
            #expect(saved.status == 303)
            let body = try #require(market.writes.first?.json)
            #expect(Set(body.keys) == ["price", "secret"])
            #expect(market.state.withLock { $0.products[201]?.stock } == 7)
        }
    }

    @Test func aChangedField_isStillCheckedByTheRules_andNothingIsSent() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/201/edit")
            let fields = replacing(replacing(shownFields(form), "description", with: "맛있는 간식"), "price", with: "0")
            let response = try await session.postURLEncoded("/products/201/edit", fields)
            try expectInvalid(response, field: "description", message: "The description must be 10 to 1,000 characters; it has 6.")
            #expect(!response.text.contains("The price must be more than 0."), "the unchanged price is not judged")
            #expect(market.writes.isEmpty)
        }
    }

    @Test func aRegistrationAnsweredAfterTheReadTimeout_endsOnTheNewProduct() async throws {
        let market = LiveShapedData.market()
        // The market answers the write 2.5 s late: past a 1 s read deadline, within the write
        // deadline. Nothing here needs a read to answer within that deadline (a busy machine
        // may stall one): the look-up before a create may fail without harm, and what the
        // person sees next is checked on the market and in the answer, not on a page read.
        market.state.withLock { $0.writeDelay = .milliseconds(2500) }
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID), adjust: { (configuration: inout DashboardConfiguration) in
            configuration.readTimeout = .seconds(1)
            configuration.writeTimeout = .seconds(3600)
        }) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let created = try await session.post("/products", validProductFields, files: [.jpeg("1.jpg")])
            #expect(created.status == 303)
            #expect(created.header("Location") == "/products/300")
            #expect(created.setCookie("om_flash") != nil)
            #expect(market.state.withLock { $0.products[300]?.name } == "Test Kettle")
        }
    }

    @Test func aWritePastTheWriteDeadline_saysTheOutcomeIsUnknown_andHowToCheck() async throws {
        let market = LiveShapedData.market()
        market.state.withLock { $0.writeGate = Gate() }
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID), adjust: { (configuration: inout DashboardConfiguration) in
            configuration.writeTimeout = .milliseconds(500)
        }) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let created = try await session.post("/products", validProductFields, files: [.jpeg("1.jpg")])
            #expect(created.status == 504)
            #expect(created.text.contains("We don&#39;t know whether the product was added"))
            #expect(created.text.contains("href=\"/products\"") && created.text.contains("Check the product list"))
        }
    }

    /// Every archived form × every DELETE answer, one after another on one market and dashboard
    /// (twelve pairs of servers at once would load a 2-core machine for nothing).
    @Test func deleteThroughTheConfirmPage_succeedsForEveryAnswerForm() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            let product = try #require(LiveShapedData.products.first { $0.id == 201 })
            let token = ScriptedMarket.deleteToken(201)
            for archived in ScriptedMarket.ArchivedForm.allCases {
                for answer in ScriptedMarket.DeleteAnswer.allCases {
                    let pair = "\(archived) → \(answer)"
                    market.state.withLock { state in
                        state.archived = archived
                        state.deleteAnswer = answer
                        state.products[201] = product
                        state.received = []
                    }
                    var session = FormSession(port: harness.port)
                    let confirm = try await session.open("/products/201/delete")
                    #expect(confirm.status == 200, "\(pair)")
                    let deleted = try await session.postURLEncoded("/products/201/delete", [])
                    #expect(deleted.status == 303, "\(pair)")
                    #expect(deleted.header("Location") == "/products", "\(pair)")
                    let list = try await session.get("/products", extraCookie: deleted.setCookie("om_flash"))
                    #expect(list.text.contains("“간식” was deleted."), "\(pair)")
                    #expect(market.writes.map(\.method) == ["POST", "DELETE"], "\(pair)")
                    #expect(market.writes.last?.target == "/api/products/\(token)", "\(pair)")
                    #expect(market.state.withLock { $0.products[201] } == nil, "\(pair)")
                }
            }
        }
    }

    @Test func liveShapedProducts_showTheirPricesNamesAndExtensionlessImages() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            let list = try await harness.get("/products")
            #expect(list.status == 200)
            #expect(list.productIDs == [205, 204, 203, 202, 201])
            let text = HTMLScan.text(list.text)
            for expected in ["KRW 0", "KRW 60,000,000", "USD 12.50", "KRW 9,000,000", "🍜 라면 세트", "Cat 🐈 mug", "간식"] {
                #expect(text.contains(expected), "\(expected)")
            }
            let detail = try await harness.get("/products/202")
            #expect(detail.status == 200)
            #expect(detail.text.contains("No description."))
            let image = try #require(HTMLScan.tags("img", in: detail.text).first?["src"])
            #expect(image.hasPrefix("/images/"))
            let served = try await harness.get(image)
            #expect(served.status == 200)
            #expect(served.header("Content-Type") == "image/jpeg")
        }
    }
}
