import Foundation
import Testing

@testable import Dashboard

/// Registering a product through the form, end to end: a real dashboard over the embedded
/// market, over sockets.
@Suite struct FormsCreateTests {
    @Test func newForm_hasLabelledFieldsTokensAndNoStore() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let page = try await session.open("/products/new")
            #expect(page.status == 200)
            #expect(page.header("Cache-Control") == "no-store")
            #expect(page.setCookie("om_csrf") != nil)
            #expect(page.headers.contains { $0.value.contains("HttpOnly") && $0.value.contains("SameSite=Lax") })
            let html = page.text
            for field in ["name", "description", "price", "discounted_price", "stock", "currency", "images"] {
                #expect(html.contains("<label for=\"\(field)\""), "label for \(field)")
                #expect(html.contains("name=\"\(field)\""), "field \(field)")
            }
            #expect(html.contains(#"<input id="images" name="images" type="file" multiple accept="image/jpeg,image/png""#))
            #expect(html.contains(#"enctype="multipart/form-data""#))
            #expect(html.contains(#"<option value="USD""#))
            // An empty first option (a required select's placeholder); KRW stays the choice.
            #expect(html.contains(#"<option value="">Choose a currency</option>"#))
            #expect(html.contains(#"<option value="KRW" selected>"#))
            #expect(html.contains(#"minlength="3" maxlength="100""#))
            #expect(html.contains(#"<script src="/static/js/shrink-images.js" defer></script>"#))
            #expect(session.csrfToken.count == 32 && session.formToken.count == 32)
            #expect(session.cookie == "om_csrf=\(session.csrfToken)")
        }
    }

    @Test func register_sendsExactlyTheFormToTheMarket_andRedirectsWithAFlash() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let first = TestFile.jpeg("front.jpg", size: 5000, fill: 7)
            let second = TestFile.png("back.png", size: 3000, fill: 9)
            let fields = replacing(validProductFields, "description", with: "Line one\r\nLine two, <b>bold</b> & more")
            let response = try await session.post("/products", fields, files: [first, second])
            #expect(response.status == 303)
            let id = try #require(productID(fromLocation: response.header("Location")))

            let market = MarketInspector(harness)
            let stored = try await market.product(id)
            #expect(stored["name"] as? String == "Test Kettle")
            #expect(stored["description"] as? String == "Line one\nLine two, <b>bold</b> & more")
            #expect((stored["price"] as? NSNumber)?.doubleValue == 12000)
            #expect((stored["discounted_price"] as? NSNumber)?.doubleValue == 2000)
            #expect(stored["stock"] as? Int == 7)
            #expect(stored["currency"] as? String == "KRW")
            #expect((stored["vendors"] as? [String: Any])?["id"] as? Int == 28)
            #expect(try await market.imageBytes(id) == [first.bytes, second.bytes])

            let flashCookie = try #require(response.setCookie("om_flash"))
            let detail = try await session.get("/products/\(id)", extraCookie: flashCookie)
            #expect(detail.status == 200)
            #expect(detail.text.contains("Product added."))
            #expect(detail.text.contains("&lt;b&gt;bold&lt;/b&gt; &amp; more"))
            let again = try await session.get("/products/\(id)", extraCookie: flashCookie)
            #expect(!again.text.contains("Product added."), "a flash shows once")
        }
    }

    @Test func usdPrice_withCents_isSentAsADecimal() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            var fields = replacing(validProductFields, "currency", with: "USD")
            fields = replacing(fields, "price", with: "12.50")
            fields = replacing(fields, "discounted_price", with: "")
            let response = try await session.post("/products", fields, files: [.jpeg("a.jpg")])
            #expect(response.status == 303)
            let id = try #require(productID(fromLocation: response.header("Location")))
            let stored = try await MarketInspector(harness).product(id)
            #expect((stored["price"] as? NSNumber)?.doubleValue == 12.5)
            #expect((stored["discounted_price"] as? NSNumber)?.doubleValue == 0)
            #expect(stored["currency"] as? String == "USD")
        }
    }

    @Test func doubleSubmit_createsOneProduct_andBothAnswersPointToIt() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let market = MarketInspector(harness)
            let before = try await market.totalCount()
            let fields = replacing(validProductFields, "name", with: "Double Click Lamp")
            let posting = session
            async let a = posting.post("/products", fields, files: [.jpeg("lamp.jpg")])
            async let b = posting.post("/products", fields, files: [.jpeg("lamp.jpg")])
            let (first, second) = try await (a, b)
            #expect(first.status == 303 && second.status == 303)
            #expect(first.header("Location") == second.header("Location"))
            // Back and resubmit, later: still the same product.
            let third = try await posting.post("/products", fields, files: [.jpeg("lamp.jpg")])
            #expect(third.status == 303)
            #expect(third.header("Location") == first.header("Location"))
            #expect(try await market.totalCount() == before + 1)
        }
    }

    /// The add form sent again with another name after it added a product: no second
    /// product, no "Product added", the form as typed with the way to a new form.
    @Test func anAddFormSentAgainWithOtherValues_doesNotClaimAnAdd() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new?lang=en")
            let market = MarketInspector(harness)
            let before = try await market.totalCount()
            let added = try await session.post("/products?lang=en", replacing(validProductFields, "name", with: "First Lamp"), files: [.jpeg("lamp.jpg")])
            #expect(added.status == 303)

            let again = try await session.post("/products?lang=en", replacing(validProductFields, "name", with: "Second Lamp"), files: [.jpeg("lamp2.jpg", fill: 9)])
            #expect(again.status == 409)
            #expect(again.header("Location") == nil)
            let text = HTMLScan.text(again.text)
            #expect(text.contains("This form already added a product, so what you sent now was not added."), "\(text)")
            #expect(!text.contains("Product added"))
            #expect(HTMLScan.tags("a", in: HTMLScan.block(in: again.text, from: "class=\"problem\"", to: "</div>")).compactMap { $0["href"] } == ["/products/new"])
            #expect(HTMLScan.tags("input", in: again.text).first { $0["id"] == "name" }?["value"] == "Second Lamp")
            #expect(try await market.totalCount() == before + 1)
        }
    }

    @Test func bodyOverTheRouteCap_is413() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let huge = TestFile.jpeg("huge.jpg", size: ProductForms.maxCreateBodyBytes + 1)
            let response = try await session.post("/products", validProductFields, files: [huge])
            #expect(response.status == 413)
            #expect(response.text.contains("at most 300 KB"), "the page says how to recover")
        }
    }

    @Test func stashedImage_isServedOnlyToTheBrowserThatUploadedIt() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let image = TestFile.png("kept.png", size: 4000, fill: 5)
            let failed = try await session.post("/products", replacing(validProductFields, "name", with: ""), files: [image])
            #expect(failed.status == 422)
            let path = "/products/new/images/\(session.formToken)/1"
            #expect(failed.text.contains("src=\"\(path)\""))
            let mine = try await session.get(path)
            #expect(mine.status == 200)
            #expect(mine.body == image.bytes)
            #expect(mine.header("Content-Type") == "image/png")
            var stranger = FormSession(port: harness.port)
            _ = try await stranger.open("/products/new")
            #expect(try await stranger.get(path).status == 404)
            #expect(try await HTTPTestClient.get(harness.port, path).status == 404)
        }
    }
}
