import Foundation
import HTTPServer
import Testing

/// Clients that misbehave cost one connection, never the server (resets, slow
/// readers, many idle connections).
@Suite("Server: resilience")
struct ResilienceTests {
    let site: StaticSite

    init() throws { site = try StaticSite() }

    /// Larger than the socket buffers (Linux caps a send buffer at `tcp_wmem`'s 4 MB by default,
    /// and the clients below take 4 KB), so the server is mid-sendfile when the client leaves.
    func addHugeFile() throws -> Int {
        let size = 8 * 1024 * 1024
        try Data(count: size).write(to: URL(fileURLWithPath: site.publicRoot + "/huge.bin"))
        return size
    }

    @Test func clientResetMidResponse_costsOnlyThatConnection() async throws {
        let size = try addHugeFile()
        try await withServer(router: site.router) { server in
            for _ in 0..<5 {
                let leaver = try await RawClient.connect(port: server.port)
                leaver.setReceiveBuffer(bytes: 4096)
                try await leaver.send(get("/static/huge.bin"))
                // The head and the start of the body have arrived, far from all of it: the
                // reset lands while the server is sending the rest.
                let part = try await leaver.received(atLeast: 1024)
                #expect(String(decoding: part.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
                #expect(part.count < size)
                #expect(server.activeConnections >= 1)
                leaver.setLingerZero()
                leaver.close()
            }
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/static/hello.txt"))
            let answer = try await client.readResponse()
            #expect(answer.status == 200 && answer.text == "hello static\n")
            client.close()
            // Every abandoned connection is released.
            #expect(try await eventually { server.activeConnections == 0 })
        }
    }

    @Test func slowReader_doesNotBlockOthers_andIsDroppedAfterTheSendTimeout() async throws {
        _ = try addHugeFile()
        let configuration = ServerConfiguration.testing { $0.sendTimeout = .milliseconds(300) }
        try await withServer(configuration: configuration, router: site.router) { server in
            let slow = try await RawClient.connect(port: server.port)
            slow.setReceiveBuffer(bytes: 4096)
            try await slow.send(get("/static/huge.bin"))
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/hello"))
            #expect(try await client.readResponse().text == "hello")
            client.close()
            // The slow reader never reads; the server gives up on it.
            #expect(try await eventually { server.activeConnections == 0 })
            slow.close()
        }
    }

    @Test func clientLeavingBeforeTheResponse_doesNotDisturbTheServer() async throws {
        // The answer is held until the client has gone.
        let left = Gate()
        let router = Router.testing { router in
            router.get("/slow") { _ in
                await left.wait()
                return .text(String(repeating: "s", count: 100_000))
            }
        }
        try await withServer(router: router) { server in
            let leaver = try await RawClient.connect(port: server.port)
            try await leaver.send(get("/slow"))
            leaver.setLingerZero()
            leaver.close()
            left.open()
            // The server has counted the leaver out (its handler answered into a closed socket).
            #expect(try await eventually { server.activeConnections == 0 })
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/hello"))
            #expect(try await client.readResponse().text == "hello")
        }
    }

    @Test func threeHundredIdleConnections_doNotDelayANormalRequest() async throws {
        // Deadlines far above the test's own length: on a loaded machine, opening 300
        // connections took over 30 s once, and idle ones must still be open when counted.
        let patient = ServerConfiguration.testing {
            $0.headerTimeout = .seconds(3600)
            $0.keepAliveTimeout = .seconds(3600)
        }
        try await withServer(configuration: patient, router: site.router) { server in
            let port = server.port
            let idle = try await onOwnThread { try (0..<300).map { _ in try RawClient(port: port) } }
            // Half of them have started a request and stalled mid-head.
            for client in idle.prefix(150) { try await client.send("GET /hello HTTP/1.1\r\nHost: loc") }
            let client = try await RawClient.connect(port: port)
            try await client.send(get("/static/hello.txt"))
            let answer = try await client.readResponse()
            #expect(answer.status == 200)
            // Answered while all 300 were still open and waiting (their deadlines are an hour).
            #expect(server.activeConnections >= 301)
            idle.forEach { $0.close() }
            client.close()
        }
    }
}
