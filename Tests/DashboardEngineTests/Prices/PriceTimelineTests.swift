import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The price timeline over a database in a temp folder with a hand-moved clock: writes and
/// counts told to it as `MarketWriter` and `CatalogSnapshotStore` tell it.
@Suite struct PriceTimelineTests {
    final class Fixture: Sendable {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prices-test-\(UUID().uuidString)")
        let calendar = FakeCalendar()
        let database: DashboardDatabase
        let timeline: PriceTimeline

        init(retentionDays: Int = PriceTimeline.defaultRetentionDays) throws {
            database = try DashboardDatabase(directory: folder, migrations: Engine.migrations, durable: false, clock: calendar)
            timeline = try PriceTimeline(database: database, retentionDays: retentionDays, clock: calendar)
        }

        /// The same folder opened again, as a restart does.
        func reopened() throws -> PriceTimeline {
            let database = try DashboardDatabase(directory: folder, migrations: Engine.migrations, durable: false, clock: calendar)
            return try PriceTimeline(database: database, clock: calendar)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func write(_ id: Int, price: Decimal, discount: Decimal = 0) async {
            let summary = ProductSummary.sample(id, price: price, discount: discount)
            timeline.marketWritten(.saved(ProductDetail(summary: summary, images: [], vendor: nil)))
            await timeline.recorded()
        }

        static func snapshot(_ products: [(Int, Decimal, Decimal)], at: Date, isPartial: Bool = false) -> CatalogSnapshot {
            CatalogSnapshot(
                products: products.map { CatalogProduct(.sample($0.0, price: $0.1, discount: $0.2), vendorName: "tests") },
                takenAt: at, isPartial: isPartial, reportedTotal: products.count, generation: 1)
        }
    }

    @Test func aWriteRecordsADashboardState() async throws {
        let fixture = try Fixture()
        await fixture.write(7, price: 30000, discount: 3000)
        let states = try await fixture.timeline.states(productID: 7)
        #expect(states == [
            PriceState(at: fixture.calendar.now(), price: 30000, discount: 3000, currency: .krw, source: .dashboard)
        ])
        // The same price again is no new state; a new one is, newest first.
        fixture.calendar.advance(days: 1)
        await fixture.write(7, price: 30000, discount: 3000)
        await fixture.write(7, price: 28000, discount: 3000)
        let after = try await fixture.timeline.states(productID: 7)
        #expect(after.map(\.price) == [28000, 30000])
    }

    /// A page that finds the timeline recording waits for it (`recorded()`): from the moment
    /// a write is told until its state is written and its sale worked out, `isRecording` says
    /// so, and once it is over the sale the write started is there to read.
    @Test func aWriteIsRecordingUntilItsSaleIsWorkedOut() async throws {
        let fixture = try Fixture()
        await fixture.write(7, price: 30000)
        #expect(!fixture.timeline.isRecording)
        fixture.calendar.advance(days: 40)
        // The database's one connection held, so the write waits in the background while the
        // test looks: a write finished before the next line would make the look prove nothing.
        let held = Gate(), release = DispatchSemaphore(value: 0)
        let holder = Task { try await fixture.database.background { _ in held.open(); release.wait() } }
        await held.wait()
        let summary = ProductSummary.sample(7, price: 30000, discount: 9000)
        fixture.timeline.marketWritten(.saved(ProductDetail(summary: summary, images: [], vendor: nil)))
        #expect(fixture.timeline.isRecording, "told synchronously, written in the background")
        release.signal()
        try await holder.value
        await fixture.timeline.recorded()
        #expect(!fixture.timeline.isRecording)
        let sale = try #require(fixture.timeline.currentSale(productID: 7), "the sale the write started")
        #expect(sale.check == .ok(reference: 30000))
    }

    @Test func aCountRecordsAnElsewhereStateWithBothInstants() async throws {
        let fixture = try Fixture()
        let first = fixture.calendar.now()
        let count1 = Fixture.snapshot([(1, 1000, 0), (2, 2000, 0)], at: first)
        await fixture.timeline.catalogCounted(previous: nil, new: count1)
        #expect(try await fixture.timeline.states(productID: 1) == [
            PriceState(at: first, price: 1000, discount: 0, currency: .krw, source: .elsewhere)
        ])
        fixture.calendar.advance(days: 1)
        let second = fixture.calendar.now()
        let count2 = Fixture.snapshot([(1, 1200, 100), (2, 2000, 0)], at: second)
        await fixture.timeline.catalogCounted(previous: count1, new: count2)
        let one = try await fixture.timeline.states(productID: 1)
        #expect(one.first == PriceState(at: second, seenAfter: first, price: 1200, discount: 100, currency: .krw, source: .elsewhere))
        // Nothing changed for product 2: no row.
        #expect(try await fixture.timeline.states(productID: 2).count == 1)
    }

    @Test func aPartialCountRecordsOnlyWhatItHolds() async throws {
        let fixture = try Fixture()
        let count1 = Fixture.snapshot([(1, 1000, 0), (2, 2000, 0)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: nil, new: count1)
        fixture.calendar.advance(days: 1)
        let partial = Fixture.snapshot([(1, 900, 0)], at: fixture.calendar.now(), isPartial: true)
        await fixture.timeline.catalogCounted(previous: count1, new: partial)
        #expect(try await fixture.timeline.states(productID: 1).count == 2)
        #expect(try await fixture.timeline.states(productID: 2).count == 1)
    }

    /// A change elsewhere after this dashboard's own write is known to have begun after it.
    @Test func aChangeAfterAWriteIsSeenAfterTheWrite() async throws {
        let fixture = try Fixture()
        let count1 = Fixture.snapshot([(1, 1000, 0)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: nil, new: count1)
        fixture.calendar.advance(days: 1)
        let written = fixture.calendar.now()
        await fixture.write(1, price: 1100)
        fixture.calendar.advance(days: 1)
        let count2 = Fixture.snapshot([(1, 1300, 0)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: count1, new: count2)
        let states = try await fixture.timeline.states(productID: 1)
        #expect(states.map(\.source) == [.elsewhere, .dashboard, .elsewhere])
        #expect(states.first?.seenAfter == written)
    }

    @Test func aRestartKeepsTheStatesAndTheLastOfEach() async throws {
        let fixture = try Fixture()
        let count1 = Fixture.snapshot([(1, 1000, 0)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: nil, new: count1)
        await fixture.write(2, price: 500)
        let restarted = try fixture.reopened()
        #expect(try await restarted.states(productID: 1).count == 1)
        #expect(try await restarted.states(productID: 2).count == 1)
        // The same prices counted after the restart add nothing.
        fixture.calendar.advance(days: 1)
        await restarted.catalogCounted(previous: nil, new: Fixture.snapshot([(1, 1000, 0), (2, 500, 0)], at: fixture.calendar.now()))
        #expect(try await restarted.states(productID: 1).count == 1)
        #expect(try await restarted.states(productID: 2).count == 1)
    }

    /// Retention drops a state only when the next one began before the cut-off: the state in
    /// effect at the cut-off stays, and the reference carries it in.
    @Test func retentionKeepsTheCarriedInState() async throws {
        let fixture = try Fixture(retentionDays: 10)
        for price in [Decimal(100), 200, 300] {
            await fixture.write(1, price: price)
            fixture.calendar.advance(days: 4)
        }
        // States at days 0, 4 and 8; now day 12, cut-off day 2: day 4's began after the
        // cut-off, so day 0's is the one in effect then, and all stay.
        await fixture.timeline.prune()
        #expect(try await fixture.timeline.states(productID: 1).map(\.price) == [300, 200, 100])
        // Now day 17, cut-off day 7: day 0's goes (day 4's began before the cut-off); day 4's
        // stays, in effect at the cut-off.
        fixture.calendar.advance(days: 5)
        await fixture.timeline.prune()
        #expect(try await fixture.timeline.states(productID: 1).map(\.price) == [300, 200])
        // Long after: the last state stays however old.
        fixture.calendar.advance(days: 100)
        await fixture.timeline.prune()
        #expect(try await fixture.timeline.states(productID: 1).map(\.price) == [300])
    }

    @Test func referencesForManyProductsAtOnce() async throws {
        let fixture = try Fixture()
        await fixture.write(1, price: 24000)
        await fixture.write(2, price: 30000)
        fixture.calendar.advance(days: 30)
        await fixture.write(1, price: 30000)
        fixture.calendar.advance(days: 10)
        await fixture.write(3, price: 5000)
        let sale = fixture.calendar.now()
        await fixture.write(1, price: 30000, discount: 9000)
        let references = try await fixture.timeline.references(for: [1, 2, 3, 4], saleStartsAt: sale)
        #expect(references[1] == .known(price: 24000, currency: .krw))
        #expect(references[2] == .known(price: 30000, currency: .krw))
        #expect(references[3] == .insufficient(knownFrom: nil))
        #expect(references[4] == .insufficient(knownFrom: nil))
        #expect(try await fixture.timeline.reference(for: 1, saleStartsAt: sale, days: 5) == .known(price: 30000, currency: .krw))
    }

    @Test func pastRecordsGoBeforeTheFirstStateSeen() async throws {
        let fixture = try Fixture()
        fixture.calendar.advance(days: 50)
        let firstSeen = fixture.calendar.now()
        await fixture.write(1, price: 30000)
        fixture.calendar.advance(days: 1)
        func record(_ id: Int, _ days: Double, _ price: Decimal) -> ImportedPrice {
            ImportedPrice(productID: id, at: firstSeen.addingTimeInterval(days * 86_400), price: price, discount: 0, currency: .krw)
        }
        let refused = try await fixture.timeline.importRefusals([
            record(1, -40, 24000), record(1, 0, 1), record(1, 5, 1), record(1, -40, 2), record(2, -3, 7),
        ])
        #expect(refused.map(\.code) == [.notBeforeFirstSeen, .inFuture, .duplicate])
        #expect(refused.map(\.index) == [1, 2, 3])
        #expect(refused.first?.firstSeen == firstSeen)
        await #expect(throws: ImportedPriceRefusal.self) { try await fixture.timeline.addImported([record(1, 0, 1)]) }
        #expect(try await fixture.timeline.states(productID: 1).count == 1)

        #expect(try await fixture.timeline.addImported([record(1, -40, 24000), record(2, -3, 7)]) == 2)
        let states = try await fixture.timeline.states(productID: 1)
        #expect(states.map(\.source) == [.dashboard, .imported])
        // Imported once: the same record again is a duplicate.
        let again = try await fixture.timeline.importRefusals([record(1, -40, 24000)])
        #expect(again.map(\.code) == [.duplicate])
        let reference = try await fixture.timeline.reference(for: 1, saleStartsAt: firstSeen.addingTimeInterval(86_400))
        #expect(reference == .known(price: 24000, currency: .krw))
    }
}
