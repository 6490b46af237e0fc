import Foundation
import MarketClient
import Synchronization
import Testing

@testable import DashboardEngine

/// A batch's schedule in the database: each step changes the state it expects once (a second
/// ask, a double click or a restart at the very moment, changes nothing), the revert is linked
/// both ways, overlaps are found by product and field, and 30 days of keeping apply to a
/// schedule once nothing of it is left to do.
@Suite struct BatchStoreScheduleTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    static let start = Date(timeIntervalSince1970: 1_795_651_200)

    func store(now: @escaping @Sendable () -> Date = { BatchStoreScheduleTests.start }) throws -> BatchStore {
        let clock = ReadClock(read: now)
        return BatchStore(
            database: try DashboardDatabase(directory: folder.url, migrations: Engine.migrations, durable: false, clock: clock), clock: clock)
    }

    /// A batch in preview changing `fields` of `product` (price from 20,000 to 18,000, stock
    /// from 3 to 9).
    static func batch(_ store: BatchStore, product: Int = 1, fields: [ProductField] = [.price]) throws -> Int {
        let before = RecordedFields(price: 20000, discountedPrice: 0, stock: 3)
        let after = RecordedFields(price: 18000, stock: 9).only(fields)
        let row = BatchRow(
            batchID: 0, number: 0, productID: product, operation: .edit, status: .pending, name: "Kettle", currency: "KRW",
            before: before.only(fields), after: after)
        return try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [row])
    }

    static func hours(_ count: Double) -> Date { start.addingTimeInterval(count * 3600) }

    @Test func eachStep_happensOnce_fromTheStateItExpects() throws {
        let store = try store()
        let id = try Self.batch(store)
        #expect(try !store.unschedule(id), "a preview has no schedule to remove")
        #expect(try store.schedule(id, startsAt: Self.hours(1), endsAt: Self.hours(3)))
        #expect(try store.schedule(id, startsAt: Self.hours(2), endsAt: Self.hours(4)), "moved")
        #expect(try store.batch(id)?.schedule == Batch.Schedule(startsAt: Self.hours(2), endsAt: Self.hours(4)))
        #expect(try !store.moveEnd(id, to: Self.hours(5)), "a window that has not started keeps its end to the form")

        #expect(try store.startScheduled(id, at: Self.hours(2)))
        #expect(try !store.startScheduled(id, at: Self.hours(2)), "started once")
        #expect(try !store.schedule(id, startsAt: Self.hours(6), endsAt: nil), "a running batch is not scheduled again")
        #expect(try !store.unschedule(id))
        #expect(try store.moveEnd(id, to: Self.hours(5)))

        #expect(try store.beginRevert(id, rows: [], at: Self.hours(4), now: Self.hours(4)) == nil, "not before its end")
        let revert = try #require(try store.beginRevert(id, rows: [], at: Self.hours(5), now: Self.hours(5)))
        #expect(try store.beginRevert(id, rows: [], at: Self.hours(5), now: Self.hours(5)) == nil, "put back once")
        #expect(try store.batch(revert)?.kind == .revert && store.batch(revert)?.source == String(id))
        #expect(try store.batch(id)?.schedule?.revertID == revert)
        #expect(try store.batch(id)?.schedule?.endedAt == Self.hours(5))
        #expect(try !store.moveEnd(id, to: Self.hours(6)), "an end that came stays")
        #expect(try store.pendingSchedules().isEmpty)
    }

    @Test func aMissedWindow_isMissedOnce_andNeverStarts() throws {
        let store = try store()
        let id = try Self.batch(store)
        #expect(try store.schedule(id, startsAt: Self.hours(1), endsAt: Self.hours(2)))
        #expect(try store.markMissed(id, at: Self.hours(3)))
        #expect(try !store.markMissed(id, at: Self.hours(3)))
        #expect(try !store.startScheduled(id, at: Self.hours(3)))
        #expect(try store.batch(id)?.state == .missed)
        #expect(try store.pendingSchedules().isEmpty)
    }

    /// The scheduler decides from the times it read; a vendor's form moving them in between
    /// wins: a window moved past now is neither missed nor started.
    @Test func timesMovedWhileTheSchedulerDecides_keepTheBatchScheduled() throws {
        let store = try store()
        let id = try Self.batch(store)
        #expect(try store.schedule(id, startsAt: Self.hours(1), endsAt: Self.hours(2)))
        // Read as missed at hour 3, then moved to hours 4–5 by the form.
        #expect(try store.schedule(id, startsAt: Self.hours(4), endsAt: Self.hours(5)))
        #expect(try !store.markMissed(id, at: Self.hours(3)), "the new window has not passed")
        #expect(try !store.startScheduled(id, at: Self.hours(3)), "the new start has not come")
        #expect(try store.batch(id)?.state == .scheduled)
        #expect(try store.startScheduled(id, at: Self.hours(4)))
    }

    @Test func overlaps_areFoundByProductAndField() throws {
        let store = try store()
        let price = try Self.batch(store)
        #expect(try store.schedule(price, startsAt: Self.hours(1), endsAt: Self.hours(3)))
        let samePrice = try Self.batch(store)
        let window = Batch.Schedule(startsAt: Self.hours(2), endsAt: Self.hours(4)).window
        #expect(try store.overlaps(store.changedFields(samePrice), during: window, except: samePrice).map(\.id) == [price])
        let stock = try Self.batch(store, fields: [.stock])
        #expect(try store.overlaps(store.changedFields(stock), during: window, except: stock).isEmpty, "another field")
        let otherProduct = try Self.batch(store, product: 2)
        #expect(try store.overlaps(store.changedFields(otherProduct), during: window, except: otherProduct).isEmpty)
        let after = Batch.Schedule(startsAt: Self.hours(3), endsAt: Self.hours(4)).window
        #expect(try store.overlaps(store.changedFields(samePrice), during: after, except: samePrice).isEmpty, "one ends as the other starts")
        #expect(try store.overlaps(store.changedFields(price), during: window, except: price).isEmpty, "not with itself")
    }

    /// A window still to be put back is kept however old; a missed one, with nothing left to
    /// do, goes after 30 days like any finished batch.
    @Test func aMissedBatch_isPrunedAfter30Days_aWindowStillToEndIsNot() throws {
        let clock = Mutex(Self.start)
        let store = try store(now: { clock.withLock { $0 } })
        let missed = try Self.batch(store)
        #expect(try store.schedule(missed, startsAt: Self.hours(1), endsAt: Self.hours(2)))
        #expect(try store.markMissed(missed, at: Self.hours(3)))
        let waiting = try Self.batch(store, product: 2)
        #expect(try store.schedule(waiting, startsAt: Self.hours(1), endsAt: Self.hours(24 * 60)))
        #expect(try store.startScheduled(waiting, at: Self.hours(1)))
        try store.finish(waiting)

        clock.withLock { $0 = Self.hours(31 * 24) }
        #expect(try store.prune() == 1)
        #expect(try store.batch(missed) == nil)
        #expect(try store.batch(waiting) != nil)
    }
}
