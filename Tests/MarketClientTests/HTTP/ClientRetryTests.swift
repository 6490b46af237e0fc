import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import MarketClient

/// Retries (GETs only, at most 2 more, on 502/503/504, timeouts and connection errors) and
/// the backoff they wait.
struct ClientRetryTests {
    /// A handler answering each status in turn, then 200 with `body`.
    static func sequence(_ statuses: [Int], then body: String) -> @Sendable (HTTPRequest) async throws -> HTTPResponse {
        let remaining = Mutex(statuses)
        return { _ in
            if let status = remaining.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                return .upstreamError(status, "busy")
            }
            return .json(body)
        }
    }

    @Test func getRetriesTwiceOn503ThenSucceeds() async throws {
        let sleeps = SleepLog()
        let handler = Self.sequence([503, 504], then: SampleJSON.detail)
        try await StubMarket.run({ router in
            router.get("/api/products/{id}", handler)
        }) { market in
            let detail = try await market.client(retry: sleeps.policy()).product(id: 32)
            #expect(detail.id == 32)
            #expect(market.log.count == 3)
            #expect(sleeps.all == [.milliseconds(100), .milliseconds(200)])
        }
    }

    @Test func getGivesUpAfterTwoRetries() async throws {
        let sleeps = SleepLog()
        try await StubMarket.run({ router in
            router.get("/api/products", Self.sequence([503, 503, 503, 503], then: SampleJSON.currentPage))
        }) { market in
            await #expect(throws: MarketError.unreachable) {
                try await market.client(retry: sleeps.policy()).listProducts(page: 1, itemsPerPage: 20, search: nil)
            }
            #expect(market.log.count == 3)
            #expect(sleeps.all.count == 2)
        }
    }

    @Test(arguments: [400, 404, 500])
    func otherFailuresAreNotRetried(status: Int) async throws {
        let sleeps = SleepLog()
        try await StubMarket.run({ router in
            router.get("/api/products/{id}", Self.sequence([status], then: SampleJSON.detail))
        }) { market in
            await #expect(throws: MarketError.self) { try await market.client(retry: sleeps.policy()).product(id: 1) }
            #expect(market.log.count == 1)
            #expect(sleeps.all.isEmpty)
        }
    }

    @Test func writesAreNeverRetried() async throws {
        let sleeps = SleepLog()
        try await StubMarket.run({ router in
            router.post("/api/products", Self.sequence([503], then: SampleJSON.detail))
            router.add(.patch, "/api/products/{id}", Self.sequence([504], then: SampleJSON.detail))
            router.post("/api/products/{id}/archived", Self.sequence([502], then: "/api/products/abc"))
        }) { market in
            let client = market.client(retry: sleeps.policy())
            let product = NewProduct(name: "Cup", description: "A white cup.", price: 1000, currency: .krw)
            let image = ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8])
            await #expect(throws: MarketError.unreachable) { try await client.createProduct(product, images: [image]) }
            await #expect(throws: MarketError.timeout) { try await client.editProduct(id: 1, ProductChanges(stock: 1)) }
            await #expect(throws: MarketError.unreachable) { try await client.deleteProduct(id: 1) }
            #expect(market.log.all.map(\.method) == [.post, .patch, .post])
            #expect(sleeps.all.isEmpty)
        }
    }

    @Test func connectionRefusedIsUnreachableAfterRetries() async throws {
        let sleeps = SleepLog()
        // Port 1: privileged, so no test server here can bind it, and outside the range that
        // port 0 picks from. (A port just freed by a stopped server may be taken at once by
        // another test's server under parallel runs, which would then answer 404.)
        let client = MarketClient(
            configuration: .init(
                baseURL: try #require(URL(string: "http://127.0.0.1:1")),
                credentials: StubMarket.credentials, connectTimeout: Patience.hangGuard, requestTimeout: Patience.hangGuard, retry: sleeps.policy()))
        await #expect(throws: MarketError.unreachable) { try await client.product(id: 1) }
        #expect(sleeps.all.count == 2)
    }

    @Test func backoffIsExponentialCappedAndJittered() {
        let plain = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(300), jitter: { $0 })
        #expect([1, 2, 3, 4].map(plain.delay(beforeRetry:)) == [.milliseconds(100), .milliseconds(200), .milliseconds(300), .milliseconds(300)])
        let jittered = RetryPolicy()
        for _ in 0..<50 {
            let delay = jittered.delay(beforeRetry: 2)
            #expect(delay >= .milliseconds(100) && delay <= .milliseconds(200))
        }
    }
}
