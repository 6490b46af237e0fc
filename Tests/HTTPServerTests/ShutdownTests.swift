import Foundation
import HTTPServer
import Synchronization
import Testing

/// Graceful shutdown: stop accepting, finish what is in flight, close idle connections.
@Suite("Server: graceful shutdown")
struct ShutdownTests {
    /// Lets a test wait until a handler is running, without sleeping on a guess.
    final class Signal: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func fire() { continuation.yield() }
        func wait() async { for await _ in stream { return } }
    }

    /// `/slow` reports that it started, then waits for `release` (or 300 ms at the least).
    static func router(started: Signal, release: Signal) -> Router {
        Router.testing { router in
            router.get("/slow") { _ in
                started.fire()
                try await Task.sleep(for: .milliseconds(300))
                await release.wait()
                return .text("finished after shutdown began")
            }
        }
    }

    /// True once connecting fails: the listener is closed, so shutdown has begun.
    static func waitUntilRefused(port: Int) async throws -> Bool {
        for _ in 0..<200 {
            do {
                let probe = try await RawClient.connect(port: port)
                probe.close()
            } catch {
                return true
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test func requestInFlight_getsItsFullResponse_thenNewConnectionsAreRefused() async throws {
        let started = Signal()
        let release = Signal()
        let configuration = ServerConfiguration.testing { $0.keepAliveTimeout = .seconds(60) }
        try await withServer(configuration: configuration, router: Self.router(started: started, release: release)) { server in
            let port = server.port
            let idle = try await RawClient.connect(port: port)
            try await idle.send(get("/hello"))
            #expect(try await idle.readResponse().status == 200)

            let busy = try await RawClient.connect(port: port)
            try await busy.send(get("/slow"))
            await started.wait()

            let shutdownStarted = ContinuousClock.now
            async let shutdownDone: Void = shutDown(server)
            // New connections are refused while the request is still in flight.
            #expect(try await Self.waitUntilRefused(port: port))
            release.fire()

            let answer = try await busy.readResponse(timeout: .seconds(3))
            #expect(answer.status == 200)
            #expect(answer.text == "finished after shutdown began")
            #expect(answer.header("Connection")?.lowercased() == "close")
            #expect(try await busy.isClosedByPeer(within: .seconds(2)))

            // The idle keep-alive connection is closed at once, long before its 60 s timeout.
            // (Bounds are loose: the suite shares two cores; they only need to be far below 60 s.)
            #expect(try await idle.isClosedByPeer(within: .seconds(8)))
            await shutdownDone
            #expect(ContinuousClock.now - shutdownStarted < .seconds(10))
            #expect(server.activeConnections == 0)
        }
    }

    @Test func shutdown_returnsPromptlyWithOnlyIdleConnections() async throws {
        let configuration = ServerConfiguration.testing { $0.keepAliveTimeout = .seconds(60) }
        try await withServer(configuration: configuration, router: .testing()) { server in
            var clients: [RawClient] = []
            for _ in 0..<5 {
                let client = try await RawClient.connect(port: server.port)
                try await client.send(get("/hello"))
                _ = try await client.readResponse()
                clients.append(client)
            }
            let started = ContinuousClock.now
            await shutDown(server)
            // Far below the 60 s keep-alive timeout, with room for a loaded machine.
            #expect(ContinuousClock.now - started < .seconds(10))
            for client in clients {
                #expect(try await client.isClosedByPeer(within: .seconds(5)))
            }
        }
    }

    @Test func shutdownTwice_isHarmless() async throws {
        try await withServer(router: .testing()) { server in
            await shutDown(server)
            await shutDown(server)
            #expect(server.activeConnections == 0)
        }
    }
}
