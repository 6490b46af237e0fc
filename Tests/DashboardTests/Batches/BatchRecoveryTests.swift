import Foundation
import MarketClient
import Synchronization
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// A dashboard stopped mid-apply, as a crash would stop it (at the runner's crash points: after
/// the in-flight mark is committed, or after the market answered but before the answer was
/// recorded), and a new dashboard started on the same data directory: it resumes the batch,
/// checks every row that may have reached the market, and never sends a write twice.
@Suite(.serialized) struct BatchRecoveryTests {
    static let vendor = ScriptedMarket.vendorID

    /// Two dashboards in a row over one market and one data directory.
    final class Restart: Sendable {
        let market: ScriptedMarket
        let first: DashboardHarness
        let data: URL

        init(products: [ProductDetail]) throws {
            market = ScriptedMarket(products: products)
            let market = self.market
            first = try DashboardHarness(api: market)
            data = first.app.configuration.dataDirectory
        }

        /// The first dashboard stopped (its runner can send nothing more), the second started.
        func restart() throws -> DashboardHarness {
            first.app.shutdown()
            let market = self.market
            let data = self.data
            return try DashboardHarness(adjust: { $0.dataDirectory = data }, makeApp: {
                try DashboardApp(configuration: $0, api: market, ownVendorID: BatchRecoveryTests.vendor)
            })
        }
    }

    static func products() -> [ProductDetail] {
        [ScriptedMarket.product(id: 501, name: "Jar one"), ScriptedMarket.product(id: 502, name: "Jar two")]
    }

    /// A batch setting the stock of both products to 9, applying in `app`.
    static func applyStockBatch(_ app: DashboardApp) throws -> Int {
        let store = app.batchRunner.store
        let rows = [501, 502].map { id in
            BatchRow(
                batchID: 0, number: 0, productID: id, operation: .edit, status: .pending, name: "Jar", currency: "KRW",
                before: RecordedFields(stock: 3), after: RecordedFields(stock: 9))
        }
        let batch = try store.create(kind: .bulk, action: BatchAction(kind: .stockSet, value: 9, unit: .amount), source: "", notes: [], rows: rows)
        #expect(try store.startApplying(batch))
        app.batchRunner.start(batch)
        return batch
    }

    @Test func stoppedAfterTheInFlightMark_theNextStartChecksAndSendsEachWriteOnce() async throws {
        let restart = try Restart(products: Self.products())
        defer { restart.first.stop() }
        let never = Gate()
        defer { never.open() }
        restart.first.app.batchRunner.hooks.withLock { $0.afterMark = { _, _ in await never.wait() } }
        let batch = try Self.applyStockBatch(restart.first.app)
        let store = restart.first.app.batchRunner.store
        #expect(try await eventually { ((try? store.rows(batch)) ?? []).allSatisfy(\.inFlight) })
        #expect(restart.market.state.withLock { $0.edits.count } == 0)

        let second = try restart.restart()
        defer { second.stop() }
        await second.app.batchRunner.waitForRun(batch)
        let rows = try second.app.batchRunner.store.rows(batch)
        #expect(rows.map(\.status) == [.done, .done])
        #expect(rows.allSatisfy { !$0.inFlight })
        #expect(restart.market.state.withLock { $0.edits.map(\.id).sorted() } == [501, 502])
        // The first dashboard's rows, released now, send nothing: it was shut down.
        never.open()
        await restart.first.app.batchRunner.waitForRun(batch)
        #expect(restart.market.state.withLock { $0.edits.count } == 2)
        #expect(try await second.get("/batches/\(batch)").status == 200)
    }

    @Test func stoppedAfterTheMarketDidIt_theNextStartFindsTheNewValues_andSendsNothing() async throws {
        let restart = try Restart(products: Self.products())
        defer { restart.first.stop() }
        let never = Gate()
        defer { never.open() }
        restart.first.app.batchRunner.hooks.withLock { $0.afterWrite = { _, _ in await never.wait() } }
        let batch = try Self.applyStockBatch(restart.first.app)
        #expect(try await eventually { restart.market.state.withLock { $0.edits.count } == 2 })
        let marked = try restart.first.app.batchRunner.store.rows(batch)
        #expect(marked.allSatisfy { $0.inFlight && $0.status == .pending })

        let second = try restart.restart()
        defer { second.stop() }
        await second.app.batchRunner.waitForRun(batch)
        #expect(try second.app.batchRunner.store.rows(batch).map(\.status) == [.done, .done])
        #expect(restart.market.state.withLock { $0.edits.count } == 2)
    }

    /// A create has no product to read: the next start finds the product the write made by its
    /// values (a name no product had before the preview) instead of registering it again.
    @Test func aCreateStoppedAfterTheMarketDidIt_isFound_notRegisteredTwice() async throws {
        let restart = try Restart(products: Self.products())
        defer { restart.first.stop() }
        let never = Gate()
        defer { never.open() }
        restart.first.app.batchRunner.hooks.withLock { $0.afterWrite = { _, _ in await never.wait() } }
        let store = restart.first.app.batchRunner.store
        let batch = try store.begin(kind: .import, source: "new.csv")
        let image = try store.addImage(batch, ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: ImageFixtures.jpeg(900, fill: 3)))
        let create = BatchRow(
            batchID: 0, number: 0, line: 2, productID: nil, operation: .create, status: .pending, name: "Jar one", currency: "KRW",
            before: RecordedFields(),
            after: RecordedFields(name: "Jar one", description: "A jar for the restart.", price: 4000, currency: "KRW", discountedPrice: 0, stock: 2),
            images: [image], knownIDs: [501])
        try store.addRows(batch, [create], notes: [])
        #expect(try store.startApplying(batch))
        restart.first.app.batchRunner.start(batch)
        #expect(try await eventually { restart.market.state.withLock { $0.creates.count } == 1 })

        let second = try restart.restart()
        defer { second.stop() }
        await second.app.batchRunner.waitForRun(batch)
        let row = try #require(try second.app.batchRunner.store.rows(batch).first)
        #expect(row.status == .done)
        #expect(restart.market.state.withLock { $0.creates.count } == 1)
        // The product the write made, not the older one of the same name.
        #expect(row.productID == 1000)
    }

    @Test func aRowChangedElsewhereWhileStopped_isSkipped() async throws {
        let restart = try Restart(products: Self.products())
        defer { restart.first.stop() }
        let never = Gate()
        defer { never.open() }
        restart.first.app.batchRunner.hooks.withLock { $0.afterMark = { _, _ in await never.wait() } }
        let batch = try Self.applyStockBatch(restart.first.app)
        let store = restart.first.app.batchRunner.store
        #expect(try await eventually { ((try? store.rows(batch)) ?? []).allSatisfy(\.inFlight) })
        restart.market.state.withLock { $0.products[502]?.summary.stock = 40 }

        let second = try restart.restart()
        defer { second.stop() }
        await second.app.batchRunner.waitForRun(batch)
        #expect(try second.app.batchRunner.store.rows(batch).map(\.status) == [.done, .skipped])
        #expect(restart.market.state.withLock { $0.edits.map(\.id) } == [501])
    }
}
