import HTTPServer
import Testing

/// Limits and deadlines over real sockets.
@Suite("Server: limits and deadlines")
struct LimitsTests {
    static let router = Router.testing { router in
        router.post("/small", maxBodySize: 1024) { request in .text("got \(request.body.count)") }
    }

    // MARK: 413 before the body is read

    @Test func declaredBodyOverTheLimit_is413BeforeTheBodyIsSent() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            // Only the head: the server must answer without waiting for 50 MB that never come.
            try await client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50000000\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 413)
            #expect(answer.header("Connection")?.lowercased() == "close")
            #expect(try await client.isClosedByPeer())
        }
    }

    /// A browser sends the whole file before it reads the answer. The server answers 413 as soon
    /// as the head announces too much, then reads and discards the upload instead of closing on
    /// it: a close with unread input resets the connection, and the person would see
    /// "connection reset" instead of the page. A linger that stops discarding before the
    /// 12 MB are in fails this upload's send with a broken pipe.
    @Test func oversizedUpload_sentWhole_stillGetsThe413() async throws {
        // An hour-scale linger: what is tested is that the upload is read, not how fast.
        let configuration = ServerConfiguration.testing { $0.lingerTimeout = .seconds(3600) }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            let upload = [UInt8](repeating: UInt8(ascii: "u"), count: 12 * 1024 * 1024)
            try await client.send(Array("POST /small HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(upload.count)\r\n\r\n".utf8) + upload)
            let answer = try await client.readResponse()
            #expect(answer.status == 413)
            #expect(try await client.isClosedByPeer())
        }
    }

    /// Past `lingerDiscardBytes` the server stops reading and closes: a client cannot keep a
    /// connection busy by uploading without end.
    @Test func lingering_stopsAtItsByteBound() async throws {
        let configuration = ServerConfiguration.testing {
            $0.lingerTimeout = .seconds(3600)
            $0.lingerDiscardBytes = 64 * 1024
        }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST /small HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000000\r\n\r\n")
            #expect(try await client.readResponse().status == 413)
            // Keep uploading: the server reads 64 KB more, then closes, and sending fails.
            let piece = [UInt8](repeating: UInt8(ascii: "u"), count: 256 * 1024)
            var refused = false
            for _ in 0..<400 where !refused {
                do { try await client.send(piece) } catch { refused = true }
            }
            #expect(refused, "100 MB went into a connection that should have closed after 64 KB")
        }
    }

    @Test func routeLimit_appliesBeforeTheBody() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST /small HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1025\r\n\r\n")
            #expect(try await client.readResponse().status == 413)

            let ok = try await RawClient.connect(port: server.port)
            let body = String(repeating: "x", count: 1024)
            try await ok.send("POST /small HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1024\r\n\r\n\(body)")
            let answer = try await ok.readResponse()
            #expect(answer.status == 200 && answer.text == "got 1024")
        }
    }

    // RFC 9110 §10.1.1: a server may answer the final status instead of 100 Continue.
    @Test func expectContinueOverTheLimit_is413WithoutContinue() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 50000000\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 413)
        }
    }

    @Test func expectContinueWithinTheLimit_gets100ThenTheResponse() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            let interim = try await client.readResponse()
            #expect(interim.status == 100)
            try await client.send("hello")
            let answer = try await client.readResponse()
            #expect(answer.status == 200 && answer.text == "hello")
        }
    }

    @Test func chunkedBodyWithinTheLimit_isDecoded() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5;x=y\r\nhello\r\n6\r\n world\r\n0\r\nX-T: 1\r\n\r\n" + get("/hello"))
            #expect(try await client.readResponse().text == "hello world")
            #expect(try await client.readResponse().text == "hello")
        }
    }

    @Test func chunkedBodyOverTheRouteLimit_is413() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            let chunk = String(repeating: "z", count: 600)
            // 1200 bytes in two chunks against a 1024-byte route, with no end in sight.
            try await client.send(
                "POST /small HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 413)
            #expect(try await client.isClosedByPeer())
        }
    }

    @Test func chunkedBodyOverTheDefaultLimit_sentWhole_is413() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            let chunk = String(repeating: "q", count: 16 * 1024)
            let chunks = String(repeating: "4000\r\n\(chunk)\r\n", count: 8)
            try await client.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)0\r\n\r\n")
            #expect(try await client.readResponse().status == 413)
        }
    }

    // MARK: Deadlines

    @Test func slowHeader_is408() async throws {
        let configuration = ServerConfiguration.testing { $0.headerTimeout = .milliseconds(300) }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let started = ContinuousClock.now
            let client = try await RawClient.connect(port: server.port, sending: "GET /hello HTTP/1.1\r\nHost: loc")
            let answer = try await client.readResponse()
            #expect(answer.status == 408)
            #expect(ContinuousClock.now - started >= .milliseconds(250))
            #expect(try await client.isClosedByPeer())
        }
    }

    @Test func headerDribbledLineByLine_stillTimesOut() async throws {
        // Slowloris: each new line must not restart the clock; the deadline is for the whole head.
        let configuration = ServerConfiguration.testing { $0.headerTimeout = .milliseconds(300) }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let started = ContinuousClock.now
            let client = try await RawClient.connect(port: server.port, sending: "GET /hello HTTP/1.1\r\n")
            var answer: RawResponse?
            // Keep dribbling, a header line every 50 ms or so, looking for the answer in between:
            // a server whose clock restarts with every line would never answer. The loop ends
            // after `Patience.hangGuard` at the latest (a guard against that hang).
            while answer == nil && ContinuousClock.now - started < Patience.hangGuard {
                answer = try? await client.readResponse(timeout: .milliseconds(50))
                if answer == nil { try? await client.send("X-Slow: y\r\n") }
            }
            #expect(answer?.status == 408)
        }
    }

    @Test func stalledBody_is408() async throws {
        let configuration = ServerConfiguration.testing { $0.bodyIdleTimeout = .milliseconds(300) }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\nabc")
            let answer = try await client.readResponse()
            #expect(answer.status == 408)
            #expect(try await client.isClosedByPeer())
        }
    }

    // MARK: Connection cap

    @Test func connectionOverTheCap_gets503() async throws {
        let configuration = ServerConfiguration.testing { $0.maxConnections = 2 }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let first = try await RawClient.connect(port: server.port)
            let second = try await RawClient.connect(port: server.port)
            // A full exchange on each proves both are accepted and counted.
            for client in [first, second] {
                try await client.send(get("/hello"))
                #expect(try await client.readResponse().status == 200)
            }
            let third = try await RawClient.connect(port: server.port)
            let refused = try await third.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") != nil)
            // The first two are still served.
            try await first.send(get("/hello"))
            #expect(try await first.readResponse().status == 200)
        }
    }

    // MARK: Parser refusals over the wire

    /// A request the server refuses, named for readable test output.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var request: String
        var status: Int
        var testDescription: String { "\(name) → \(status)" }
    }

    static let refusals = [
        Refusal(name: "request line over 8 KB", request: "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: localhost\r\n\r\n", status: 414),
        Refusal(name: "header block over 32 KB", request: "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "b", count: 40_000))\r\n\r\n", status: 431),
        Refusal(name: "over 100 fields", request: "GET / HTTP/1.1\r\nHost: localhost\r\n\((1...101).map { "X-\($0): v\r\n" }.joined())\r\n", status: 431),
        Refusal(name: "two Content-Length", request: "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", status: 400),
        Refusal(name: "Content-Length with Transfer-Encoding", request: "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400),
        Refusal(name: "gzip before chunked", request: "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", status: 501),
        Refusal(name: "HTTP/2.0", request: "GET / HTTP/2.0\r\nHost: localhost\r\n\r\n", status: 505),
        Refusal(name: "no Host", request: "GET / HTTP/1.1\r\n\r\n", status: 400),
        Refusal(name: "obs-fold", request: "GET / HTTP/1.1\r\nHost: localhost\r\nX: a\r\n b\r\n\r\n", status: 400),
        Refusal(name: "bare LF", request: "GET / HTTP/1.1\nHost: localhost\n\n", status: 400),
        Refusal(name: "bad chunk size", request: "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400),
        Refusal(name: "unknown expectation", request: "POST /echo HTTP/1.1\r\nHost: localhost\r\nExpect: something-else\r\nContent-Length: 1\r\n\r\nx", status: 417),
    ]

    @Test(arguments: refusals)
    func refusedRequest_getsItsStatusAndTheConnectionCloses(refusal: Refusal) async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(refusal.request)
            let answer = try await client.readResponse()
            #expect(answer.status == refusal.status)
            #expect(answer.header("Connection")?.lowercased() == "close")
            #expect(try await client.isClosedByPeer())
        }
    }
}
