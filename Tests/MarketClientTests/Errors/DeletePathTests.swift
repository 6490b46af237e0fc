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
    ])
    func acceptsTheDocumentedPathAndHarmlessWrapping(body: String, expected: String) throws {
        #expect(try path(body) == expected)
    }

    @Test(arguments: [
        "", "\"\"", "/api/products/", "/etc/passwd", "/api/other/abc", "/api/products/../../admin",
        "/api/products/abc?x=1", "/api/products/a b", "http://evil.example/api/products/abc",
        "{\"code\":200}", "/api/products/abc//def",
    ])
    func refusesAnythingElse(body: String) {
        #expect(throws: MarketError.self) { try path(body) }
    }
}
