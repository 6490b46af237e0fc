import Foundation
import Testing

/// The in-process transport answers what the socket answers: the same status, headers (all but
/// `Date`) and bytes, for pages, a file, error pages, a `HEAD`, a 304 and a refused body.
@Suite struct TransportTests {
    /// One browser's CSRF cookie: the pages' forms then carry the same token over both.
    static let cookie = ["Cookie": "om_csrf=0123456789abcdef0123456789abcdef"]

    /// The same answer, and a `Date` over both.
    func expectSame(_ live: TestResponse, _ inProcess: TestResponse, _ what: String) {
        expectSameAnswer(inProcess, live, what)
        #expect(inProcess.header("Date") != nil, "\(what)")
    }

    @Test(arguments: [
        ("GET", "/products"), ("GET", "/products?view=grid&page=2"), ("GET", "/products/1"),
        ("GET", "/static/css/site.css"),
        ("GET", "/nowhere"), ("GET", "/products/999999"), ("DELETE", "/products"), ("GET", "/static/../Package.swift"),
        ("HEAD", "/products"), ("HEAD", "/static/css/site.css"), ("HEAD", "/nowhere"),
    ])
    func bothTransports_giveTheSameAnswer(_ method: String, _ path: String) async throws {
        try await withDashboard { dashboard in
            // The start-up count first: what it teaches the price timeline (an on-sale
            // product's line on its page) would otherwise land between the answers.
            await dashboard.countSettled()
            let live = dashboard.client
            // The live answer first: a page it fills the cache for is then kept for both.
            _ = try await live.request(method, path, headers: Self.cookie)
            let overSocket = try await live.request(method, path, headers: Self.cookie)
            let inProcess = try await dashboard.inProcessClient.request(method, path, headers: Self.cookie)
            expectSame(overSocket, inProcess, "\(method) \(path)")
        }
    }

    @Test func notModified_isTheSameOverBoth() async throws {
        try await withDashboard { dashboard in
            let first = try await dashboard.get("/static/css/site.css")
            let etag = try #require(first.header("ETag"))
            let headers = ["If-None-Match": etag]
            let overSocket = try await dashboard.get("/static/css/site.css", headers: headers)
            let inProcess = try await dashboard.inProcessClient.get("/static/css/site.css", headers: headers)
            #expect(inProcess.status == 304)
            #expect(inProcess.body.isEmpty)
            expectSame(overSocket, inProcess, "304")
        }
    }

    /// A body over the route's limit (64 KB for an edit) is refused from its announced length,
    /// before a handler runs.
    @Test func tooLargeBody_isRefusedTheSameOverBoth() async throws {
        try await withDashboard { dashboard in
            let body = [UInt8](repeating: 0x61, count: 1 << 20)
            let headers = ["Content-Type": "application/x-www-form-urlencoded"]
            let overSocket = try await dashboard.post("/products/1/edit", headers: headers, body: body)
            let inProcess = try await dashboard.inProcessClient.post("/products/1/edit", headers: headers, body: body)
            #expect(inProcess.status == 413)
            expectSame(overSocket, inProcess, "413")
        }
    }
}
