import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// Deadlines, against servers that do not answer. Each test leaves one finite deadline, the one
/// under test, and sets the others to an hour: a timeout that happens can only be that one. The
/// time limits are guards against a hang (a deadline that never fires), not measurements.
struct ClientTimeoutTests {
    @Test(.timeLimit(.minutes(1)))
    func silentServerTimesOutAtTheRequestDeadlineAndGetsRetried() async throws {
        let gate = Gate()
        let sleeps = SleepLog()
        try await StubMarket.run({ router in
            router.get("/api/products/{id}") { _ in
                await gate.wait()
                return .json(SampleJSON.detail)
            }
        }) { market in
            defer { gate.open() }
            // URLSession's own timer gets an hour, so only the client's 0.3 s deadline can end an attempt.
            let client = market.client(retry: sleeps.policy(), connectTimeout: .seconds(3600), requestTimeout: .milliseconds(300))
            let start = ContinuousClock.now
            await #expect(throws: MarketError.timeout) { try await client.product(id: 32) }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(850))
            #expect(market.log.count == 3)
            #expect(sleeps.all.count == 2)
        }
    }

    @Test func silentServerOnAWriteTimesOutOnce() async throws {
        let gate = Gate()
        try await StubMarket.run({ router in
            router.add(.patch, "/api/products/{id}") { _ in
                await gate.wait()
                return .json(SampleJSON.detail)
            }
        }) { market in
            defer { gate.open() }
            let client = market.client(retry: SleepLog().policy(), requestTimeout: .milliseconds(300))
            await #expect(throws: MarketError.timeout) { try await client.editProduct(id: 1, ProductChanges(stock: 2)) }
            #expect(market.log.count == 1)
        }
    }

    /// libcurl's URLSession has no connect-timeout setting; its request timer covers the
    /// handshake, and the client gives that timer `connectTimeout` for GETs.
    @Test(.timeLimit(.minutes(1)))
    func hangingConnectTimesOutAtTheConnectTimeout() async throws {
        let listener = try #require(SaturatedListener())
        let client = MarketClient(
            configuration: .init(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(listener.port)")),
                credentials: StubMarket.credentials, connectTimeout: .seconds(1), requestTimeout: .seconds(3600),
                retry: .none))
        let start = ContinuousClock.now
        await #expect(throws: MarketError.timeout) { try await client.listProducts(page: 1, itemsPerPage: 20, search: nil) }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(900))
        withExtendedLifetime(listener) {}
    }

    @Test func cancellingTheCallerStopsTheRequest() async throws {
        let gate = Gate()
        let arrived = Gate()
        try await StubMarket.run({ router in
            router.get("/api/products/{id}") { _ in
                arrived.open()
                await gate.wait()
                return .json(SampleJSON.detail)
            }
        }) { market in
            defer { gate.open() }
            let client = market.client()
            let task = Task { try await client.product(id: 1) }
            await arrived.wait()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
        }
    }
}
