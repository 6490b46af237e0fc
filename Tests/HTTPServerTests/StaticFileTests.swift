import Foundation
import Glibc
@testable import HTTPServer
import Testing

/// Static files under `/static/` (content types, ETag and Last-Modified with 304,
/// Cache-Control, HEAD; no `..`, no dotfiles, nothing outside the root, symlinks included).
@Suite("Server: static files")
struct StaticFileTests {
    let site: StaticSite

    init() throws { site = try StaticSite() }

    func fetch(_ server: HTTPServer, _ request: String, expectBody: Bool = true) async throws -> RawResponse {
        let client = try await RawClient.connect(port: server.port)
        try await client.send(request)
        return try await client.readResponse(expectBody: expectBody)
    }

    @Test func file_isServedWithTypeValidatorsAndCacheControl() async throws {
        try await withServer(router: site.router) { server in
            let answer = try await fetch(server, get("/static/hello.txt"))
            #expect(answer.status == 200)
            #expect(answer.text == "hello static\n")
            #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(answer.header("Content-Length") == "13")
            #expect(answer.header("Cache-Control") == "public, max-age=60")
            let etag = try #require(answer.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            let modified = try #require(answer.header("Last-Modified"))
            #expect(HTTPDate.parse(modified) != nil)

            let css = try await fetch(server, get("/static/css/site.css"))
            #expect(css.status == 200)
            #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        }
    }

    // RFC 9110 §13.1.2: a matching If-None-Match gets 304 without a body.
    @Test func ifNoneMatch_is304() async throws {
        try await withServer(router: site.router) { server in
            let etag = try #require(try await fetch(server, get("/static/hello.txt")).header("ETag"))
            for value in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let client = try await RawClient.connect(port: server.port)
                try await client.send(get("/static/hello.txt", "If-None-Match: \(value)\r\n") + get("/hello"))
                let answer = try await client.readResponse()
                #expect(answer.status == 304, "If-None-Match: \(value)")
                #expect(answer.body.isEmpty)
                #expect(answer.header("ETag") == etag)
                // A 304 that leaked a body would corrupt the next response on the connection.
                #expect(try await client.readResponse().text == "hello")
            }
            let stale = try await fetch(server, get("/static/hello.txt", "If-None-Match: \"stale\"\r\n"))
            #expect(stale.status == 200)
        }
    }

    // RFC 9110 §13.1.3: If-Modified-Since at or after Last-Modified gets 304.
    @Test func ifModifiedSince_is304UnlessTheFileIsNewer() async throws {
        try await withServer(router: site.router) { server in
            let modified = try #require(try await fetch(server, get("/static/hello.txt")).header("Last-Modified"))
            let same = try await fetch(server, get("/static/hello.txt", "If-Modified-Since: \(modified)\r\n"))
            #expect(same.status == 304)
            let old = try await fetch(server, get("/static/hello.txt", "If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n"))
            #expect(old.status == 200)
            #expect(old.text == "hello static\n")

            // RFC 9110 §13.2.2: If-None-Match is evaluated first; If-Modified-Since is then ignored.
            let both = try await fetch(server, get("/static/hello.txt", "If-None-Match: \"other\"\r\nIf-Modified-Since: \(modified)\r\n"))
            #expect(both.status == 200)
        }
    }

    @Test func head_hasLengthButNoBody() async throws {
        try await withServer(router: site.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("HEAD /static/big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n" + get("/static/hello.txt"))
            let head = try await client.readResponse(expectBody: false)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == String(StaticSite.bigSize))
            #expect(head.header("ETag") != nil)
            #expect(try await client.readResponse().text == "hello static\n")

            // A small file is served from memory: a different path to the same rule.
            try await client.send("HEAD /static/hello.txt HTTP/1.1\r\nHost: localhost\r\n\r\n" + get("/hello"))
            let small = try await client.readResponse(expectBody: false)
            #expect(small.header("Content-Length") == "13")
            #expect(try await client.readResponse().text == "hello")
        }
    }

    @Test func fileChangedOnDisk_isServedFresh() async throws {
        try await withServer(router: site.router) { server in
            let before = try await fetch(server, get("/static/hello.txt"))
            // Same size, new contents and a different modification time.
            try site.write("public/hello.txt", "HELLO STATIC\n")
            try site.setModified("public/hello.txt", Date(timeIntervalSinceNow: 5))
            let after = try await fetch(server, get("/static/hello.txt"))
            #expect(after.text == "HELLO STATIC\n")
            #expect(after.header("ETag") != before.header("ETag"))
            let revalidated = try await fetch(server, get("/static/hello.txt", "If-None-Match: \(before.header("ETag") ?? "")\r\n"))
            #expect(revalidated.status == 200)
        }
    }

    /// Nanoseconds since 1970 overflow `Int` after 2262; a file dated 2300 is still served.
    @Test func fileDatedAfterTheYear2262_isServed() async throws {
        try site.setModified("public/hello.txt", Date(timeIntervalSince1970: 10_413_792_000))  // 2300-01-01
        try await withServer(router: site.router) { server in
            let answer = try await fetch(server, get("/static/hello.txt"))
            #expect(answer.status == 200 && answer.text == "hello static\n")
            #expect(answer.header("Last-Modified") == "Mon, 01 Jan 2300 00:00:00 GMT")
        }
        #expect(timespec(tv_sec: .max, tv_nsec: 999_999_999).nanosecondsSince1970 == .max)
        #expect(timespec(tv_sec: .min, tv_nsec: 0).nanosecondsSince1970 == .min)
        #expect(timespec(tv_sec: 9_223_372_036, tv_nsec: 999_999_999).nanosecondsSince1970 == .max)
        #expect(timespec(tv_sec: 1, tv_nsec: 5).nanosecondsSince1970 == 1_000_000_005)
    }

    @Test func largeFile_arrivesIntact() async throws {
        try await withServer(router: site.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/static/big.bin") + get("/static/big.bin"))
            for _ in 0..<2 {
                let answer = try await client.readResponse()
                #expect(answer.status == 200)
                #expect(answer.header("Content-Type") == "application/octet-stream")
                #expect(answer.body.count == StaticSite.bigSize)
                let intact = answer.body == StaticSite.bigContents  // a Bool: no megabytes in a failure message
                #expect(intact)
            }
        }
    }

    @Test func symlinkInsideTheRoot_isServed() async throws {
        try await withServer(router: site.router) { server in
            let answer = try await fetch(server, get("/static/link-inside.txt"))
            #expect(answer.status == 200)
            #expect(answer.text == "hello static\n")
        }
    }

    @Test(arguments: ["/static/dir", "/static/dir/", "/static/css", "/static/missing.txt", "/static/dir/missing"])
    func directoryOrMissingFile_is404(target: String) async throws {
        try await withServer(router: site.router) { server in
            let answer = try await fetch(server, get(target))
            #expect(answer.status == 404)
        }
    }

    /// Sent raw: no client would normalise these away before they reach the server.
    static let escapes = [
        "/static/../Package.swift",
        "/static/css/../../Package.swift",
        "/static/%2e%2e/Package.swift",
        "/static/%2E%2E/Package.swift",
        "/static/.%2e/Package.swift",
        "/static/..%2fPackage.swift",
        "/static/..%2FPackage.swift",
        "/static/%2e%2e%2fPackage.swift",
        "/static/css%2f..%2f..%2fPackage.swift",
        "/static/..%5cPackage.swift",
        "/static/%5c..%5cPackage.swift",
        "/static/hello.txt%00.png",
        "/static/%00",
        "/static/%2f..%2fPackage.swift",
        "/static/%2foutside%2fsecret.txt",
        "/static/.env",
        "/static/%2eenv",
        "/static/.git/config",
        "/static/.git%2fconfig",
        "/static/./hello.txt",
        "/static/link-outside.txt",
        "/static/linkdir/secret.txt",
        "/static/linkdir%2fsecret.txt",
        "/static/../outside/secret.txt",
        "/static//../outside/secret.txt",
    ]

    @Test(arguments: escapes)
    func pathEscapingTheRoot_isNeverServed(target: String) async throws {
        try await withServer(router: site.router) { server in
            let answer = try await fetch(server, get(target))
            #expect([400, 404].contains(answer.status), "\(target) → \(answer.status)")
            for secret in StaticSite.secrets {
                #expect(!answer.text.contains(secret), "\(target) leaked \(secret)")
            }
        }
    }
}
