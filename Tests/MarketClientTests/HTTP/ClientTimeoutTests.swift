import Foundation
import HTTPServer
import Testing

@testable import MarketClient

/// Deadlines, against servers that do not answer. Each test leaves one finite deadline, the one
/// under test, and sets the others to an hour: a timeout that happens can only be that one. The
/// time limits are guards against a hang (a deadline that never fires), not measurements.
struct ClientTimeoutTests {
    @Test(.timeLimit(.minutes(3)))
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
            // URLSession's own timer gets an hour, so only the client's 0.3 s deadline can end an
            // attempt; the call's deadline leaves room for the retries (by default it is one
            // request timeout).
            let client = market.client(
                retry: sleeps.policy(), connectTimeout: .seconds(3600), requestTimeout: .milliseconds(300),
                callDeadline: .seconds(3600))
            let start = ContinuousClock.now
            await #expect(throws: MarketError.timeout) { try await client.product(id: 32) }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(850))
            // The server records a request as its handler starts, which on a busy machine may be
            // after the client gave up on it.
            let recorded = try await eventually { market.log.count == 3 }
            #expect(recorded)
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
            let client = market.client(retry: SleepLog().policy(), writeTimeout: .milliseconds(300))
            await #expect(throws: MarketError.timeout) { try await client.editProduct(id: 1, ProductChanges(stock: 2)) }
            let recorded = try await eventually { market.log.count == 1 }
            #expect(recorded)
        }
    }

    /// A market slower to answer a write than the read deadline, but within the write deadline
    /// (the real server stores every image before it answers a create): the write succeeds.
    /// The stub's wait is the slowness under test, not a synchronisation.
    @Test(arguments: ["create", "edit", "delete"])
    func aWriteSlowerThanTheReadDeadlineSucceeds(write: String) async throws {
        let slow: @Sendable () async -> Void = { try? await Task.sleep(for: .milliseconds(1300)) }
        let silent = Gate()
        try await StubMarket.run({ router in
            router.post("/api/products") { _ in await slow(); return .json(SampleJSON.detail, status: .created) }
            router.add(.patch, "/api/products/{id}") { _ in await slow(); return .json(SampleJSON.detail(id: 7)) }
            router.post("/api/products/{id}/archived") { _ in await slow(); return .text("/api/products/N3xhYmM=") }
            router.add(.delete, "/api/products/{rest...}") { _ in await slow(); return .json(SampleJSON.detail(id: 7)) }
            router.get("/healthChecker") { _ in await silent.wait(); return .json(#""OK""#) }
        }) { market in
            // Opened before the stub shuts down, so no handler is left waiting then.
            defer { silent.open() }
            // The write deadline is an hour: the test server's answer may wait on a busy
            // machine, and only the read deadline is under test.
            let client = market.client(requestTimeout: .milliseconds(300), writeTimeout: .seconds(3600))
            let answered: Int?
            switch write {
            case "create":
                let image = ImageUpload(filename: "1.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF])
                let product = NewProduct(name: "Slow cup", description: "Stored in Seoul, slowly.", price: 1000, currency: .krw)
                answered = try await client.createProduct(product, images: [image]).id
            case "edit":
                answered = try await client.editProduct(id: 7, ProductChanges(stock: 2)).id
            default:
                answered = try await client.deleteProduct(id: 7)?.id
            }
            #expect(answered == (write == "create" ? 32 : 7))
            // The read deadline still holds for reads.
            await #expect(throws: MarketError.timeout) { try await client.health() }
        }
    }

    /// A delete's path lookup changes nothing at the market, so a lookup left unanswered is
    /// "unreachable": no DELETE was sent and the product is certainly still there, which is not
    /// a delete of unknown outcome.
    @Test func anUnansweredDeleteLookup_isUnreachable_andNoDeleteIsSent() async throws {
        let gate = Gate()
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { _ in await gate.wait(); return .text("/api/products/N3xhYmM=") }
            router.add(.delete, "/api/products/{rest...}") { _ in .json(SampleJSON.detail(id: 7)) }
        }) { market in
            defer { gate.open() }
            let client = market.client(retry: SleepLog().policy(), requestTimeout: .milliseconds(300), writeTimeout: .milliseconds(300))
            await #expect(throws: MarketError.unreachable) { try await client.deleteProduct(id: 7) }
            let recorded = try await eventually { market.log.all.map(\.method) == [.post] }
            #expect(recorded)
        }
    }

    /// The lookup waits the longer of the read and write deadlines, so a short write deadline
    /// bounds the DELETE alone: a lookup slower than it still finds the path, and the DELETE
    /// left unanswered after it is the timeout. The stub's wait is the slowness under test.
    @Test func aLookupSlowerThanTheWriteDeadline_findsThePath_andOnlyTheDeleteTimesOut() async throws {
        let silent = Gate()
        try await StubMarket.run({ router in
            router.post("/api/products/{id}/archived") { _ in
                try? await Task.sleep(for: .milliseconds(600))
                return .text("/api/products/N3xhYmM=")
            }
            router.add(.delete, "/api/products/{rest...}") { _ in await silent.wait(); return .json(SampleJSON.detail(id: 7)) }
        }) { market in
            defer { silent.open() }
            let client = market.client(retry: SleepLog().policy(), requestTimeout: .seconds(3600), writeTimeout: .milliseconds(300))
            await #expect(throws: MarketError.timeout) { try await client.deleteProduct(id: 7) }
            let recorded = try await eventually { market.log.all.map(\.method) == [.post, .delete] }
            #expect(recorded)
        }
    }

    /// libcurl's URLSession has no connect-timeout setting; its request timer covers the
    /// handshake, and the client gives that timer `connectTimeout` for GETs.
    @Test(.timeLimit(.minutes(3)))
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
