import Foundation
import HTTPServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import MarketClient

/// The request side of the plain-HTTP path, and names it must resolve.
struct PlainHTTPExchangeTests {
    @Test func requestBytesCarryHostHeadersLengthAndClose() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8081/api/products/3?x=a%20b"))
        var request = URLRequest(url: url)
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("{}".utf8)
        let bytes = try PlainHTTPExchange.requestBytes(
            request, url: url, host: "127.0.0.1", port: 8081, extraHeaders: ["identifier": "vendor-1"])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("PATCH /api/products/3?x=a%20b HTTP/1.1\r\nHost: 127.0.0.1:8081\r\nidentifier: vendor-1\r\n"))
        #expect(text.contains("\r\nContent-Type: application/json\r\n"))
        #expect(text.hasSuffix("\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"))
    }

    @Test func aHeaderThatWouldSplitTheRequestIsNeverSent() throws {
        let url = try #require(URL(string: "http://127.0.0.1/"))
        #expect(throws: URLError.self) {
            try PlainHTTPExchange.requestBytes(
                URLRequest(url: url), url: url, host: "127.0.0.1", port: 80, extraHeaders: ["identifier": "a\r\nX-Evil: 1"])
        }
    }

    /// `localhost` may resolve to ::1 first while the market listens on 127.0.0.1 only.
    @Test func localhostReachesAMarketOnIPv4() async throws {
        try await StubMarket.run({ router in
            router.get("/api/products/{id}") { _ in .json(SampleJSON.detail) }
        }) { market in
            let client = MarketClient(configuration: .init(
                baseURL: try #require(URL(string: "http://localhost:\(market.server.port)")),
                credentials: StubMarket.credentials, connectTimeout: Patience.hangGuard, requestTimeout: Patience.hangGuard, retry: .none))
            let detail = try await client.product(id: 32)
            #expect(detail.id == 32)
        }
    }
}
