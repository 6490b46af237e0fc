import Foundation
import MarketClient
import SQLite
import Synchronization
import Testing

@testable import DashboardEngine

/// A batch's number is never given twice: not after a discard, a prune or a restart, and a
/// database made before numbers were kept keeps its batches under theirs. Every change a page
/// shows counts a revision, so a form drawn before it can tell.
@Suite struct BatchNumberTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    func store(now: @escaping @Sendable () -> Date = { Date() }) throws -> BatchStore {
        let clock = ReadClock(read: now)
        return BatchStore(
            database: try DashboardDatabase(directory: folder.url, migrations: Engine.migrations, durable: false, clock: clock), clock: clock)
    }

    @Test func aDiscardedBatchsNumber_isNotGivenAgain_andTheBatchSaysItWasDiscarded() throws {
        let store = try store()
        let first = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(58)])
        #expect(try store.discard(first))
        let second = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(55, operation: .delete)])
        #expect(second > first)
        let discarded = try #require(try store.batch(first))
        #expect(discarded.state == .discarded)
        #expect(try store.rows(first).map(\.status) == [.notSent], "its rows were never sent")
        #expect(try store.rows(first).map(\.productID) == [58], "and it still names what it would have changed")
        #expect(try !store.discard(first), "discarded once")
        #expect(try !store.startApplying(first), "a discarded batch is never applied")
    }

    @Test func theNewestBatchPruned_andARestart_doNotFreeItsNumber() throws {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000_000))
        var last: Int
        do {
            let store = try store(now: { clock.withLock { $0 } })
            _ = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1)])
            last = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(2)])
            clock.withLock { $0 += 31 * 86_400 }
            #expect(try store.prune() == 2)
            #expect(try store.recent().isEmpty)
            let afterPrune = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(3)])
            #expect(afterPrune > last)
            last = afterPrune
            #expect(try store.discard(afterPrune))
            clock.withLock { $0 += 31 * 86_400 }
            #expect(try store.prune() == 1, "a discarded batch goes with the others")
        }
        let reopened = try store(now: { clock.withLock { $0 } })
        #expect(try reopened.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(4)]) > last)
    }

    @Test func eachStepAPageShows_countsARevision() throws {
        let store = try store()
        let id = try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1), BatchRow.sample(2)])
        var seen = [try #require(try store.batch(id)).revision]
        let start = Date().addingTimeInterval(3600)
        func revision() throws -> Int { try #require(try store.batch(id)).revision }
        #expect(try store.schedule(id, startsAt: start, endsAt: nil))
        seen.append(try revision())
        #expect(try store.schedule(id, startsAt: start.addingTimeInterval(60), endsAt: nil), "moved")
        seen.append(try revision())
        #expect(try store.unschedule(id))
        seen.append(try revision())
        #expect(try store.startApplying(id))
        seen.append(try revision())
        try store.markInFlight(id, 1)
        try store.recordOutcome(id, 1, status: .done)
        #expect(try revision() == seen.last, "a row's progress is not a change of the batch's page")
        try store.recordOutcome(id, 2, status: .failed, failure: WriteError(code: .refused))
        try store.finish(id)
        seen.append(try revision())
        #expect(try store.startRetry(id))
        seen.append(try revision())
        #expect(seen == Array(seen.sorted()) && Set(seen).count == seen.count, "\(seen)")
    }

    /// A retry sends only what can succeed: not a row the market refused for good (values it
    /// does not take) or one whose product is gone.
    @Test func aRetry_resetsOnlyTheRowsItCanCarryOut() throws {
        let store = try store()
        let id = try store.create(
            kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1), BatchRow.sample(2), BatchRow.sample(3)])
        _ = try store.startApplying(id)
        try store.recordOutcome(id, 1, status: .failed, failure: WriteError(code: .unreachable))
        try store.recordOutcome(id, 2, status: .failed, failure: WriteError(code: .invalid))
        try store.recordOutcome(id, 3, status: .skipped, failure: WriteError(code: .notFound))
        try store.finish(id)
        let counts = try store.counts(id)
        #expect(counts[.failed] == 2 && counts.retryable == 1)
        #expect(counts.skippedBy == [.deleted: 1])
        #expect(try store.startRetry(id))
        #expect(try store.rows(id).map(\.status) == [.pending, .failed, .skipped])
    }

    /// A database from before: its batches keep their numbers and rows (the table is made
    /// anew under foreign keys that would cascade), a missed batch's rows read `not-sent`, and
    /// the next number follows the highest.
    @Test func aDatabaseFromBefore_keepsItsNumbersAndRows() throws {
        let before = Engine.migrations.prefix { $0.name != "batches-6" }
        do {
            let old = try DashboardDatabase(directory: folder.url, migrations: Array(before), durable: false, clock: ManualWallClock())
            try old.use { db throws(SQLiteError) in
                try db.execute("PRAGMA foreign_keys = ON")
                for (id, state) in [(3, "finished"), (7, "missed"), (9, "preview")] {
                    try db.run(
                        "INSERT INTO batches (id, kind, state, created_at, source, notes) VALUES (?, 'bulk', ?, 1000, '', '')",
                        [.integer(id), .text(state)])
                    try db.run(
                        "INSERT INTO batch_rows (batch_id, number, product_id, operation, status, name, currency) VALUES (?, 1, 5, 'edit', ?, 'Kettle', 'KRW')",
                        [.integer(id), .text(state == "finished" ? "done" : "pending")])
                }
            }
        }
        let store = try store()
        #expect(try store.recent().map(\.id) == [9, 7, 3])
        #expect(try store.rows(3).map(\.status) == [.done])
        #expect(try store.rows(7).map(\.status) == [.notSent])
        #expect(try store.rows(9).map(\.status) == [.pending])
        #expect(try store.create(kind: .bulk, action: nil, source: "", notes: [], rows: [BatchRow.sample(1)]) == 10)
        // Foreign keys are on again: a batch removed takes its rows with it.
        #expect(try store.discard(9))
        #expect(try store.prune() >= 0)
        try store.database.use { db throws(SQLiteError) in
            try db.run("DELETE FROM batches WHERE id = 3")
            #expect(try db.first("SELECT count(*) FROM batch_rows WHERE batch_id = 3") { $0.integer(0) } == 0)
        }
    }
}
