import Foundation
import MarketClient
import ServerLogging
import Testing

@testable import DashboardEngine

/// The scheduler on its own, over a scripted market and a clock moved by hand: while a start is
/// far away it is one sleeper waiting for exactly that instant (no polling, no CPU), it fires
/// nothing before its instant, and a step asked for twice at once is carried out once.
@Suite struct BatchSchedulerTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    /// Thursday 26 November 2026, 09:00:10 in Seoul.
    static let now = Date(timeIntervalSince1970: 1_795_651_210)

    struct Parts {
        let market: ScriptedMarket
        let clock: ManualWallClock
        let store: BatchStore
        let runner: BatchRunner
        let scheduler: BatchScheduler

        /// A batch setting product 701's stock from 3 to 9, in preview.
        func stockBatch() throws -> Int {
            let row = BatchRow(
                batchID: 0, number: 0, productID: 701, operation: .edit, status: .pending, name: "Jar", currency: "KRW",
                before: RecordedFields(stock: 3), after: RecordedFields(stock: 9))
            return try store.create(kind: .bulk, action: BatchAction(kind: .stockSet, value: 9, unit: .amount), source: "", notes: [], rows: [row])
        }

        var edits: Int { market.state.withLock { $0.edits.count } }
    }

    func parts() throws -> Parts {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 701, name: "Jar", stock: 3)])
        let clock = ManualWallClock(Self.now)
        let store = BatchStore(
            database: try DashboardDatabase(directory: folder.url, migrations: Engine.migrations, durable: false, clock: clock),
            clock: clock)
        let ownVendor = OwnVendor(id: ScriptedMarket.vendorID, source: .flag)
        let runner = BatchRunner(
            store: store, writer: MarketWriter(api: market, observers: []), ownVendor: ownVendor, logger: ServerLogger(level: .off),
            outcomeCheck: OutcomeCheck(api: market, ownVendor: ownVendor, writeTimeout: 30), clock: clock)
        let scheduler = BatchScheduler(store: store, runner: runner, clock: clock, logger: ServerLogger(level: .off))
        return Parts(market: market, clock: clock, store: store, runner: runner, scheduler: scheduler)
    }

    @Test func aStartAMonthAway_isOneSleeperWaitingForIt() async throws {
        let parts = try parts()
        defer { parts.scheduler.shutdown() }
        let batch = try parts.stockBatch()
        let start = Self.now.addingTimeInterval(30 * 86_400 - 10)
        #expect(try parts.store.schedule(batch, startsAt: start, endsAt: nil))
        await parts.scheduler.resume()
        #expect(await parts.clock.sleepersArrive(1, .schedule))
        #expect(parts.clock.sleepers(.schedule) == 1)
        #expect(parts.clock.nextWake(.schedule) == start, "it sleeps until the start, not a minute at a time")

        // Days later, nothing woke it and nothing was sent.
        parts.clock.advance(by: 29 * 86_400)
        #expect(await parts.scheduler.dueStepsTaken())
        #expect(parts.clock.sleepers(.schedule) == 1 && parts.clock.nextWake(.schedule) == start)
        #expect(parts.edits == 0)
        #expect(try parts.store.batch(batch)?.state == .scheduled)

        parts.clock.set(start)
        #expect(await parts.scheduler.dueStepsTaken())
        #expect(await parts.runner.runEnds(batch))
        #expect(parts.edits == 1)
        #expect(parts.clock.sleepers(.schedule) == 0, "nothing is left to wait for")
    }

    @Test func aStart_neverFiresBeforeItsInstant() async throws {
        let parts = try parts()
        defer { parts.scheduler.shutdown() }
        let batch = try parts.stockBatch()
        let start = Self.now.addingTimeInterval(50)
        #expect(try parts.store.schedule(batch, startsAt: start, endsAt: start.addingTimeInterval(60)))
        parts.scheduler.reschedule()
        parts.clock.set(start.addingTimeInterval(-0.001))
        #expect(await parts.scheduler.dueStepsTaken())
        #expect(await parts.clock.sleepersArrive(1, .schedule))
        #expect(try parts.store.batch(batch)?.state == .scheduled)
        #expect(parts.edits == 0)
    }

    /// The timer and a second pass (a start-up's, say) both find the start and the end due:
    /// the batch runs once and is put back once.
    @Test func stepsAskedForTwiceAtOnce_areCarriedOutOnce() async throws {
        let parts = try parts()
        defer { parts.scheduler.shutdown() }
        let batch = try parts.stockBatch()
        let start = Self.now.addingTimeInterval(50)
        #expect(try parts.store.schedule(batch, startsAt: start, endsAt: start.addingTimeInterval(60)))
        parts.clock.set(start.addingTimeInterval(120))
        #expect(await finishes {
            async let first: Void = parts.scheduler.fireDue()
            async let second: Void = parts.scheduler.fireDue()
            _ = await (first, second)
        })
        #expect(await parts.scheduler.dueStepsTaken())
        let revert = try #require(try parts.store.batch(batch)?.schedule?.revertID)
        #expect(await parts.runner.runEnds(batch))
        #expect(await parts.runner.runEnds(revert))
        #expect(parts.market.state.withLock { $0.edits.map(\.changes.stock) } == [9, 3])
        #expect(try parts.store.recent().count == 2, "one batch puts back")
    }
}
