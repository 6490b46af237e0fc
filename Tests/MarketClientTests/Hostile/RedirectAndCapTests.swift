import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// The API client follows no redirect (a write redirected elsewhere must not carry the vendor
/// header there), reads no answer past its cap, and ends a call by its deadline.
struct RedirectAndCapTests {
    /// A market answering every route with `status` and `Location: {sink}/stolen`.
    static func redirecting(_ status: HTTPStatus, to sink: StubMarket) -> (inout Router) -> Void {
        let location = sink.baseURL.absoluteString + "/stolen"
        return { router in
            let redirect: @Sendable (HTTPRequest) async throws -> HTTPResponse = { _ in
                HTTPResponse(status: status, headers: ["Location": location], bytes: [])
            }
            router.get("/api/products", redirect)
            router.get("/api/products/{id}", redirect)
            router.add(.patch, "/api/products/{id}", redirect)
            router.post("/api/products/{id}/archived", redirect)
        }
    }

    static func sinkRoutes(_ router: inout Router) {
        for method in [HTTPMethod.get, .post, .patch, .delete] {
            router.add(method, "/stolen") { _ in .json(SampleJSON.detail) }
        }
    }

    @Test(arguments: [HTTPStatus(307), HTTPStatus(308), HTTPStatus(302)])
    func writesAndReadsAnsweredWithARedirect_sendNothingToItsLocation(status: HTTPStatus) async throws {
        try await StubMarket.run(Self.sinkRoutes) { sink in
            try await StubMarket.run(Self.redirecting(status, to: sink)) { market in
                let client = market.client()
                await #expect(throws: MarketError.self) { try await client.editProduct(id: 1, ProductChanges(stock: 2)) }
                await #expect(throws: MarketError.self) { try await client.deleteProduct(id: 1) }
                await #expect(throws: MarketError.self) { try await client.product(id: 1) }
                do {
                    _ = try await client.listProducts(page: 1, itemsPerPage: 20, search: nil)
                    Issue.record("a redirect was taken for an answer")
                } catch let error as MarketError {
                    guard case .malformedResponse(let what) = error else {
                        Issue.record("expected a malformed answer, got \(error)")
                        return
                    }
                    #expect(what.contains("redirect"))
                }
                #expect(market.log.all.map(\.method) == [.patch, .post, .get, .get])
                #expect(market.log.all.filter { $0.method != .get }.allSatisfy { $0.headers["identifier"] != nil })
            }
            // Not the request, not the identifier: nothing at all.
            #expect(sink.log.count == 0)
        }
    }

    @Test func anAnswerOverTheCapIsCutOffAsMalformed() async throws {
        let big = #"{"pageNo":1,"itemsPerPage":20,"totalCount":0,"pages":[],"padding":""#
            + String(repeating: "x", count: 200_000) + #""}"#
        try await StubMarket.run({ router in
            router.get("/api/products") { _ in .json(big) }
            router.get("/api/products/{id}") { _ in .json(SampleJSON.detail) }
        }) { market in
            let client = MarketClient(configuration: .init(
                baseURL: market.baseURL, credentials: StubMarket.credentials, connectTimeout: Patience.hangGuard, requestTimeout: Patience.hangGuard, retry: .none,
                maxAnswerBytes: 64 * 1024))
            await #expect {
                try await client.listProducts(page: 1, itemsPerPage: 20, search: nil)
            } throws: { error in
                guard case .malformedResponse(let what)? = error as? MarketError else { return false }
                return what.contains("larger than 65536 bytes")
            }
            // Under the cap, answers still arrive whole.
            let whole = try await client.product(id: 32)
            #expect(whole.id == 32)
        }
    }

    /// The call's deadline covers its retries: a market that takes the request and never
    /// answers costs one deadline, not three.
    @Test func aSilentMarketCostsOneDeadline_notOnePerRetry() async throws {
        let sleeps = SleepLog()
        try await StubMarket.runSilent { market in
            let client = market.client(retry: sleeps.policy(), connectTimeout: .seconds(30), requestTimeout: .milliseconds(300))
            await #expect(throws: MarketError.timeout) { try await client.listProducts(page: 1, itemsPerPage: 20, search: nil) }
            let recorded = try await eventually { market.log.count == 1 }
            #expect(recorded)
            #expect(sleeps.all.isEmpty)
        }
    }
}

extension StubMarket {
    /// A market that takes every list request and never answers (until the body ends).
    static func runSilent(_ body: (StubMarket) async throws -> Void) async throws {
        let gate = Gate()
        defer { gate.open() }
        try await run({ router in
            router.get("/api/products") { _ in
                await gate.wait()
                return .json(SampleJSON.currentPage)
            }
        }, body)
    }
}
