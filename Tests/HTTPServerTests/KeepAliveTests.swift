import HTTPServer
import Testing

/// Persistent connections and pipelining over real sockets (RFC 9112 §9).
@Suite("Server: keep-alive and pipelining")
struct KeepAliveTests {
    static let router = Router.testing { router in
        router.get("/item/{id}") { request in .text("item \(request.parameter("id") ?? "?")") }
    }

    // RFC 9112 §9.3: HTTP/1.1 connections persist by default.
    @Test func http11_reusesTheConnection() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/item/1"))
            let first = try await client.readResponse()
            try await client.send(get("/item/2"))
            let second = try await client.readResponse()
            #expect(first.status == 200 && first.text == "item 1")
            #expect(second.status == 200 && second.text == "item 2")
            #expect(first.header("Connection") == nil)
            #expect(first.version == "HTTP/1.1")
        }
    }

    // RFC 9112 §9.3.2: pipelined requests are answered in the order received.
    @Test func pipelinedRequests_areAnsweredInOrder() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(
                get("/item/a") + "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\nbody" + get("/item/c"))
            let answers = [try await client.readResponse(), try await client.readResponse(), try await client.readResponse()]
            #expect(answers.map(\.status) == [200, 200, 200])
            #expect(answers.map(\.text) == ["item a", "body", "item c"])
        }
    }

    @Test func pipelinedRequestAfterAnError_isNotServed() async throws {
        // A framing error leaves the rest of the stream untrustworthy: answer, then close.
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "0\r\n\r\n" + get("/item/smuggled"))
            let answer = try await client.readResponse()
            #expect(answer.status == 400)
            #expect(answer.header("Connection")?.lowercased() == "close")
            let rest = try await client.readUntilClosed()
            #expect(!String(decoding: rest, as: UTF8.self).contains("item smuggled"))
        }
    }

    // RFC 9112 §9.3: HTTP/1.0 closes after the response unless keep-alive was asked for.
    @Test func http10_closesByDefault() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("GET /hello HTTP/1.0\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 200 && answer.text == "hello")
            #expect(answer.header("Connection")?.lowercased() == "close")
            #expect(try await client.isClosedByPeer())
        }
    }

    @Test func http10WithKeepAlive_staysOpen() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let first = try await client.readResponse()
            #expect(first.header("Connection")?.lowercased() == "keep-alive")
            try await client.send("GET /item/2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let second = try await client.readResponse()
            #expect(second.text == "item 2")
        }
    }

    // RFC 9112 §9.6: a `close` option ends the connection after this response.
    @Test func connectionClose_isHonoured() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/hello", "Connection: close\r\n") + get("/item/ignored"))
            let answer = try await client.readResponse()
            #expect(answer.text == "hello")
            #expect(answer.header("Connection")?.lowercased() == "close")
            #expect(try await client.isClosedByPeer())
        }
    }

    @Test func keepAliveIdleConnection_isClosedAfterTheTimeout() async throws {
        let configuration = ServerConfiguration.testing { $0.keepAliveTimeout = .milliseconds(300) }
        try await withServer(configuration: configuration, router: Self.router) { server in
            // Started before the request, so it cannot run ahead of the server's idle clock.
            let started = ContinuousClock.now
            let client = try await RawClient.connect(port: server.port, sending: get("/hello"))
            _ = try await client.readResponse()
            // The server closes silently: read returns 0 with no bytes.
            #expect(try await client.isClosedByPeer())
            // Not before the timeout, less the server's clock granularity: it counts whole
            // milliseconds from its loop's last wake-up (a close 0.4 ms "early" was seen).
            #expect(ContinuousClock.now - started >= .milliseconds(250))
        }
    }

    @Test func connectionThatNeverSends_isClosedAfterTheKeepAliveTimeout() async throws {
        let configuration = ServerConfiguration.testing { $0.keepAliveTimeout = .milliseconds(300) }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            #expect(try await client.isClosedByPeer())
        }
    }
}
