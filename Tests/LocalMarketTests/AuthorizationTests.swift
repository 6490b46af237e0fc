import Foundation
import Testing
@testable import LocalMarket

@Suite("identifier and secret checks; only the owner may change a product")
struct AuthorizationTests {
    @Test func createWithoutIdentifierIs401() async throws {
        let fixture = try MarketFixture()
        let body = MultipartBody()
            .json("params", Products.valid().merging(["secret": MarketVendor.localTeam.secret]) { $1 })
            .files("images", [Images.jpeg()])
        let reply = try await fixture.send(.post, "/api/products", headers: ["Content-Type": body.contentType], body: body.bytes)
        #expect(reply.status == 401)
        #expect(reply.message == "the identifier header is missing")
    }

    @Test func createWithUnknownIdentifierIs401() async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.create(identifier: "00000000-0000-0000-0000-000000000000")
        #expect(reply.status == 401)
        #expect(reply.json["code"]?.int == 401)
        #expect(reply.message == "unknown vendor identifier")
    }

    @Test func identifierIsMatchedIgnoringCase() async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.create(identifier: MarketVendor.localTeam.identifier.uppercased())
        #expect(reply.status == 201)
    }

    @Test func createWithWrongSecretIs401AndStoresNothing() async throws {
        let fixture = try MarketFixture()
        var params = Products.valid()
        params["secret"] = MarketVendor.seoulShop.secret  // another vendor's secret
        let reply = try await fixture.create(params)
        #expect(reply.status == 401)
        #expect(reply.message == "the secret does not match the vendor identifier")
        #expect(try await fixture.get("/api/products").json["totalCount"]?.int == 0)
        #expect(fixture.market.store.files.allImageFiles().isEmpty)
    }

    @Test func editWithWrongSecretIs401() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let reply = try await fixture.sendJSON(.patch, "/api/products/\(id)", ["secret": "nope", "stock": 1])
        #expect(reply.status == 401)
        #expect(try await fixture.get("/api/products/\(id)").json["stock"]?.int == 3)
    }

    @Test func editWithoutSecretIs400() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let reply = try await fixture.sendJSON(.patch, "/api/products/\(id)", ["stock": 1])
        #expect(reply.status == 400)
        #expect(reply.message == "secret is required")
    }

    @Test func anotherVendorCannotEditIs403() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct(vendor: .localTeam)
        let reply = try await fixture.sendJSON(
            .patch, "/api/products/\(id)", ["secret": MarketVendor.seoulShop.secret, "name": "Hijacked"], vendor: .seoulShop)
        #expect(reply.status == 403)
        #expect(reply.message == "product \(id) belongs to another vendor")
        #expect(try await fixture.get("/api/products/\(id)").json["name"]?.string == "Sample product")
    }

    @Test func anotherVendorCannotGetADeletePathIs403() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct(vendor: .localTeam)
        let reply = try await fixture.sendJSON(
            .post, "/api/products/\(id)/archived", ["secret": MarketVendor.tomAndJerry.secret], vendor: .tomAndJerry)
        #expect(reply.status == 403)
    }

    @Test func anotherVendorCannotDeleteWithTheOwnersPathIs403() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct(vendor: .localTeam)
        let path = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": MarketVendor.localTeam.secret]).text
        let reply = try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.seoulShop.identifier])
        #expect(reply.status == 403)
        #expect(try await fixture.get("/api/products/\(id)").status == 200)
    }

    @Test func deleteWithoutIdentifierIs401() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let path = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": MarketVendor.localTeam.secret]).text
        let reply = try await fixture.send(.delete, path)
        #expect(reply.status == 401)
        #expect(try await fixture.get("/api/products/\(id)").status == 200)
    }

    @Test func archivedWithWrongSecretIs401() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct()
        let reply = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": "guess"])
        #expect(reply.status == 401)
    }
}
