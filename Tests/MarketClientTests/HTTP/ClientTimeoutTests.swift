import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// Deadlines, measured against servers that do not answer.
struct ClientTimeoutTests {
    @Test func silentServerTimesOutAtTheRequestDeadlineAndGetsRetried() async throws {
        let gate = Gate()
        let sleeps = SleepLog()
        try await StubMarket.run({ router in
            router.get("/api/products/{id}") { _ in
                await gate.wait()
                return .json(SampleJSON.detail)
            }
        }) { market in
            defer { gate.open() }
            // URLSession's own timer gets 30 s, so only the client's 0.3 s deadline can end an
            // attempt early: the bounds then tell the two apart even on a loaded machine. The
            // call's deadline leaves room for the retries (by default it is one request timeout).
            let client = market.client(
                retry: sleeps.policy(), connectTimeout: .seconds(30), requestTimeout: .milliseconds(300),
                callDeadline: .seconds(30))
            let start = ContinuousClock.now
            await #expect(throws: MarketError.timeout) { try await client.product(id: 32) }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(850))
            #expect(elapsed < .seconds(20))
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
    @Test func hangingConnectTimesOutAtTheConnectTimeout() async throws {
        let listener = try #require(SaturatedListener())
        let client = MarketClient(
            configuration: .init(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(listener.port)")),
                credentials: StubMarket.credentials, connectTimeout: .seconds(1), requestTimeout: .seconds(30),
                retry: .none))
        let start = ContinuousClock.now
        await #expect(throws: MarketError.timeout) { try await client.listProducts(page: 1, itemsPerPage: 20, search: nil) }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(900))
        // Far under the 30 s request timeout, with room for a loaded machine.
        #expect(elapsed < .seconds(15))
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
