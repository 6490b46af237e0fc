import Foundation
import HTTPServer
import Testing

/// Whole-request deadlines, the minimum rate of large bodies and the memory budget for bodies
/// in flight: a body trickling a byte every few seconds must not hold its slot for ever.
@Suite("Server: whole-request deadline and body budget")
struct RequestDeadlineTests {
    static let router = Router.testing { router in
        router.post("/upload", maxBodySize: 1_000_000) { request in .text("got \(request.body.count)") }
    }

    /// Sends `piece` every 50 ms, looking for an answer in between, until one comes, `total`
    /// bytes are sent or `Patience.hangGuard` passes (a guard against a hang, never a measurement).
    func trickle(_ client: RawClient, piece: String, total: Int, meanwhile: () async throws -> Void = {}) async throws -> (RawResponse?, sent: Int) {
        let started = ContinuousClock.now
        var sent = 0
        var answer: RawResponse?
        var askedMeanwhile = false
        while answer == nil && sent < total && ContinuousClock.now - started < Patience.hangGuard {
            answer = try? await client.readResponse(timeout: .milliseconds(50))
            guard answer == nil else { break }
            try? await client.send(piece)
            sent += piece.utf8.count
            if !askedMeanwhile {
                askedMeanwhile = true
                try await meanwhile()
            }
        }
        return (answer, sent)
    }

    @Test func headTrickledPastTheRequestDeadline_is408EvenWithALongHeaderDeadline() async throws {
        let configuration = ServerConfiguration.testing {
            $0.headerTimeout = .seconds(30)
            $0.requestTimeout = .milliseconds(300)
        }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let slow = try await RawClient.connect(port: server.port, sending: "GET /hello HTTP/1.1\r\n")
            let (answer, _) = try await trickle(slow, piece: "X-Slow: y\r\n", total: 30_000)
            #expect(answer?.status == 408)
            #expect(try await slow.isClosedByPeer())
        }
    }

    @Test func largeBodyBelowTheMinimumRate_is408_butAFastOneIsServed() async throws {
        let configuration = ServerConfiguration.testing {
            $0.largeBodyBytes = 1000
            $0.minBodyBytesPerSecond = 1_000_000
            $0.slowBodyGrace = .seconds(1)
        }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let slow = try await RawClient.connect(port: server.port)
            try await slow.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 20000\r\n\r\n")
            let (answer, sent) = try await trickle(slow, piece: String(repeating: "s", count: 100), total: 20_000)
            #expect(answer?.status == 408)
            #expect(answer?.text.contains("too slowly") == true)
            #expect(sent < 20_000)

            let fast = try await RawClient.connect(port: server.port)
            try await fast.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 20000\r\n\r\n" + String(repeating: "f", count: 20_000))
            #expect(try await fast.readResponse().text == "got 20000")
            fast.close()
        }
    }

    @Test func largeBodiesOverTheBudget_get503_smallOnesAndLaterOnesAreServed() async throws {
        let configuration = ServerConfiguration.testing {
            $0.largeBodyBytes = 1000
            $0.maxBodyBytesInFlight = 150_000
        }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let first = try await RawClient.connect(port: server.port)
            try await first.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n0123456789")
            #expect(try await eventually { server.bodyBytesInFlight == 100_000 })

            let second = try await RawClient.connect(port: server.port)
            try await second.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n")
            let refused = try await second.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") != nil)
            #expect(try await second.isClosedByPeer())

            // Small bodies are not charged: they still go through.
            let small = try await RawClient.connect(port: server.port)
            try await small.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello")
            #expect(try await small.readResponse().text == "hello")
            small.close()

            try await first.send(String(repeating: "a", count: 99_990))
            #expect(try await first.readResponse().text == "got 100000")
            first.close()
            #expect(try await eventually { server.bodyBytesInFlight == 0 })

            let third = try await RawClient.connect(port: server.port)
            try await third.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n" + String(repeating: "b", count: 100_000))
            #expect(try await third.readResponse().text == "got 100000")
            third.close()
        }
    }

    @Test func chunkedBodyGrowingLarge_isChargedItsRouteCap() async throws {
        let configuration = ServerConfiguration.testing {
            $0.largeBodyBytes = 1000
            $0.maxBodyBytesInFlight = 1_500_000
        }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            let chunk = String(repeating: "c", count: 2000)
            try await client.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n7d0\r\n\(chunk)\r\n")
            #expect(try await eventually { server.bodyBytesInFlight == 1_000_000 })
            try await client.send("0\r\n\r\n")
            #expect(try await client.readResponse().text == "got 2000")
            client.close()
            #expect(try await eventually { server.bodyBytesInFlight == 0 })
        }
    }
}
