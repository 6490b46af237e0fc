import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// The reads, over a real socket: exact targets, no vendor header, decoded answers.
struct ClientReadRequestTests {
    @Test func listSendsSnakeCaseQueryWithEncodedSearchAndNoIdentifier() async throws {
        try await StubMarket.run({ router in
            router.get("/api/products") { _ in .json(SampleJSON.currentPage) }
        }) { market in
            let page = try await market.client().listProducts(page: 2, itemsPerPage: 10, search: " 에어팟 3 +&=% ")
            #expect(page.products.first?.id == 130)
            let request = try #require(market.log.all.first)
            #expect(request.method == .get)
            #expect(request.target == "/api/products?page_no=2&items_per_page=10&search_value=%EC%97%90%EC%96%B4%ED%8C%9F%203%20%2B%26%3D%25")
            #expect(request.queryValue("search_value") == "에어팟 3 +&=%")
            #expect(request.headers["identifier"] == nil)
            #expect(request.body.isEmpty)
        }
    }

    @Test func blankSearchIsLeftOut() async throws {
        try await StubMarket.run({ router in
            router.get("/api/products") { _ in .json(SampleJSON.currentPage) }
        }) { market in
            _ = try await market.client().listProducts(page: 1, itemsPerPage: 20, search: "   ")
            _ = try await market.client().listProducts(page: 0, itemsPerPage: 20, search: nil)
            #expect(market.log.all.map(\.target) == [
                "/api/products?page_no=1&items_per_page=20", "/api/products?page_no=1&items_per_page=20",
            ])
        }
    }

    @Test func detailIsFetchedByIdAndDecoded() async throws {
        try await StubMarket.run({ router in
            router.get("/api/products/{id}") { request in
                request.parameter("id") == "32" ? .json(SampleJSON.detail) : .upstreamError(404, "no such product")
            }
        }) { market in
            let client = market.client()
            let detail = try await client.product(id: 32)
            #expect(detail.name == "우유병 텀블러")
            #expect(detail.images.first?.id == 35)
            await #expect(throws: MarketError.notFound) { try await client.product(id: 999) }
            #expect(market.log.all.map(\.path) == ["/api/products/32", "/api/products/999"])
            #expect(market.log.all.allSatisfy { $0.headers["identifier"] == nil })
        }
    }

    @Test func baseURLWithTrailingSlashStillBuildsOneSlash() async throws {
        try await StubMarket.run({ router in
            router.get("/api/products/{id}") { _ in .json(SampleJSON.detail) }
        }) { market in
            let base = try #require(URL(string: market.baseURL.absoluteString + "/"))
            let client = MarketClient(configuration: .init(
                baseURL: base, credentials: StubMarket.credentials, connectTimeout: Patience.hangGuard, requestTimeout: Patience.hangGuard))
            _ = try await client.product(id: 32)
            #expect(market.log.all.first?.target == "/api/products/32")
        }
    }

    @Test func healthReadsTheQuotedOK() async throws {
        try await StubMarket.run({ router in
            router.get("/healthChecker") { _ in .json(#""OK""#) }
        }) { market in
            let healthy = try await market.client().health()
            #expect(healthy)
        }
        try await StubMarket.run({ router in
            router.get("/healthChecker") { _ in .text("maintenance", status: .internalServerError) }
        }) { market in
            let healthy = try await market.client().health()
            #expect(!healthy)
        }
    }

    @Test func undecodableBodyIsMalformedAndNotRetried() async throws {
        let sleeps = SleepLog()
        try await StubMarket.run({ router in
            router.get("/api/products") { _ in .json(#"{"pageNo":1,"pages":"nope"}"#) }
        }) { market in
            await #expect {
                try await market.client(retry: sleeps.policy()).listProducts(page: 1, itemsPerPage: 20, search: nil)
            } throws: { error in
                guard case MarketError.malformedResponse(let what) = error else { return false }
                return what.contains("ProductPageEnvelope") && !what.contains("nope")
            }
            #expect(market.log.count == 1)
        }
    }
}
