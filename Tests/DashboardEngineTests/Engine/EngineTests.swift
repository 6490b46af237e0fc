import Foundation
import MarketClient
import SQLite
import Testing

@testable import DashboardEngine

/// The engine through its root, without HTTP: what it opens, where a write lands, its own
/// schedule (counts, scheduled starts), and that shutdown leaves nothing running so the next
/// engine opens the same folder and carries on what the first left.
@Suite struct EngineTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func engine(_ folder: URL, _ market: ScriptedMarket, _ clock: ManualWallClock) throws -> Engine {
        var settings = Engine.Settings()
        settings.durable = false
        return try Engine(
            directory: folder, api: market, clock: clock, images: market,
            ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), settings: settings)
    }

    @Test func theMigrationsRunOnce_stampedByTheClock_andASecondEngineOpensTheSameFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7, name: "Jar")])
        let clock = ManualWallClock(Self.start)
        let first = try Self.engine(folder, market, clock)
        first.start()
        first.shutdown()
        #expect(await finishes { await first.stopped() }, "every task the engine started ended")
        first.checkpoint()
        clock.advance(by: 3600)
        let second = try Self.engine(folder, market, clock)
        let applied = try second.database.use { db throws(SQLiteError) in
            try db.rows("SELECT name, applied_at FROM migrations") { ($0.text(0), $0.integer(1)) }
        }
        #expect(applied.map(\.0).sorted() == Engine.migrations.map(\.name).sorted(), "each migration once")
        #expect(applied.allSatisfy { $0.1 == Int(Self.start.timeIntervalSince1970) }, "stamped by the engine's clock at the first start")
        second.shutdown()
    }

    @Test func aDeleteThroughTheRoot_isJournaled_andItsProductKeptInTheBin() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7, name: "Jar", imageIDs: [])])
        let clock = ManualWallClock(Self.start)
        let engine = try Self.engine(folder, market, clock)
        engine.start()
        defer { engine.shutdown() }
        let product = try await market.product(id: 7)
        _ = try await engine.writer.delete(product, cause: .form, by: nil)
        let entry = try #require(try await engine.journal.page(product: 7, offset: 0, limit: 1).entries.first)
        #expect(entry.kind == .delete && entry.outcome == .done)
        #expect(entry.at == Date(timeIntervalSince1970: (Self.start.timeIntervalSince1970 * 1000).rounded() / 1000), "on the engine's clock")
        let item = try #require(try await engine.recycleBin.item(entry.id))
        #expect(item.productID == 7 && item.state == .deleted)
    }

    /// A folder removed when the test ends.
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("engine-test-\(UUID().uuidString)")
    }

    /// A batch setting the stock of each of `ids` from 3 to 9, in preview.
    static func stockBatch(_ engine: Engine, _ ids: [Int]) throws -> Int {
        let rows = ids.map { id in
            BatchRow(
                batchID: 0, number: 0, productID: id, operation: .edit, status: .pending, name: "Jar \(id)", currency: "KRW",
                before: RecordedFields(stock: 3), after: RecordedFields(stock: 9))
        }
        return try engine.batchStore.create(
            kind: .bulk, action: BatchAction(kind: .stockSet, value: 9, unit: .amount), source: "", notes: [], rows: rows)
    }

    /// An engine on `folder` applying a stock batch over every product of `market`, shut down
    /// while `held` of its writes are held at the market; the writes are let go after the
    /// shutdown, and it returns the batch once the engine's `stopped()` has returned.
    static func stoppedWithWritesAtTheMarket(
        _ folder: URL, _ market: ScriptedMarket, _ clock: ManualWallClock, held: Int
    ) async throws -> (engine: Engine, batch: Int) {
        let engine = try Self.engine(folder, market, clock)
        engine.start()
        let gate = Gate()
        defer { gate.open() }
        market.state.withLock { $0.writeGate = gate }
        let batch = try Self.stockBatch(engine, market.state.withLock { $0.products.keys.sorted() })
        #expect(try engine.batchStore.startApplying(batch))
        engine.batchRunner.start(batch)
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == held })
        engine.shutdown()
        market.state.withLock { $0.writeGate = nil }
        gate.open()
        #expect(await finishes { await engine.stopped() }, "the stop waits for the writes at the market, then ends")
        return (engine, batch)
    }

    static func jars(_ ids: ClosedRange<Int>) -> ScriptedMarket {
        ScriptedMarket(products: ids.map { ScriptedMarket.product(id: $0, name: "Jar \($0)", stock: 3, imageIDs: []) })
    }

    /// The catalog is counted when the engine starts and again when the clock passes the
    /// snapshot's freshness; what pages call (`status`, `waitForSnapshot`) never counts, however
    /// overdue a count is.
    @Test func theCatalogIsCountedAtStart_andWhenTheClockPassesItsFreshness_neverByAReading() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = Self.jars(1...3)
        let clock = ManualWallClock(Self.start)
        let engine = try Self.engine(folder, market, clock)
        defer { engine.shutdown() }
        for _ in 0..<50 { _ = engine.catalog.status() }
        let read = await engine.catalog.waitForSnapshot(upTo: .seconds(600))
        #expect(read.snapshot == nil && read.progress == nil)
        #expect(market.listRequests.isEmpty, "no snapshot, a count overdue, and the reads asked the market nothing")

        let listing = Gate()
        defer { listing.open() }
        market.state.withLock { $0.listGate = listing }
        engine.start()
        #expect(engine.catalog.status().progress != nil, "the first count is under way as start() returns")
        listing.open()
        #expect(await clock.sleepersArrive(1, .count), "after the first count the schedule sleeps on the clock")
        let first = try #require(engine.catalog.status().snapshot)
        #expect(first.products.count == 3 && market.listedPages == [1])
        #expect(clock.nextWake(.count) == Self.start.addingTimeInterval(300), "until the snapshot is five minutes old")
        clock.advance(by: 299)
        for _ in 0..<50 { _ = engine.catalog.status() }
        #expect(market.listedPages == [1], "a second before, nothing")
        market.add(ScriptedMarket.product(id: 4, name: "Jar 4", stock: 3, imageIDs: []))
        clock.advance(by: 1)
        #expect(try await eventually { engine.catalog.status().snapshot?.products.count == 4 }, "counted again at five minutes")
        #expect(market.listedPages == [1, 1])
    }

    /// A batch scheduled an hour ahead starts when the clock reaches its start, not before.
    @Test func aScheduledStart_happensWhenTheClockReachesIt() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = Self.jars(1...1)
        let clock = ManualWallClock(Self.start)
        let engine = try Self.engine(folder, market, clock)
        // Scheduled before the start, so that the start-up's own resume is the one timer: a
        // reschedule made beside it would race it, the later one replacing the other's sleeper.
        let batch = try Self.stockBatch(engine, [1])
        let startsAt = Self.start.addingTimeInterval(3600)
        #expect(try engine.batchStore.schedule(batch, startsAt: startsAt, endsAt: nil))
        engine.start()
        defer { engine.shutdown() }
        #expect(await clock.sleepersArrive(1, .schedule))
        #expect(clock.nextWake(.schedule) == startsAt)
        clock.advance(by: 3599)
        #expect(await engine.scheduler.dueStepsTaken())
        #expect(try engine.batchStore.batch(batch)?.state == .scheduled)
        #expect(market.state.withLock { $0.edits.isEmpty })
        clock.advance(by: 1)
        #expect(await engine.scheduler.dueStepsTaken())
        #expect(await engine.batchRunner.runEnds(batch))
        #expect(try engine.batchStore.batch(batch)?.state == .finished)
        #expect(market.state.withLock { $0.products[1]?.stock } == 9)
    }

    /// The first engine stops while a batch applies: four rows at the market (held there until
    /// after the stop), two never sent. The next engine on the same folder sends those two at
    /// once, checks the four after their deadline, and sends nothing twice.
    @Test func aSecondEngine_resumesTheBatchTheFirstLeftApplying() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = Self.jars(1...6)
        let clock = ManualWallClock(Self.start)
        let (first, batch) = try await Self.stoppedWithWritesAtTheMarket(folder, market, clock, held: BatchRunner.maxWrites)
        #expect(market.state.withLock { $0.edits.count } == 4)
        #expect(try first.batchStore.batch(batch)?.state == .running, "the first engine left it applying")

        let second = try Self.engine(folder, market, clock)
        second.start()
        defer { second.shutdown() }
        #expect(try await eventually { market.state.withLock { $0.edits.count } == 6 }, "the rows never sent are sent at once")
        #expect(await clock.sleepersArrive(4, .outcomeCheck), "the rows at the market when it stopped wait for their deadline")
        clock.advance(by: 3600)
        #expect(await second.batchRunner.runEnds(batch))
        #expect(try second.batchStore.batch(batch)?.state == .finished)
        #expect(try second.batchStore.rows(batch).allSatisfy { $0.status == .done })
        #expect(market.state.withLock { $0.edits.count } == 6, "nothing sent twice")
        #expect(market.state.withLock { $0.products.values.allSatisfy { $0.stock == 9 } })
    }

    /// A batch row's write is held at the market when the engine shuts down: `stopped()` waits
    /// for it, and the next engine opens the same folder, finds the row's outcome with the
    /// market after its deadline (done: the market did it), never sending it again.
    @Test func aWriteHeldAtShutdown_isSettled_andTheNextEngineOpens() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = Self.jars(1...1)
        let clock = ManualWallClock(Self.start)
        let (_, batch) = try await Self.stoppedWithWritesAtTheMarket(folder, market, clock, held: 1)
        #expect(market.state.withLock { $0.products[1]?.stock } == 9, "the market did the write")

        let second = try Self.engine(folder, market, clock)
        second.start()
        defer { second.shutdown() }
        #expect(await clock.sleepersArrive(1, .outcomeCheck), "its outcome is checked after the deadline")
        clock.advance(by: 3600)
        #expect(await second.batchRunner.runEnds(batch))
        #expect(try second.batchStore.rows(batch).map(\.status) == [.done])
        #expect(try second.batchStore.batch(batch)?.state == .finished)
        #expect(market.state.withLock { $0.edits.count } == 1, "never sent again")
        let entries = try await second.journal.page(product: 1, offset: 0, limit: 10).entries
        #expect(entries.map(\.outcome) == [.done], "its history entry is settled as done")
    }
}
