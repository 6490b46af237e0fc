import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// Upstream refusals as the client reports them, over a real socket.
struct ClientErrorTests {
    static let secret = StubMarket.credentials.secret
    static let identifier = StubMarket.credentials.identifier

    let product = NewProduct(name: "Cup", description: "A white cup.", price: 1000, currency: .krw)
    let image = ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8])

    /// A market that reads a request whole and hangs up may have acted on it. For a write that
    /// is an answer lost (`timeout`: outcome unknown), never "unreachable" (nothing changed),
    /// which would invite the person to send it again. A read that meets the same is simply
    /// unreachable; so is a delete's path lookup, after which no DELETE is sent.
    @Test func aConnectionClosedAfterTheRequestWasSent_leavesAWriteOfUnknownOutcome() async throws {
        let market = try HostileMarket { _ in HostileMarket.hangUp }
        defer { market.stop() }
        let client = MarketClient(configuration: .init(
            baseURL: try #require(URL(string: market.baseURL)), credentials: StubMarket.credentials, connectTimeout: Patience.hangGuard,
            requestTimeout: Patience.hangGuard, writeTimeout: Patience.hangGuard, retry: .none))
        await #expect(throws: MarketError.timeout) { try await client.editProduct(id: 7, ProductChanges(stock: 2)) }
        await #expect(throws: MarketError.timeout) { try await client.createProduct(product, images: [image]) }
        await #expect(throws: MarketError.unreachable) { try await client.product(id: 7) }
        await #expect(throws: MarketError.unreachable) { try await client.deleteProduct(id: 7) }
        #expect(market.received.map(\.method) == ["PATCH", "POST", "GET", "POST"])
    }

    @Test func codeMessageRejectionKeepsTheUpstreamWords() async throws {
        try await StubMarket.run({ router in
            router.post("/api/products") { _ in .upstreamError(400, "description must be 10 to 1000 characters") }
        }) { market in
            await #expect(throws: MarketError.rejected(status: 400, message: "description must be 10 to 1000 characters")) {
                try await market.client().createProduct(product, images: [image])
            }
        }
    }

    @Test(arguments: [401, 403])
    func wrongCredentialsStatusesAreUnauthorized(status: Int) async throws {
        try await StubMarket.run({ router in
            router.add(.patch, "/api/products/{id}") { _ in .upstreamError(status, "nope") }
        }) { market in
            await #expect(throws: MarketError.unauthorized) { try await market.client().editProduct(id: 1, ProductChanges(stock: 1)) }
        }
    }

    @Test func wrongSecretReportedAs404WithAMessageIsUnauthorized() async throws {
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { _ in .upstreamError(404, "Secret does not match the vendor") }
        }) { market in
            await #expect(throws: MarketError.unauthorized) { try await market.client().deleteProduct(id: 1) }
        }
    }

    @Test func echoedCredentialsNeverReachTheError() async throws {
        let echo = "bad request from \(Self.identifier) using \(Self.secret) and name Cup"
        try await StubMarket.run({ router in
            router.post("/api/products") { _ in .text(echo, status: HTTPStatus(422)) }
            router.add(.patch, "/api/products/{id}") { _ in .text(echo, status: .conflict) }
            router.get("/api/products/{id}") { _ in .text(echo, status: .internalServerError) }
        }) { market in
            let client = market.client()
            var errors: [any Error] = []
            for call in [
                { _ = try await client.createProduct(product, images: [image]) },
                { _ = try await client.editProduct(id: 1, ProductChanges(name: "Mug")) },
                { _ = try await client.product(id: 1) },
            ] as [@Sendable () async throws -> Void] {
                do { try await call() } catch { errors.append(error) }
            }
            #expect(errors.count == 3)
            for error in errors {
                let texts = [String(describing: error), String(reflecting: error), error.localizedDescription]
                for text in texts {
                    #expect(!text.contains(Self.secret))
                    #expect(!text.lowercased().contains(Self.identifier))
                }
                #expect(String(describing: error).contains("<redacted>"))
            }
        }
    }

    @Test func createAnswerThatIsNotAProductIsMalformed() async throws {
        try await StubMarket.run({ router in
            router.post("/api/products") { _ in .text("created!", status: .created) }
        }) { market in
            await #expect {
                try await market.client().createProduct(product, images: [image])
            } throws: { error in
                guard case MarketError.malformedResponse(let what) = error else { return false }
                return !what.contains("created!")
            }
        }
    }
}
