import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// The writes, over a real socket: vendor header, secret in the body, multipart, the delete dance.
struct ClientWriteRequestTests {
    let identifier = StubMarket.credentials.identifier

    func jsonObject(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func createSendsMultipartWithParamsAndImagesAndIdentifier() async throws {
        let images = [
            ImageUpload(filename: "1.jpg", contentType: "image/jpeg", bytes: (0..<3000).map { UInt8($0 % 251) }),
            ImageUpload(filename: "2.png", contentType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ]
        try await StubMarket.run({ router in
            router.post("/api/products") { _ in .json(SampleJSON.detail, status: .created) }
        }) { market in
            let product = NewProduct(
                name: "우유병 텀블러", description: "하얀 우유병 모양의 텀블러!", price: 3500, currency: .krw,
                discountedPrice: 100, stock: 2)
            let created = try await market.client().createProduct(product, images: images)
            #expect(created.id == 32)

            let request = try #require(market.log.all.first)
            #expect(request.method == .post)
            #expect(request.target == "/api/products")
            #expect(request.headers["identifier"] == identifier)
            // Sent with the lower-case name the API documents.
            #expect(request.headers.fields.contains { $0.name == "identifier" })
            #expect(request.headers.values(for: "identifier").count == 1)
            let contentType = try #require(request.headers["Content-Type"])
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))

            let parts = try parseMultipart(request.body, boundary: boundary)
            #expect(parts.map(\.name) == ["params", "images", "images"])
            #expect(parts[0].headers["content-type"] == "application/json")
            let params = try jsonObject(parts[0].body)
            #expect(params["name"] as? String == "우유병 텀블러")
            #expect(params["price"] as? Int == 3500)
            #expect(params["discounted_price"] as? Int == 100)
            #expect(params["currency"] as? String == "KRW")
            #expect(params["stock"] as? Int == 2)
            #expect(params["secret"] as? String == StubMarket.credentials.secret)
            #expect(parts[1].filename == "1.jpg")
            #expect(parts[1].body == images[0].bytes)
            #expect(parts[2].headers["content-type"] == "image/png")
            #expect(parts[2].body == images[1].bytes)
        }
    }

    @Test(arguments: [0, 6])
    func createRefusesAnImageCountOutsideOneToFive(count: Int) async throws {
        try await StubMarket.run({ router in
            router.post("/api/products") { _ in .json(SampleJSON.detail, status: .created) }
        }) { market in
            let images = Array(repeating: ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: [1]), count: count)
            let product = NewProduct(name: "Cup", description: "A white cup.", price: 1000, currency: .krw)
            await #expect(throws: MarketError.self) { try await market.client().createProduct(product, images: images) }
            #expect(market.log.count == 0)
        }
    }

    @Test func editSendsPatchJSONWithSecretAndIdentifier() async throws {
        try await StubMarket.run({ router in
            router.add(.patch, "/api/products/{id}") { _ in .json(SampleJSON.detail(id: 7)) }
        }) { market in
            let price = try #require(Money(string: "12.5"))
            let changes = ProductChanges(price: price, stock: 0, thumbnailID: 70)
            let edited = try await market.client().editProduct(id: 7, changes)
            #expect(edited.id == 7)
            let request = try #require(market.log.all.first)
            #expect(request.method == .patch)
            #expect(request.target == "/api/products/7")
            #expect(request.headers["identifier"] == identifier)
            #expect(request.headers["Content-Type"] == "application/json")
            let body = try jsonObject(request.body)
            #expect(Set(body.keys) == ["price", "stock", "thumbnail_id", "secret"])
            #expect(body["price"] as? Double == 12.5)
            #expect(body["secret"] as? String == StubMarket.credentials.secret)
        }
    }

    @Test func deleteLooksUpThePathThenDeletesIt() async throws {
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { _ in .text("  \"/api/products/N3xhYi9j+ZA==\"\n") }
            router.add(.delete, "/api/products/{rest...}") { _ in .json(SampleJSON.detail(id: 7)) }
        }) { market in
            let deleted = try await market.client().deleteProduct(id: 7)
            #expect(deleted?.id == 7)
            let requests = market.log.all
            #expect(requests.map(\.method) == [.post, .delete])
            #expect(requests[0].target == "/api/products/7/archived")
            #expect(requests[0].headers["identifier"] == identifier)
            #expect(requests[0].headers["Content-Type"] == "application/json")
            #expect(try jsonObject(requests[0].body) as? [String: String] == ["secret": StubMarket.credentials.secret])
            #expect(requests[1].target == "/api/products/N3xhYi9j+ZA==")
            #expect(requests[1].headers["identifier"] == identifier)
            #expect(requests[1].body.isEmpty)
        }
    }

    /// Every archived form public clients show leads to the same DELETE, and any 2xx to it is
    /// success: the product's JSON, an empty 204, or text.
    @Test(arguments: [
        ("/api/products/N3xhYmM=", HTTPResponse.json(SampleJSON.detail(id: 7)), 7),
        ("api/products/N3xhYmM=", HTTPResponse(status: .noContent, headers: [:], bytes: []), nil),
        ("N3xhYmM=", HTTPResponse.text("deleted"), nil),
        ("ABSOLUTE", HTTPResponse.json("{\"ok\":true}"), nil),
    ] as [(String, HTTPResponse, Int?)])
    func deleteAcceptsEveryArchivedFormAndAny2xx(archived: String, answer: HTTPResponse, deletedID: Int?) async throws {
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { request in
                let host = request.headers["Host"] ?? ""
                return .text(archived == "ABSOLUTE" ? "http://\(host)/api/products/N3xhYmM=" : archived)
            }
            router.add(.delete, "/api/products/{rest...}") { _ in answer }
        }) { market in
            let deleted = try await market.client().deleteProduct(id: 7)
            #expect(deleted?.id == deletedID)
            #expect(market.log.all.map(\.method) == [.post, .delete])
            #expect(market.log.all.last?.target == "/api/products/N3xhYmM=")
        }
    }

    @Test func deleteRefusesAPathOutsideTheProducts() async throws {
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { _ in .text("/api/admin/everything") }
            router.add(.delete, "/api/{rest...}") { _ in .json(SampleJSON.detail(id: 7)) }
        }) { market in
            await #expect {
                try await market.client().deleteProduct(id: 7)
            } throws: { error in
                if case MarketError.malformedResponse = error { return true }
                return false
            }
            #expect(market.log.all.map(\.method) == [.post])
        }
    }

    @Test func deleteOfAMissingProductIsNotFound() async throws {
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { _ in .upstreamError(404, "product not found") }
        }) { market in
            await #expect(throws: MarketError.notFound) { try await market.client().deleteProduct(id: 7) }
        }
    }
}
