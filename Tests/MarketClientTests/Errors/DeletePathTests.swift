import Foundation
import Testing

@testable import MarketClient

struct DeletePathTests {
    let base = URL(string: "http://127.0.0.1:8081")!

    func path(_ body: String) throws -> String {
        try DeletePath(response: Array(body.utf8), baseURL: base).path
    }

    @Test(arguments: [
        ("/api/products/MzJ8YWJj", "/api/products/MzJ8YWJj"),
        ("  /api/products/MzJ8YWJj=\r\n", "/api/products/MzJ8YWJj="),
        ("\"/api/products/MzJ8YWJj\"", "/api/products/MzJ8YWJj"),
        ("/api/products/MzJ8+/ab==", "/api/products/MzJ8+/ab=="),
        ("http://127.0.0.1:8081/api/products/abc", "/api/products/abc"),
        ("api/products/MzJ8YWJj", "/api/products/MzJ8YWJj"),
        ("MzJ8YWJj", "/api/products/MzJ8YWJj"),
        ("\"MzJ8YWJj==\"\n", "/api/products/MzJ8YWJj=="),
        ("HTTP://127.0.0.1:8081/api/products/MzJ8YWJj", "/api/products/MzJ8YWJj"),
        ("/api/products/MzJ8YWJj%3D%3D", "/api/products/MzJ8YWJj%3D%3D"),
    ])
    func acceptsTheDocumentedPathAndHarmlessWrapping(body: String, expected: String) throws {
        #expect(try path(body) == expected)
    }

    @Test(arguments: [
        "", "\"\"", "/api/products/", "/etc/passwd", "/api/other/abc", "/api/products/../../admin",
        "/api/products/abc?x=1", "/api/products/a b", "http://evil.example/api/products/abc",
        "{\"code\":200}", "/api/products/abc//def",
        "api/other/abc", "https://127.0.0.1:8081/api/products/abc", "http://127.0.0.1:9999/api/products/abc",
        "http://127.0.0.1/api/products/abc", "http://user@127.0.0.1:8081/api/products/abc",
        "http://127.0.0.1:8081/api/other/abc", "http://127.0.0.1:8081/api/products/abc#x", "MzJ8 YWJj", "..", "abc/def",
        "/api/products/%2e%2e", "%2E%2E", "api/products/abc%2F..%2Fadmin", "/api/products/%zz",
    ])
    func refusesAnythingElse(body: String) {
        #expect(throws: MarketError.self) { try path(body) }
    }

    /// The default port counts as named: `https://host` and `https://host:443` are one server.
    @Test func anAbsoluteURLOnTheDefaultPortOfAnHTTPSMarket() throws {
        let https = try #require(URL(string: "https://openmarket.example"))
        #expect(try DeletePath(response: Array("https://openmarket.example:443/api/products/MzJ8".utf8), baseURL: https).path == "/api/products/MzJ8")
        #expect(try DeletePath(response: Array("https://OpenMarket.example/api/products/MzJ8".utf8), baseURL: https).path == "/api/products/MzJ8")
        #expect(throws: MarketError.self) {
            try DeletePath(response: Array("http://openmarket.example/api/products/MzJ8".utf8), baseURL: https)
        }
    }

    /// A market mounted under a path: its absolute URLs carry that path before `/api/products/`.
    @Test func anAbsoluteURLUnderTheBasePath() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8081/market/"))
        let path = try DeletePath(response: Array("http://127.0.0.1:8081/market/api/products/MzJ8".utf8), baseURL: base).path
        #expect(path == "/api/products/MzJ8")
    }
}
