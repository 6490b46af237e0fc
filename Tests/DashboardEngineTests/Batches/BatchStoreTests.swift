import Foundation
import MarketClient
import Synchronization
import Testing

@testable import DashboardEngine

/// Batches in the dashboard's database: rows kept whole, states changed once, the in-flight
/// mark, images as bytes, and 30 days of keeping.
@Suite struct BatchStoreTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    func store(now: @escaping @Sendable () -> Date = { Date() }) throws -> BatchStore {
        let clock = ReadClock(read: now)
        return BatchStore(
            database: try DashboardDatabase(directory: folder.url, migrations: Engine.migrations, durable: false, clock: clock), clock: clock)
    }

    @Test func rowsComeBackAsTheyWereStored_numberedInOrder() throws {
        let store = try store()
        let id = try store.create(
            kind: .bulk, action: BatchAction(kind: .priceAdjust, value: -10, unit: .percent), source: "", notes: [],
            rows: [BatchRow.sample(1), BatchRow.sample(2, status: .invalid, operation: .none)])
        let batch = try #require(try store.batch(id))
        #expect(batch.state == .preview)
        #expect(batch.action == BatchAction(kind: .priceAdjust, value: -10, unit: .percent))
        let rows = try store.rows(id)
        var expected = BatchRow.sample(1)
        expected.batchID = id
        expected.number = 1
        #expect(rows.first == expected)
        #expect(rows.map(\.number) == [1, 2])
        let counts = try store.counts(id)
        #expect(counts[.pending] == 1 && counts[.invalid] == 1 && counts.pendingEdits == 1)
    }

    /// A note kept before notes kept their import cell reads with none, and one with a cell
    /// keeps it through the database's JSON.
    @Test func aNoteWithoutACell_readsAsBefore() throws {
        let old = try JSONDecoder().decode(BatchNote.self, from: Data(#"{"field":"price","code":"not-a-number"}"#.utf8))
        #expect(old == .field(.notANumber, on: .price))
        #expect(old.cell == nil)
        let kept = try JSONEncoder().encode(BatchNote.field(.currency, on: .currency, cell: "EUR"))
        #expect(String(decoding: kept, as: UTF8.self).contains(#""cell":"EUR""#))
        #expect(try JSONDecoder().decode(BatchNote.self, from: kept).cell == "EUR")
    }

    /// A bulk action's amount keeps its currency (`batches-6`); one without, a percent or a
    /// batch of no action, reads none.
    @Test func anActionsCurrency_isKept() throws {
        let store = try store()
        let amount = BatchAction(kind: .priceSet, value: 1000, unit: .amount, currency: .krw)
        let priced = try store.create(kind: .bulk, action: amount, source: "", notes: [], rows: [BatchRow.sample(1)])
        let percent = try store.create(
            kind: .bulk, action: BatchAction(kind: .priceAdjust, value: -10, unit: .percent), source: "", notes: [], rows: [BatchRow.sample(2)])
        let sheet = try store.create(kind: .sheet, action: nil, source: "", notes: [], rows: [BatchRow.sample(3)])
        #expect(try store.batch(priced)?.action == amount)
        #expect(try store.batch(percent)?.action?.currency == nil)
        #expect(try store.batch(sheet)?.action == nil)
        #expect(try store.recent().first { $0.id == priced }?.action?.currency == .krw)
    }

    /// The list of batches counts every recent batch in one query, batch by batch.
    @Test func theRecentBatchesCounts_areEachBatchsOwn() throws {
        let store = try store()
        let action = BatchAction(kind: .delete, value: 0, unit: .amount)
        let first = try store.create(kind: .bulk, action: action, source: "", notes: [], rows: [BatchRow.sample(1), BatchRow.sample(2, operation: .delete)])
        let second = try store.create(
            kind: .bulk, action: action, source: "", notes: [], rows: [BatchRow.sample(3, status: .invalid, operation: .none)])
        let counts = try store.countsOfRecent()
        #expect(counts == [first: try store.counts(first), second: try store.counts(second)])
        #expect(counts[first]?.pendingDeletes == 1 && counts[first]?.pendingEdits == 1 && counts[first]?.total == 2)
        #expect(counts[second]?[.invalid] == 1 && counts[second]?.total == 1)
        #expect(try store.countsOfRecent(limit: 1).keys.sorted() == [second], "only the most recent")
    }

    @Test func applyingStartsOnce() throws {
        let store = try store()
        let id = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1)])
        #expect(try store.startApplying(id))
        #expect(try !store.startApplying(id))
        #expect(try store.running() == [id])
        #expect(try !store.discard(id))
    }

    /// A row in flight at a stop may have reached the market: it is checked, not sent again.
    @Test func theInFlightMark_survivesAReopen_andIsClearedToChecking() throws {
        let id: Int
        do {
            let store = try store()
            id = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1), BatchRow.sample(2)])
            _ = try store.startApplying(id)
            try store.markInFlight(id, 1)
            try store.recordOutcome(id, 2, status: .done, productID: 2)
        }
        let reopened = try store()
        #expect(try reopened.row(id, 1)?.inFlight == true)
        #expect(try reopened.row(id, 1)?.attempts == 1)
        #expect(try reopened.clearInFlight(id) == 1)
        let row = try #require(try reopened.row(id, 1))
        #expect(!row.inFlight && row.status == .checking && row.attempts == 1)
        #expect(row.sentAt != nil, "the send time the check's deadline counts from")
        #expect(try reopened.row(id, 2)?.status == .done)
    }

    @Test func retryMakesTheFailedRowsPendingAgain() throws {
        let store = try store()
        let id = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1), BatchRow.sample(2)])
        _ = try store.startApplying(id)
        try store.recordOutcome(id, 1, status: .done)
        try store.recordOutcome(id, 2, status: .failed, failure: WriteError(code: .refused, marketMessage: "no"))
        #expect(try store.row(id, 2)?.failure == WriteError(code: .refused, marketMessage: "no"))
        #expect(try !store.startRetry(id))  // still running
        try store.finish(id)
        #expect(try store.startRetry(id))
        #expect(try store.rows(id).map(\.status) == [.done, .pending])
    }

    @Test func imagesAreKeptAsBytes_untilNoCreateNeedsThem() throws {
        let store = try store()
        let id = try store.begin(kind: .import, source: "products.csv")
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0) }
        let image = try store.addImage(id, ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: bytes))
        var create = BatchRow.sample(1, operation: .create)
        create.images = [image]
        let notes: [BatchNote] = [BatchNote(.columns(.unrecognised(["colour", "크기"]))), BatchNote(.columns(.computed(["vendor"])))]
        try store.addRows(id, [create], notes: notes)
        #expect(try store.image(image)?.bytes == bytes)
        #expect(try store.batch(id)?.notes == notes)
        _ = try store.startApplying(id)
        try store.recordOutcome(id, 1, status: .done, productID: 77)
        try store.finish(id)
        #expect(try store.image(image) == nil)
        #expect(try store.createdIDs(id) == [77])
    }

    @Test func batchesOlderThan30Days_arePruned_butNotOneStillApplying() throws {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000_000))
        let store = try store(now: { clock.withLock { $0 } })
        let old = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1)])
        let applying = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1)])
        _ = try store.startApplying(applying)
        clock.withLock { $0 += 29 * 86400 }
        let recent = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1)])
        #expect(try store.prune() == 0)
        clock.withLock { $0 += 2 * 86400 }
        #expect(try store.prune() == 1)
        #expect(try store.batch(old) == nil)
        #expect(try store.batch(applying) != nil && store.batch(recent) != nil)
        #expect(try store.rows(old).isEmpty)
    }
}
