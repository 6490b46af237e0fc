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
        /// True once fired; false only after `Patience.hangGuard`.
        func wait() async -> Bool { await firstSignal(stream) }
    }

    /// `/slow` reports that it started, then waits for the test to `release` it.
    static func router(started: Signal, release: Signal) -> Router {
        Router.testing { router in
            router.get("/slow") { _ in
                started.fire()
                _ = await release.wait()
                return .text("finished after shutdown began")
            }
        }
    }

    /// True once connecting fails: the listener is closed, so shutdown has begun.
    static func waitUntilRefused(port: Int) async throws -> Bool {
        try await eventually {
            guard let probe = try? await RawClient.connect(port: port) else { return true }
            probe.close()
            return false
        }
    }

    @Test func requestInFlight_getsItsFullResponse_thenNewConnectionsAreRefused() async throws {
        let started = Signal()
        let release = Signal()
        // Neither the keep-alive timeout nor the grace period can end a connection during the
        // test: what closes them is the shutdown itself.
        let configuration = ServerConfiguration.testing {
            $0.keepAliveTimeout = .seconds(3600)
            $0.shutdownGracePeriod = .seconds(3600)
        }
        try await withServer(configuration: configuration, router: Self.router(started: started, release: release)) { server in
            let port = server.port
            let idle = try await RawClient.connect(port: port)
            try await idle.send(get("/hello"))
            #expect(try await idle.readResponse().status == 200)

            let busy = try await RawClient.connect(port: port)
            try await busy.send(get("/slow"))
            #expect(await started.wait(), "the handler started")

            async let shutdownDone: Void = shutDown(server)
            // New connections are refused while the request is still in flight.
            #expect(try await Self.waitUntilRefused(port: port))
            release.fire()

            let answer = try await busy.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text == "finished after shutdown began")
            #expect(answer.header("Connection")?.lowercased() == "close")
            #expect(try await busy.isClosedByPeer())

            // The idle keep-alive connection is closed by the shutdown (its timeout is an hour).
            #expect(try await idle.isClosedByPeer())
            await shutdownDone
            #expect(server.activeConnections == 0)
        }
    }

    @Test func shutdown_returnsPromptlyWithOnlyIdleConnections() async throws {
        // The keep-alive timeout and the grace period are an hour away, and `shutDown` records
        // an issue when `shutdown()` has not returned after `Patience.hangGuard`: it returns
        // because the idle connections were closed, not because a deadline passed.
        let configuration = ServerConfiguration.testing {
            $0.keepAliveTimeout = .seconds(3600)
            $0.shutdownGracePeriod = .seconds(3600)
        }
        try await withServer(configuration: configuration, router: .testing()) { server in
            var clients: [RawClient] = []
            for _ in 0..<5 {
                let client = try await RawClient.connect(port: server.port)
                try await client.send(get("/hello"))
                #expect(try await client.readResponse().status == 200)
                clients.append(client)
            }
            #expect(server.activeConnections == 5)
            await shutDown(server)
            // Every connection was counted out before `shutdown()` returned: it did not give up
            // waiting for them.
            #expect(server.activeConnections == 0)
            for client in clients {
                #expect(try await client.isClosedByPeer())
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
