@testable import HTTPServer
import Synchronization
import Testing

/// Bodies made while they are sent (`HTTPResponse.Body.stream`), over real sockets.
@Suite("Server: streamed bodies")
struct StreamedBodyTests {
    /// 200 pieces of 4 KB (800 KB: more than the socket takes at once, so sending waits for
    /// the client and resumes), each a letter and its number, with an empty piece between each
    /// two (which must not end the body).
    static let pieceCount = 200
    static func piece(_ index: Int) -> [UInt8] {
        let label = Array("[\(index)]".utf8)
        return label + [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: 4096 - label.count)
    }
    static var expected: String { String(decoding: (0..<pieceCount).flatMap(piece), as: UTF8.self) }

    static let router = Router.testing { router in
        router.get("/stream") { _ in
            let next = Mutex(0)
            return HTTPResponse(headers: ["Content-Type": "text/plain"], body: .stream(BodyStream {
                next.withLock { index -> [UInt8]? in
                    defer { index += 1 }
                    guard index < 2 * pieceCount else { return nil }
                    return index % 2 == 1 ? [] : piece(index / 2)
                }
            }))
        }
    }

    /// The head and the bytes after it.
    static func split(_ bytes: [UInt8]) throws -> (head: String, body: [UInt8]) {
        let end = try #require(RawResponse.find([13, 10, 13, 10], in: bytes))
        return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 4)...]))
    }

    /// RFC 9112 §7.1 decoding; nil if the framing is wrong or the last chunk is missing.
    static func dechunk(_ bytes: [UInt8]) -> (body: [UInt8], rest: [UInt8])? {
        var body: [UInt8] = []
        var index = 0
        while let lineEnd = RawResponse.find([13, 10], in: Array(bytes[index...])) {
            guard let size = Int(String(decoding: bytes[index..<(index + lineEnd)], as: UTF8.self), radix: 16) else { return nil }
            let start = index + lineEnd + 2
            guard bytes.count >= start + size + 2, bytes[start + size] == 13, bytes[start + size + 1] == 10 else { return nil }
            if size == 0 { return (body, Array(bytes[(start + 2)...])) }
            body += bytes[start..<(start + size)]
            index = start + size + 2
        }
        return nil
    }

    // RFC 9112 §6.1, §7.1: a body of unknown length goes chunked to an HTTP/1.1 client.
    @Test func http11_getsTheWholeBodyInChunks_withoutContentLength() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send("GET /stream HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let (head, rest) = try Self.split(try await client.readUntilClosed(timeout: .seconds(120)))
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.contains("Transfer-Encoding: chunked"))
            #expect(!head.contains("Content-Length"))
            let decoded = try #require(Self.dechunk(rest))
            #expect(String(decoding: decoded.body, as: UTF8.self) == Self.expected)
            #expect(decoded.rest.isEmpty)
        }
    }

    // RFC 9112 §9.3: the connection stays usable after the last chunk.
    @Test func keepAlive_nextRequestIsAnsweredAfterTheStream() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send(
                "GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\nGET /hello HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let (_, rest) = try Self.split(try await client.readUntilClosed(timeout: .seconds(120)))
            let decoded = try #require(Self.dechunk(rest))
            #expect(String(decoding: decoded.body, as: UTF8.self) == Self.expected)
            let (secondHead, secondBody) = try Self.split(decoded.rest)
            #expect(secondHead.hasPrefix("HTTP/1.1 200"))
            #expect(String(decoding: secondBody, as: UTF8.self) == "hello")
        }
    }

    // RFC 9112 §6.3: HTTP/1.0 has no chunked coding; the body ends when the connection does.
    @Test func http10_getsTheBodyBare_thenTheConnectionCloses() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let (head, body) = try Self.split(try await client.readUntilClosed(timeout: .seconds(120)))
            #expect(!head.contains("Transfer-Encoding"))
            #expect(!head.contains("Content-Length"))
            #expect(head.contains("Connection: close"))
            #expect(String(decoding: body, as: UTF8.self) == Self.expected)
        }
    }

    // RFC 9110 §9.3.2: HEAD gets the head a GET would, and no body.
    @Test func head_getsTheHeadOnly() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send("HEAD /stream HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let (head, body) = try Self.split(try await client.readUntilClosed(timeout: .seconds(120)))
            #expect(head.contains("Transfer-Encoding: chunked"))
            #expect(body.isEmpty)
        }
    }

    @Test func chunkFraming_isHexSizeCRLFDataCRLF() {
        #expect(BodyStream.chunk(Array(repeating: 0x61, count: 26)) == Array("1a\r\n".utf8) + Array(repeating: 0x61, count: 26) + [13, 10])
        #expect(BodyStream.lastChunk == Array("0\r\n\r\n".utf8))
    }
}
