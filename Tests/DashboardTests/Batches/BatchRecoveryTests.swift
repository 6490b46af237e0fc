import Foundation
import MarketClient
import Synchronization
import Testing

@testable import Dashboard
import DashboardEngine

/// A dashboard stopped mid-apply at the runner's crash points (after the in-flight mark is
/// committed, or after the market answered but before the answer was recorded), its rows held
/// there while it shuts down gracefully, and a new dashboard started on the same data
/// directory: it resumes the batch, checks every row that may have reached the market once its
/// write's deadline has passed on the clock the test moves (nothing is sent before), and never
/// sends a write twice. The `dashboard` executable killed with SIGKILL is `BatchKillTests`.
@Suite(.serialized) struct BatchRecoveryTests {
    static let vendor = ScriptedMarket.vendorID

    static func products() -> [ProductDetail] {
        [ScriptedMarket.product(id: 501, name: "Jar one"), ScriptedMarket.product(id: 502, name: "Jar two")]
    }

    /// A batch setting the stock of both products to 9, applying in `app`.
    static func applyStockBatch(_ app: DashboardApp) throws -> Int {
        let store = app.engine.batchStore
        let rows = [501, 502].map { id in
            BatchRow(
                productID: id, operation: .edit, status: .pending, name: "Jar", currency: "KRW",
                before: RecordedFields(stock: 3), after: RecordedFields(stock: 9))
        }
        let batch = try store.create(kind: .bulk, action: BatchAction(kind: .stockSet, value: 9, unit: .amount), source: "", notes: [], rows: rows)
        #expect(try store.startApplying(batch))
        app.batchRunner.start(batch)
        return batch
    }

    /// `applyStockBatch` in the dashboard running now, its writes held at `gate` once marked
    /// in flight (before they are sent): returns when every row is in flight.
    static func applyStockBatchHeldAfterTheMark(_ dashboard: DashboardHarness, at gate: Gate) async throws -> Int {
        let app = dashboard.app
        app.batchRunner.pauseAfterMarking { _, _ in await gate.wait() }
        let batch = try applyStockBatch(app)
        #expect(try await eventually { (try? BatchTesting.inFlight(dashboard, batch)) == [true, true] })
        return batch
    }

    /// The rows of `batch` the dashboard running now waits to check.
    static func checking(_ dashboard: DashboardHarness, _ batch: Int, count: Int) async throws -> Bool {
        let store = dashboard.app.engine.batchStore
        return try await eventually { (try? store.counts(batch)[.checking]) == count }
    }

    @Test func stoppedAfterTheInFlightMark_theNextStartChecksAndSendsEachWriteOnce() async throws {
        let market = ScriptedMarket(products: Self.products())
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { dashboard in
            let first = dashboard.app
            let never = Gate()
            defer { never.open() }
            let batch = try await Self.applyStockBatchHeldAfterTheMark(dashboard, at: never)
            #expect(market.state.withLock { $0.edits.count } == 0)

            try await dashboard.restart()
            let second = dashboard.app
            // The writes never left; until their deadline nothing tells that to the next start.
            #expect(try await Self.checking(dashboard, batch, count: 2))
            #expect(market.state.withLock { $0.edits.count } == 0)
            dashboard.passWriteDeadlines(clock)
            await dashboard.settle(batch: batch)
            let rows = try second.engine.batchStore.rows(batch)
            #expect(rows.map(\.status) == [.done, .done])
            #expect(try BatchTesting.inFlight(dashboard, batch) == [false, false])
            #expect(market.state.withLock { $0.edits.map(\.id).sorted() } == [501, 502])
            // The first dashboard's rows, released now, send nothing: it was shut down.
            never.open()
            #expect(await first.batchRunner.runEnds(batch))
            #expect(market.state.withLock { $0.edits.count } == 2)
            #expect(try await dashboard.get("/batches/\(batch)").status == 200)
        }
    }

    @Test func stoppedAfterTheMarketDidIt_theNextStartFindsTheNewValues_andSendsNothing() async throws {
        let market = ScriptedMarket(products: Self.products())
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { dashboard in
            let first = dashboard.app
            let never = Gate()
            defer { never.open() }
            first.batchRunner.pauseAfterAnswer { _, _ in await never.wait() }
            let batch = try Self.applyStockBatch(first)
            #expect(try await eventually { market.state.withLock { $0.edits.count } == 2 })
            #expect(try first.engine.batchStore.rows(batch).map(\.status) == [.pending, .pending])
            #expect(try BatchTesting.inFlight(dashboard, batch) == [true, true])

            try await dashboard.restart()
            let second = dashboard.app
            #expect(try await Self.checking(dashboard, batch, count: 2))
            dashboard.passWriteDeadlines(clock)
            await dashboard.settle(batch: batch)
            #expect(try second.engine.batchStore.rows(batch).map(\.status) == [.done, .done])
            #expect(market.state.withLock { $0.edits.count } == 2)
        }
    }

    /// A sheet's row is checked field by field after a stop too: its stock, sent before the
    /// stop, is found done and not sent again; its price, changed elsewhere since the sheet was
    /// opened (the sheet showed 4,000, the market has 5,000), stays as the market has it and
    /// the row says so. The check of the lost answer waits on a clock the test moves past the
    /// write's deadline.
    @Test func aSheetRowStoppedAfterTheMarketDidIt_isDone_withTheFieldChangedElsewhereLeftAlone() async throws {
        let market = ScriptedMarket(products: Self.products())
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { dashboard in
            let first = dashboard.app
            let never = Gate()
            defer { never.open() }
            first.batchRunner.pauseAfterAnswer { _, _ in await never.wait() }
            let store = first.engine.batchStore
            let row = BatchRow(
                productID: 501, operation: .edit, status: .pending, name: "Jar one", currency: "KRW",
                before: RecordedFields(price: 4000, stock: 3), after: RecordedFields(price: 4500, stock: 9))
            let batch = try store.create(kind: .sheet, action: nil, source: "", notes: [], rows: [row])
            #expect(try store.startApplying(batch))
            first.batchRunner.start(batch)
            #expect(try await eventually { market.state.withLock { $0.edits.count } == 1 })
            let sent = try #require(market.state.withLock { $0.edits.first })
            #expect(sent.changes.stock == 9 && sent.changes.price == nil, "only the stock goes")

            try await dashboard.restart()
            // Past the write's deadline, whether the check sleeps already or not yet.
            dashboard.passWriteDeadlines(clock)
            let second = dashboard.app
            #expect(await second.batchRunner.runEnds(batch))
            let done = try #require(try second.engine.batchStore.rows(batch).first)
            #expect(done.status == .done)
            #expect(done.elsewhere.price == 5000)
            #expect(market.state.withLock { $0.edits.count } == 1, "nothing sent again")
            #expect(market.state.withLock { $0.products[501]?.price.amount } == 5000)
            let page = HTMLScan.text(try await dashboard.get("/batches/\(batch)?lang=en").text)
            #expect(page.contains("Price left as it is: changed elsewhere since the sheet was opened (now KRW 5,000)."), "\(page.prefix(600))")
        }
    }

    /// A create has no product to read: the next start finds the product the write made by its
    /// values (a name no product had before the preview) instead of registering it again.
    @Test func aCreateStoppedAfterTheMarketDidIt_isFound_notRegisteredTwice() async throws {
        let market = ScriptedMarket(products: Self.products())
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { dashboard in
            let first = dashboard.app
            let never = Gate()
            defer { never.open() }
            first.batchRunner.pauseAfterAnswer { _, _ in await never.wait() }
            // An import of one new product with its image, previewed and applied through the
            // forms once the catalog knows product 501 (the name's older product).
            await first.catalog.countEnded()
            var session = FormSession(port: dashboard.port)
            _ = try await session.open("/products/import")
            let csv = ImportTesting.write(
                ["name", "description", "price", "currency", "stock", "images"], [["Jar one", "A jar for the restart.", "4000", "KRW", "2", "a.jpg"]])
            let posted = try await ImportTesting.post(session, csv: csv, images: [.jpeg("a.jpg", size: 900, fill: 3)])
            let batch = try #require(BatchTesting.batchID(posted))
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)
            #expect(try await eventually { market.state.withLock { $0.creates.count } == 1 })

            try await dashboard.restart()
            let second = dashboard.app
            #expect(try await Self.checking(dashboard, batch, count: 1))
            dashboard.passWriteDeadlines(clock)
            await dashboard.settle(batch: batch)
            let row = try #require(try second.engine.batchStore.rows(batch).first)
            #expect(row.status == .done)
            #expect(market.state.withLock { $0.creates.count } == 1)
            // The product the write made, not the older one of the same name.
            let made = market.state.withLock { $0.products.values.first { $0.name == "Jar one" && $0.id != 501 }?.id }
            #expect(made != nil && row.productID == made)
        }
    }

    @Test func aRowChangedElsewhereWhileStopped_isSkipped() async throws {
        let market = ScriptedMarket(products: Self.products())
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { dashboard in
            let never = Gate()
            defer { never.open() }
            let batch = try await Self.applyStockBatchHeldAfterTheMark(dashboard, at: never)
            market.state.withLock { $0.products[502]?.summary.stock = 40 }

            try await dashboard.restart()
            let second = dashboard.app
            #expect(try await Self.checking(dashboard, batch, count: 2))
            dashboard.passWriteDeadlines(clock)
            await dashboard.settle(batch: batch)
            #expect(try second.engine.batchStore.rows(batch).map(\.status) == [.done, .skipped])
            #expect(market.state.withLock { $0.edits.map(\.id) } == [501])
        }
    }
}
