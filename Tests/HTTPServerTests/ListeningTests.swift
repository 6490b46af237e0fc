import HTTPServer
import Testing

/// Where the server listens and which Host names it answers to (a `Host` that names another
/// server is refused, against DNS rebinding).
@Suite("Server: addresses and Host")
struct ListeningTests {
    static let router = Router.testing()

    static func status(port: Int, host: String = "127.0.0.1", request: String) async throws -> Int {
        let client = try await RawClient.connect(port: port, host: host)
        try await client.send(request)
        return try await client.readResponse().status
    }

    @Test func portZero_bindsAFreePortAndReportsIt() async throws {
        try await withServer(router: Self.router) { server in
            #expect(server.port > 0)
            #expect(server.boundAddresses == ["127.0.0.1:\(server.port)"])
            let status1 = try await Self.status(port: server.port, request: get("/hello"))
            #expect(status1 == 200)
        }
    }

    // RFC 9110 §7.4: a request for another authority gets 421 (this defends against DNS rebinding).
    @Test(arguments: ["evil.example", "evil.example:80", "localhost.evil.example", "127.0.0.2"])
    func foreignHost_is421(host: String) async throws {
        try await withServer(router: Self.router) { server in
            let status = try await Self.status(port: server.port, request: "GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(status == 421)
        }
    }

    @Test(arguments: ["localhost", "localhost:1234", "LOCALHOST", "127.0.0.1", "[::1]:8080"])
    func loopbackHost_isServed(host: String) async throws {
        try await withServer(router: Self.router) { server in
            let status = try await Self.status(port: server.port, request: "GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(status == 200)
        }
    }

    @Test(arguments: ["localhost:abc", "[::1", "[::1]x"])
    func malformedHost_is400(host: String) async throws {
        try await withServer(router: Self.router) { server in
            let status = try await Self.status(port: server.port, request: "GET /hello HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(status == 400)
        }
    }

    @Test func absoluteFormNamingAForeignHost_is421() async throws {
        // The authority in an absolute-form target stands in for Host (RFC 9112 §3.2.2).
        try await withServer(router: Self.router) { server in
            let request = "GET http://evil.example/hello HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let status2 = try await Self.status(port: server.port, request: request)
            #expect(status2 == 421)
        }
    }

    @Test(.enabled(if: Loopback.hasIPv6, "this machine has no IPv6 loopback"))
    func ipv6Loopback_isServed() async throws {
        try await withServer(configuration: .testing(host: "::1"), router: Self.router) { server in
            #expect(server.boundAddresses == ["[::1]:\(server.port)"])
            let request = "GET /hello HTTP/1.1\r\nHost: [::1]:\(server.port)\r\n\r\n"
            let status3 = try await Self.status(port: server.port, host: "::1", request: request)
            #expect(status3 == 200)
        }
    }

    @Test func localhost_bindsBothFamiliesOnOnePort() async throws {
        try await withServer(configuration: .testing(host: "localhost"), router: Self.router) { server in
            let port = server.port
            #expect(server.boundAddresses.contains("127.0.0.1:\(port)"))
            let status4 = try await Self.status(port: port, host: "127.0.0.1", request: get("/hello"))
            #expect(status4 == 200)
            if Loopback.hasIPv6 {
                #expect(server.boundAddresses.contains("[::1]:\(port)"))
                let status5 = try await Self.status(port: port, host: "::1", request: get("/hello"))
                #expect(status5 == 200)
            }
        }
    }
}
