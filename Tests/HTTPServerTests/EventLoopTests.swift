import Foundation
import HTTPServer
import Synchronization
import Testing

/// Many connections share one event-loop thread: none of them may hold up the others, and
/// output the socket cannot take at once must still arrive whole and in order. Every test here
/// runs the server with a single loop, so all its connections share that thread.
@Suite("Server: one event loop, many connections")
struct EventLoopTests {
    static let oneLoop = ServerConfiguration.testing { $0.eventLoops = 1 }

    /// A deterministic body, several socket buffers long.
    static let bigBody = pattern(count: 3_000_000)
    /// Larger than a loopback socket's send and receive buffers together (their defaults top
    /// out near 4 and 6 MB), so the server must send it in pieces as the client reads.
    static let hugeBody = pattern(count: 24_000_000)

    static func pattern(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 11) }
        }
        return bytes
    }

    static let router = Router.testing { router in
        router.get("/slow") { _ in
            try await Task.sleep(for: .milliseconds(600))
            return .text("slow")
        }
        router.get("/big") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], bytes: EventLoopTests.bigBody)
        }
        router.get("/huge") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], bytes: EventLoopTests.hugeBody)
        }
        router.get("/n/{n}") { request in .text("n=\(request.parameter("n") ?? "?")") }
    }

    @Test func slowHandler_doesNotHoldUpOtherConnections() async throws {
        // `/held` answers only once the test finishes `release`, after the other client's answers.
        let (release, releaser) = AsyncStream<Void>.makeStream()
        defer { releaser.finish() }
        let router = Router.testing { router in
            router.get("/held") { _ in
                for await _ in release {}
                return .text("released")
            }
        }
        try await withServer(configuration: Self.oneLoop, router: router) { server in
            let waiting = try await RawClient.connect(port: server.port)
            try await waiting.send(get("/held"))
            let other = try await RawClient.connect(port: server.port)
            for _ in 0..<3 {
                try await other.send(get("/hello"))
                #expect(try await other.readResponse().text == "hello")
            }
            releaser.finish()
            #expect(try await waiting.readResponse().text == "released")
            waiting.close()
            other.close()
        }
    }

    @Test func hugeResponse_sentInPieces_arrivesWholeWhileOthersAreServed() async throws {
        try await withServer(configuration: Self.oneLoop, router: Self.router) { server in
            let reader = try await RawClient.connect(port: server.port)
            try await reader.send(get("/huge", "Connection: close\r\n"))
            // Not reading yet: the server fills the socket and must keep the rest for later.
            // Meanwhile another client on the same loop is served.
            let other = try await RawClient.connect(port: server.port)
            for _ in 0..<3 {
                try await other.send(get("/hello"))
                #expect(try await other.readResponse().text == "hello")
            }
            other.close()
            let bytes = try await reader.readUntilClosed()
            #expect(bytes.starts(with: Array("HTTP/1.1 200 OK\r\n".utf8)))
            #expect(bytes.count > Self.hugeBody.count)
            // A Bool, not the arrays: a failure must not format 24 MB into its message.
            let intact = bytes.suffix(Self.hugeBody.count).elementsEqual(Self.hugeBody)
            #expect(intact, "the body differs (\(bytes.count) bytes arrived)")
            reader.close()
        }
    }

    @Test func pipelinedRequestsBehindASlowHandler_areAnsweredInOrder() async throws {
        try await withServer(configuration: Self.oneLoop, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/slow") + get("/n/1") + get("/big") + get("/n/2"))
            #expect(try await client.readResponse().text == "slow")
            #expect(try await client.readResponse().text == "n=1")
            let big = try await client.readResponse().body
            #expect(big == Self.bigBody, "the body differs (\(big.count) bytes)")
            #expect(try await client.readResponse().text == "n=2")
            client.close()
        }
    }

    @Test func manyConnectionsOnOneLoop_areEachAnsweredCorrectly() async throws {
        try await withServer(configuration: Self.oneLoop, router: Self.router) { server in
            let clients = try await withThrowingTaskGroup(of: RawClient.self) { group in
                for _ in 0..<100 { group.addTask { try await RawClient.connect(port: server.port) } }
                var clients: [RawClient] = []
                for try await client in group { clients.append(client) }
                return clients
            }
            for (index, client) in clients.enumerated() { try await client.send(get("/n/\(index)")) }
            for (index, client) in clients.enumerated() {
                #expect(try await client.readResponse().text == "n=\(index)")
                client.close()
            }
        }
    }

    /// Answers on the loop's own thread, which it first holds until the test opens the gate;
    /// `reached` tells the test that the loop is held.
    struct LoopHold: ImmediateHTTPHandler {
        let open = DispatchSemaphore(value: 0)
        let reached: AsyncStream<Void>
        private let reaching: AsyncStream<Void>.Continuation
        init() { (reached, reaching) = AsyncStream.makeStream() }
        func respondImmediately(_ request: HTTPRequest) throws -> HTTPResponse? {
            reaching.yield()
            open.wait()
            return .text("gate")
        }
        func handle(_ request: HTTPRequest) async throws -> HTTPResponse { .text("gate") }
    }

    /// A synchronous handler that records whose request it answered, in order.
    final class ServedLog: ImmediateHTTPHandler {
        let order = Mutex<[String]>([])
        func respondImmediately(_ request: HTTPRequest) throws -> HTTPResponse? {
            let who = request.parameter("who") ?? "?"
            order.withLock { $0.append(who) }
            return .text(who)
        }
        func handle(_ request: HTTPRequest) async throws -> HTTPResponse { .text("") }
    }

    @Test func clientPipeliningWithoutPause_doesNotStarveTheOthersOnItsLoop() async throws {
        let gate = LoopHold()
        let log = ServedLog()
        var router = Router()
        router.add(.get, "/gate", gate)
        router.add(.get, "/log/{who}", log)
        try await withServer(configuration: Self.oneLoop, router: router) { server in
            // The greedy client's 1,000 requests arrive in one piece; the loop starts on them
            // and stops at the gate before answering any more.
            let greedy = try await RawClient.connect(port: server.port)
            try await greedy.send(get("/gate") + (0..<1000).map { _ in get("/log/greedy") }.joined())
            let held = await firstSignal(gate.reached)
            #expect(held, "the loop never reached the gate")
            // A second client arrives while the loop is held: accepted (counted by the accept
            // thread), its request already in its socket when the gate opens.
            let polite = try await RawClient.connect(port: server.port)
            try await polite.send(get("/log/polite"))
            #expect(try await eventually { server.activeConnections == 2 })
            gate.open.signal()
            #expect(try await polite.readResponse().text == "polite")
            for _ in 0...1000 { _ = try await greedy.readResponse() }
            let order = log.order.withLock { $0 }
            let politeTurn = order.firstIndex(of: "polite")
            #expect(order.count == 1001)
            // Served after a few turns of the greedy client's, not after all 1,000 of them.
            #expect(politeTurn.map { $0 < 500 } == true, "the polite request was served at \(politeTurn.map(String.init) ?? "never")")
            greedy.close()
            polite.close()
        }
    }
}
