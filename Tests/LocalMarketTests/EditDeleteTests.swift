import Foundation
import Testing
@testable import LocalMarket

@Suite("PATCH edit and the archived → DELETE dance")
struct EditDeleteTests {
    private let secret = MarketVendor.localTeam.secret

    @Test func editChangesOnlyTheFieldsSent() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let reply = try await fixture.sendJSON(
            .patch, "/api/products/\(id)",
            ["secret": secret, "name": "Renamed <b>thing</b>", "price": 2500.5, "stock": 0, "currency": "USD"])
        #expect(reply.status == 200)
        let detail = reply.json
        #expect(detail["name"]?.string == "Renamed <b>thing</b>")
        #expect(detail["price"]?.literal == "2500.5")
        #expect(detail["discounted_price"]?.literal == "100.0")
        #expect(detail["bargain_price"]?.literal == "2400.5")
        #expect(detail["stock"]?.int == 0)
        #expect(detail["currency"]?.string == "USD")
        #expect(detail["description"]?.string == Products.valid()["description"] as? String)
        #expect(try await fixture.get("/api/products/\(id)").json == detail)
    }

    @Test func thumbnailIdChangesTheThumbnail() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct(images: 3)
        let images = try await fixture.get("/api/products/\(id)").json["images"]?.array ?? []
        let third = try #require(images.last)
        let reply = try await fixture.sendJSON(.patch, "/api/products/\(id)", ["secret": secret, "thumbnail_id": try #require(third["id"]?.int)])
        #expect(reply.status == 200)
        #expect(reply.json["thumbnail"]?.string == third["thumbnail_url"]?.string)
        // Images themselves are unchanged, in order.
        #expect(reply.json["images"]?.array == images)
        let listed = try await fixture.get("/api/products").json["pages"]?.array.first
        #expect(listed?["thumbnail"]?.string == third["thumbnail_url"]?.string)
    }

    @Test func thumbnailIdOfAnotherProductIs400() async throws {
        let fixture = try MarketFixture()
        let first = try await fixture.createProduct()
        let second = try await fixture.createProduct()
        let otherImage = try #require(try await fixture.get("/api/products/\(first)").json["images"]?.array.first?["id"]?.int)
        let reply = try await fixture.sendJSON(.patch, "/api/products/\(second)", ["secret": secret, "thumbnail_id": otherImage])
        #expect(reply.status == 400)
        #expect(reply.message == "thumbnail_id \(otherImage) is not an image of product \(second)")
    }

    @Test("edits are validated like creates", arguments: [
        (["name": "ab"] as [String: any Sendable], "name must be 3 to 100 characters"),
        (["price": 50], "discounted_price must be between 0 and price"),  // existing discount is 100
        (["discounted_price": 5000], "discounted_price must be between 0 and price"),
        (["stock": -2], "stock must be 0 or more"),
        (["currency": "JPY"], "currency must be KRW or USD"),
        (["description": "short"], "description must be 10 to 1000 characters"),
    ])
    func invalidEditIs400(change: [String: any Sendable], message: String) async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        var body: [String: Any] = ["secret": secret]
        for (key, value) in change { body[key] = value }
        let reply = try await fixture.sendJSON(.patch, "/api/products/\(id)", body)
        #expect(reply.status == 400)
        #expect(reply.message == message)
        #expect(try await fixture.get("/api/products/\(id)").json["name"]?.string == "Sample product")
    }

    @Test func editOfUnknownProductIs404() async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.sendJSON(.patch, "/api/products/999", ["secret": secret, "stock": 1])
        #expect(reply.status == 404)
        #expect(reply.message == "product 999 not found")
    }

    @Test func editWithUnparsableJSONIs400AndWithoutJSONTypeIs415() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let broken = try await fixture.send(
            .patch, "/api/products/\(id)",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": "application/json"],
            body: Array(#"{"secret": "#.utf8))
        #expect(broken.status == 400)
        #expect(broken.message.hasPrefix("request body is not valid JSON"))
        let form = try await fixture.send(
            .patch, "/api/products/\(id)",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": "application/x-www-form-urlencoded"],
            body: Array("secret=x".utf8))
        #expect(form.status == 415)
        #expect(form.json["code"]?.int == 415)
    }

    @Test func archivedAnswersAPlainTextDeletePathWithABase64Token() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let reply = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": secret])
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"]?.hasPrefix("text/plain") == true)
        #expect(reply.text.hasPrefix("/api/products/"))
        let token = String(reply.text.dropFirst("/api/products/".count))
        let decoded = try #require(Data(base64Encoded: token).flatMap { String(data: $0, encoding: .utf8) })
        let uuid = try #require(fixture.market.store.product(id: id)?.uuid)
        #expect(decoded == "\(id)|\(uuid)")
    }

    @Test func deleteRemovesTheProductAndAnswersItsDetail() async throws {
        let fixture = try MarketFixture()
        let keep = try await fixture.createProduct(name: "Keep me")
        let id = try await fixture.createProduct(name: "Delete me", images: 2)
        let before = try await fixture.get("/api/products/\(id)").json
        let path = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": secret]).text
        let reply = try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier])
        #expect(reply.status == 200)
        #expect(reply.json["id"]?.int == id)
        #expect(reply.json["name"]?.string == "Delete me")
        #expect(reply.json == before)

        #expect(try await fixture.get("/api/products/\(id)").status == 404)
        let list = try await fixture.get("/api/products").json
        #expect(list["totalCount"]?.int == 1)
        #expect(list["pages"]?.array.first?["id"]?.int == keep)
        // Its images are gone, the other product's stay.
        let url = try #require(before["images"]?.array.first?["url"]?.string)
        #expect(try await fixture.get(String(url.dropFirst("http://market.test:1234".count))).status == 404)
        #expect(fixture.market.store.files.allImageFiles().count == 2)

        // The same path again: the product is gone.
        let again = try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier])
        #expect(again.status == 404)
    }

    @Test func idsAreNotReusedAfterADelete() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let path = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": secret]).text
        _ = try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier])
        #expect(try await fixture.createProduct() == id + 1)
    }

    @Test("a delete path that names no product is 404", arguments: [
        "/api/products/1",  // a bare id is not a token
        "/api/products/" + Data("1|not-the-uuid".utf8).base64EncodedString(),
        "/api/products/" + Data("garbage".utf8).base64EncodedString(),
        "/api/products/%%%",
    ])
    func forgedDeletePathIs404(path: String) async throws {
        let fixture = try MarketFixture()
        _ = try await fixture.createProduct()
        let reply = try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier])
        #expect(reply.status == 404)
        #expect(try await fixture.get("/api/products/1").status == 200)
    }

    @Test func archivedForUnknownProductIs404() async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.sendJSON(.post, "/api/products/77/archived", ["secret": secret])
        #expect(reply.status == 404)
    }
}
