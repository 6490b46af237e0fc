import Foundation
import MarketClient
import Synchronization
import Testing

@testable import DashboardEngine

/// The catalog snapshot: the background count, its schedule, limits, failures and shutdown;
/// reads that never start a count.
@Suite("Catalog snapshot")
struct CatalogSnapshotStoreTests {
    @Test func aCount_readsPageByPage_oneRequestAtATime() async throws {
        let source = ScriptedMarket(numbered: 250)
        let store = source.catalogStore()
        defer { store.shutdown() }
        let gate = Gate()
        source.state.withLock { $0.listGate = gate }
        #expect(store.startCount())
        let first = store.status()
        #expect(first.snapshot == nil)
        #expect(first.progress != nil)
        gate.open()
        let status = await store.waitForSnapshot(upTo: Patience.hangGuard)
        let snapshot = try #require(status.snapshot)
        #expect(snapshot.products.map(\.id) == Array((1...250).reversed()))
        #expect(!snapshot.isPartial)
        #expect(source.listedPages == [1, 2, 3])
        #expect(source.mostListsAtOnce == 1)
        #expect(status.progress == nil)
    }

    @Test func progress_saysPagesAndProductsDone() async throws {
        let source = ScriptedMarket(numbered: 250)
        let count = CatalogCount(settings: CatalogSettings()) { try await source.page($0, $1) }
        let collected = ProgressLog()
        _ = try await count.run(startedAt: Date(), generation: 1) { collected.append($0) }
        let progress = collected.entries
        #expect(progress.map(\.pagesDone) == [1, 2, 3])
        #expect(progress.map(\.pagesTotal) == [3, 3, 3])
        #expect(progress.map(\.productsDone) == [100, 200, 250])
        #expect(progress.allSatisfy { $0.productsTotal == 250 })
    }

    @Test func overTheLimit_theSnapshotIsPartial() async throws {
        let source = ScriptedMarket(numbered: 250)
        var settings = CatalogSettings()
        settings.productLimit = 120
        let store = source.catalogStore(settings)
        defer { store.shutdown() }
        store.startCount()
        let snapshot = try #require(await store.waitForSnapshot(upTo: Patience.hangGuard).snapshot)
        #expect(snapshot.products.count == 120)
        #expect(snapshot.isPartial)
        #expect(snapshot.reportedTotal == 250)
    }

    @Test func productsThatShiftBetweenPages_areKeptOnce() async throws {
        let source = ScriptedMarket(numbered: 150)
        let count = CatalogCount(settings: CatalogSettings()) { page, perPage in
            // A product registered after page 1 was read pushes product 51 onto page 2 as well.
            if page == 2 { source.add(ScriptedMarket.numbered(151)) }
            return try await source.page(page, perPage)
        }
        let snapshot = try await count.run(startedAt: Date(), generation: 1) { _ in }
        #expect(snapshot.products.count == 150)
        #expect(Set(snapshot.products.map(\.id)).count == 150)
    }

    @Test func thumbnails_areKeptForTheOwnVendorOnly() async throws {
        let source = ScriptedMarket(numbered: 9, vendors: 3)
        let count = CatalogCount(settings: CatalogSettings(), keepsThumbnail: { $0 == 2 }) { try await source.page($0, $1) }
        let snapshot = try await count.run(startedAt: Date(), generation: 1) { _ in }
        #expect(snapshot.products.filter { $0.thumbnail != nil }.map(\.vendorID) == [2, 2, 2])
    }

    @Test func olderThanMaxAge_isCountedAgain_andTheOldSnapshotServesMeanwhile() async throws {
        let source = ScriptedMarket(numbered: 10)
        let clock = FakeCalendar()
        let store = source.catalogStore(clock: clock)
        defer { store.shutdown() }
        #expect(store.countIfDue(), "with no snapshot, a count is due")
        let first = try #require(await store.waitForSnapshot(upTo: Patience.hangGuard).snapshot)
        clock.advance(seconds: 60)
        #expect(!store.countIfDue(), "a one-minute-old snapshot is fresh")
        #expect(store.status().progress == nil)
        source.add(ScriptedMarket.numbered(11))
        clock.advance(seconds: 300)
        let gate = Gate()
        source.state.withLock { $0.listGate = gate }
        #expect(store.countIfDue())
        let during = store.status()
        #expect(during.progress != nil)
        #expect(during.snapshot?.products.count == 10)
        gate.open()
        await store.countEnded()
        let second = try #require(store.status().snapshot)
        #expect(second.products.count == 11)
        #expect(second.takenAt > first.takenAt)
    }

    @Test func afterAWrite_theNextReadWaitsForTheNewCount() async throws {
        let source = ScriptedMarket(numbered: 10)
        let store = source.catalogStore()
        defer { store.shutdown() }
        store.startCount()
        _ = await store.waitForSnapshot(upTo: Patience.hangGuard)
        source.add(ScriptedMarket.numbered(11))
        store.countAfterUnknownWrite()
        let status = await store.waitForSnapshot(upTo: Patience.hangGuard)
        #expect(status.snapshot?.products.first?.id == 11)
        #expect(!status.isOutdatedByWrite)
    }

    @Test func aWriteDuringACount_isCountedAgainAfterIt() async throws {
        let source = ScriptedMarket(numbered: 10)
        let store = source.catalogStore()
        defer { store.shutdown() }
        let gate = Gate()
        source.state.withLock { $0.listGate = gate }
        store.startCount()
        source.add(ScriptedMarket.numbered(11))
        store.countAfterUnknownWrite()
        gate.open()
        let status = await store.waitForSnapshot(upTo: Patience.hangGuard)
        #expect(status.snapshot?.products.count == 11)
        #expect(source.listedPages == [1, 1])
    }

    @Test func anUpstreamError_keepsTheLastSnapshot_andSaysSo() async throws {
        let source = ScriptedMarket(numbered: 10)
        let clock = FakeCalendar()
        let store = source.catalogStore(clock: clock)
        defer { store.shutdown() }
        store.startCount()
        _ = await store.waitForSnapshot(upTo: Patience.hangGuard)
        source.state.withLock { $0.listFailure = .timeout }
        clock.advance(seconds: 301)
        #expect(store.countIfDue())
        await store.countEnded()
        let status = store.status()
        #expect(status.snapshot?.products.count == 10)
        #expect(status.failure?.code == .timeout)
        // No new attempt until the pause after a failure is over.
        let asked = source.listedPages.count
        clock.advance(seconds: 5)
        #expect(!store.countIfDue())
        #expect(source.listedPages.count == asked)
        source.state.withLock { $0.listFailure = nil }
        clock.advance(seconds: 10)
        #expect(store.countIfDue())
        await store.countEnded()
        let recovered = store.status()
        #expect(recovered.failure == nil)
        #expect(source.listedPages.count == asked + 1)
    }

    @Test func shutdown_cancelsTheCount_andReleasesWaiters() async throws {
        let source = ScriptedMarket(numbered: 10)
        let store = source.catalogStore()
        let gate = Gate()
        defer { gate.open() }
        source.state.withLock { $0.listGate = gate }
        store.startCount()
        // A limit far beyond the hang guard: only the shutdown can end this wait in time.
        let returned = Mutex<CatalogStatus?>(nil)
        Task {
            let status = await store.waitForSnapshot(upTo: .seconds(24 * 3600))
            returned.withLock { $0 = status }
        }
        #expect(try await eventually { store.waiting == 1 }, "the waiter is in place before the shutdown")
        #expect(returned.withLock { $0 == nil })
        store.shutdown()
        #expect(try await eventually { returned.withLock { $0 != nil } }, "the shutdown released the waiter")
        #expect(returned.withLock { $0?.snapshot == nil })
        #expect(store.waiting == 0)
        #expect(!store.startCount() && !store.countIfDue(), "no count starts after shutdown")
        #expect(store.status().progress == nil)
    }

    @Test func waitingWithNoTimeLeft_answersAtOnce() async throws {
        let source = ScriptedMarket(numbered: 10)
        let store = source.catalogStore()
        defer { store.shutdown() }
        let gate = Gate()
        defer { gate.open() }
        source.state.withLock { $0.listGate = gate }
        store.startCount()
        let status = await store.waitForSnapshot(upTo: .zero)
        #expect(status.snapshot == nil)
        #expect(status.progress != nil)
    }

    /// What the pages call only reads: with no snapshot, or one long past its age, neither
    /// `status` nor `waitForSnapshot` asks the market for anything.
    @Test func reads_neverStartACount() async throws {
        let source = ScriptedMarket(numbered: 10)
        let clock = FakeCalendar()
        let store = source.catalogStore(clock: clock)
        defer { store.shutdown() }
        for _ in 0..<20 { _ = store.status() }
        let waited = await store.waitForSnapshot(upTo: .seconds(600))
        #expect(waited.snapshot == nil && waited.progress == nil, "nothing to wait for: it answers at once")
        #expect(source.listedPages.isEmpty, "no snapshot, and still no count")
        store.startCount()
        await store.countEnded()
        clock.advance(seconds: 3600)
        for _ in 0..<20 {
            _ = store.status()
            _ = await store.waitForSnapshot(upTo: .seconds(600))
        }
        #expect(source.listedPages == [1], "an hour past its age, the reads started no count")
        #expect(store.status().progress == nil)
    }

    /// The schedule: a count at once, then a sleep on the clock until the snapshot passes its
    /// age, and a count when the clock reaches it, not a second before.
    @Test func countWhenDue_countsAtOnce_andAgainWhenTheSnapshotPassesItsAge() async throws {
        let source = ScriptedMarket(numbered: 10)
        let calendar = FakeCalendar()
        let clock = calendar.clock
        let store = source.catalogStore(clock: calendar)
        let schedule = Task { await store.countWhenDue() }
        #expect(await clock.sleepersArrive(1, .count), "after its first count the schedule sleeps")
        let first = try #require(store.status().snapshot)
        #expect(source.listedPages == [1])
        #expect(clock.nextWake(.count) == first.takenAt.addingTimeInterval(300), "it wakes when the snapshot is five minutes old")
        clock.advance(by: 299)
        #expect(clock.sleepers(.count) == 1 && source.listedPages == [1], "a second before, nothing is counted")
        source.add(ScriptedMarket.numbered(11))
        clock.advance(by: 1)
        #expect(try await eventually { store.status().snapshot?.products.count == 11 }, "counted when the clock reached it")
        #expect(await clock.sleepersArrive(1, .count), "and asleep again until the next")
        #expect(clock.nextWake(.count) == first.takenAt.addingTimeInterval(600))
        schedule.cancel()
        store.shutdown()
        #expect(await finishes { await schedule.value }, "the schedule ends when cancelled")
        #expect(source.listedPages == [1, 1])
    }

    /// A write being planned (a POST) after a failed count counts again at once and gets the
    /// products, where a read only sees the failure until the schedule's pause is over.
    @Test func countForWrite_afterAFailedCount_countsAgainAtOnce() async throws {
        let source = ScriptedMarket(numbered: 10)
        source.state.withLock { $0.listFailure = .timeout }
        let calendar = FakeCalendar()
        let store = source.catalogStore(clock: calendar)
        #expect(store.countIfDue())
        await store.countEnded()
        #expect(store.status().failure?.code == .timeout)
        source.state.withLock { $0.listFailure = nil }

        #expect(!store.countIfDue(), "within the pause after a failure, the schedule does not count")
        #expect(store.status().snapshot == nil, "and a read sees no products")
        let planned = await store.countForWrite()

        #expect(planned.snapshot?.products.count == 10, "the write is planned from a fresh count")
        #expect(planned.failure == nil)
        let pages = source.listedPages.count
        _ = await store.countForWrite()
        #expect(source.listedPages.count == pages, "a fresh snapshot is not counted again")
        store.shutdown()
    }

    /// A count that fails is tried again by the schedule once the pause after a failure is
    /// over; a count someone else starts meanwhile moves the next one on.
    @Test func countWhenDue_triesAgainAfterAFailure_andFollowsACountStartedElsewhere() async throws {
        let source = ScriptedMarket(numbered: 10)
        source.state.withLock { $0.listFailure = .timeout }
        let calendar = FakeCalendar()
        let clock = calendar.clock
        let store = source.catalogStore(clock: calendar)
        let schedule = Task { await store.countWhenDue() }
        #expect(await clock.sleepersArrive(1, .count))
        #expect(store.status().failure?.code == .timeout)
        #expect(clock.nextWake(.count) == calendar.now().addingTimeInterval(10), "tried again after the pause")
        source.state.withLock { $0.listFailure = nil }
        clock.advance(by: 10)
        #expect(try await eventually { store.status().snapshot != nil })
        let counted = try #require(store.status().snapshot)
        #expect(await clock.sleepersArrive(1, .count))
        clock.advance(by: 100)
        #expect(store.startCount(), "a person asks for a count")
        await store.countEnded()
        let asked = source.listedPages.count
        clock.advance(by: 200)
        #expect(
            try await eventually { clock.nextWake(.count) == counted.takenAt.addingTimeInterval(400) },
            "at the first count's five minutes the schedule counts nothing and sleeps until the second's")
        #expect(source.listedPages.count == asked)
        schedule.cancel()
        store.shutdown()
        #expect(await finishes { await schedule.value })
    }
}

/// Progress reports in order.
final class ProgressLog: Sendable {
    private let log = Mutex<[CatalogProgress]>([])
    func append(_ progress: CatalogProgress) { log.withLock { $0.append(progress) } }
    var entries: [CatalogProgress] { log.withLock { $0 } }
}
