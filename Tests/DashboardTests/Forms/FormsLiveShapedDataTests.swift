import Foundation
import Testing

@testable import Dashboard

/// The forms with data as the live market holds it, over the embedded market: stock may be
/// left empty when registering (the API's default is 0), and an own product registered
/// earlier with a 2-character description and price 0 can have its stock changed.
@Suite struct FormsLiveShapedDataTests {
    @Test func anEmptyStock_registersStock0_andTheHintSaysSo() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/new")
            #expect(form.text.contains("empty means 0"))
            let stock = try #require(HTMLScan.tags("input", in: form.text).first { $0["name"] == "stock" })
            #expect(stock["required"] == nil)
            let created = try await session.post("/products", replacing(validProductFields, "stock", with: ""), files: [.jpeg("1.jpg")])
            #expect(created.status == 303)
            let id = try #require(productID(fromLocation: created.header("Location")))
            #expect(try await MarketInspector(harness).product(id)["stock"] as? Int == 0)
        }
    }

    @Test func theSeedsCookieSet_2CharacterDescriptionPrice0_takesAStockChange() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/55/edit")
            #expect(form.status == 200)
            #expect(form.text.contains(">간식</textarea>"))
            let fields = form.formFields.filter { !["csrf_token", "form_token"].contains($0.0) }
            let saved = try await session.postURLEncoded("/products/55/edit", replacing(fields, "stock", with: "12"))
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/products/55")
            let stored = try await MarketInspector(harness).product(55)
            #expect(stored["stock"] as? Int == 12)
            #expect(stored["description"] as? String == "간식")
            #expect((stored["price"] as? NSNumber)?.doubleValue == 0)
        }
    }
}
