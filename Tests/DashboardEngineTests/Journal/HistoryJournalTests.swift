import Foundation
import MarketClient
import SQLite
import Testing

@testable import DashboardEngine

/// The journal as `MarketWriter` drives it: an entry committed before the write is sent, its
/// outcome after; what a restart finds; pruning; reading a page at a time.
@Suite struct HistoryJournalTests: ~Copyable {
    let fixture: JournalFixture

    init() throws {
        fixture = try JournalFixture()
    }

    deinit { fixture.remove() }

    static let before = RecordedFields(name: "Kettle", description: "Boils water.", price: 12000, currency: "KRW", discountedPrice: 0, stock: 7)

    func edit(_ id: Int, stock: Int, cause: WriteCause = .form) async throws -> WriteLogEntry? {
        var after = Self.before
        after.stock = stock
        return try await fixture.journal.admit(WriteIntent(kind: .edit, cause: cause, productID: id, before: Self.before, after: after))
    }

    @Test func anEntryIsCommittedBeforeTheWrite_andItsOutcomeAfter() async throws {
        let entry = try #require(try await edit(5, stock: 3))
        // Before the outcome: the entry is there, in flight. (The kill tests show it is on disk.)
        let pending = try #require(try await fixture.journal.entry(entry.id))
        #expect(pending.outcome == .pending)
        #expect(pending.kind == .edit && pending.productID == 5 && pending.productName == "Kettle")
        #expect(pending.changedFields == [.stock])
        #expect(pending.before?.price == 12000)

        var answered = Self.before
        answered.stock = 3
        await fixture.journal.recordOutcome(entry, .done(answered, productID: 5))
        let done = try #require(try await fixture.journal.entry(entry.id))
        #expect(done.outcome == .done)
        #expect(done.result == answered)
    }

    @Test func aRefusalKeepsTheMarketsWords_andAnUnknownOutcomeStaysUnknown() async throws {
        let refused = try #require(try await edit(5, stock: 3))
        await fixture.journal.recordOutcome(refused, .failed(WriteError(MarketError.rejected(status: 422, message: "stock too high"))))
        let unknown = try #require(try await edit(6, stock: 4))
        await fixture.journal.recordOutcome(unknown, .unknown)
        let first = try #require(try await fixture.journal.entry(refused.id))
        #expect(first.outcome == .failed)
        #expect(first.failure?.code == .refused && first.failure?.marketMessage == "stock too high")
        #expect(try await fixture.journal.entry(unknown.id)?.outcome == .unknown)
    }

    @Test func aWriteInFlightAtACrash_isInterruptedAfterTheRestart() async throws {
        let inFlight = try #require(try await edit(5, stock: 3))
        let finished = try #require(try await edit(6, stock: 2))
        await fixture.journal.recordOutcome(finished, .done(nil, productID: 6))
        let restarted = try fixture.reopen()
        let entry = try #require(try await restarted.journal.entry(inFlight.id))
        #expect(entry.outcome == .unknown)
        #expect(entry.note == .interrupted)
        #expect(try await restarted.journal.entry(finished.id)?.outcome == .done)
    }

    /// A create keeps the own products that had its name when it was sent, and "none" apart
    /// from "not known": a check takes the one product it finds for the create's only when the
    /// products known before are known.
    @Test func aCreatesKnownProducts_areKept_noneApartFromNotKnown() async throws {
        for known in [nil, [], [4, 9]] as [[Int]?] {
            var intent = WriteIntent(kind: .create, cause: .form, productID: nil, before: nil, after: Self.before)
            intent.knownIDs = known
            let entry = try #require(try await fixture.journal.admit(intent))
            #expect(try await fixture.journal.entry(entry.id)?.knownIDs == known, "\(String(describing: known))")
        }
    }

    @Test func causesAreKept() async throws {
        let batch = try #require(try await edit(5, stock: 1, cause: .batch(id: 7, row: 3)))
        let undo = try #require(try await fixture.journal.admit(WriteIntent(
            kind: .edit, cause: .undo(entry: batch.id), productID: 5, before: Self.before, after: Self.before)))
        #expect(try await fixture.journal.entry(batch.id)?.batch?.id == 7)
        #expect(try await fixture.journal.entry(batch.id)?.batch?.row == 3)
        let undoEntry = try #require(try await fixture.journal.entry(undo.id))
        #expect(undoEntry.kind == .undo)
        #expect(undoEntry.cause == .undo(entry: batch.id))
        #expect(try await fixture.journal.undo(of: batch.id)?.id == undo.id)
        #expect(try await fixture.journal.undone(among: [batch.id, undo.id]) == [batch.id: undo.id])
    }

    @Test func pages_newestFirst_ofEveryProductOrOne() async throws {
        var ids: [Int] = []
        for index in 0..<25 {
            let entry = try #require(try await edit(index % 2 == 0 ? 100 : 200, stock: index))
            ids.append(entry.id)
        }
        let first = try await fixture.journal.page(product: nil, offset: 0, limit: 10)
        #expect(first.total == 25)
        #expect(first.entries.map(\.id) == Array(ids.reversed().prefix(10)))
        let last = try await fixture.journal.page(product: nil, offset: 20, limit: 10)
        #expect(last.entries.map(\.id) == Array(ids.reversed().suffix(5)))
        let one = try await fixture.journal.page(product: 200, offset: 0, limit: 100)
        #expect(one.total == 12)
        #expect(one.entries.allSatisfy { $0.productID == 200 })
        #expect(one.entries.map(\.id) == one.entries.map(\.id).sorted(by: >))
    }

    @Test func entriesOlderThanTheRetention_goAtThePrune() async throws {
        let old = try #require(try await edit(5, stock: 3))
        fixture.calendar.advance(days: 60)
        let recent = try #require(try await edit(5, stock: 4))
        fixture.calendar.advance(days: 31)
        await fixture.journal.prune()
        #expect(try await fixture.journal.entry(old.id) == nil)
        #expect(try await fixture.journal.entry(recent.id) != nil)
        // Ids are never reused after a prune (the recycle bin names items by them).
        let next = try #require(try await edit(5, stock: 5))
        #expect(next.id > recent.id)
    }

    /// The newest entry pruned and the dashboard restarted: its number is not given again (a
    /// page still open on it, or a bin item named by it, never meets another entry).
    @Test func theNewestEntryPruned_andARestart_doNotFreeItsNumber() async throws {
        let last = try #require(try await edit(5, stock: 3))
        fixture.calendar.advance(days: 91)
        await fixture.journal.prune()
        #expect(try await fixture.journal.entry(last.id) == nil)
        let reopened = try fixture.reopen()
        var after = Self.before
        after.stock = 4
        let next = try #require(try await reopened.journal.admit(WriteIntent(kind: .edit, cause: .form, productID: 5, before: Self.before, after: after)))
        #expect(next.id > last.id)
    }

    @Test func storedFields_keepAmountsExactly() throws {
        let fields = RecordedFields(name: "“x” \"q\"", description: "a\nb", price: Decimal(string: "1234.5678901234567891"), currency: "USD",
                                    discountedPrice: Decimal(string: "0.01"), stock: 2_147_483_647)
        #expect(RecordedFields(storedText: fields.storedText) == fields)
        #expect(RecordedFields(storedText: RecordedFields(stock: 1).storedText) == RecordedFields(stock: 1))
        #expect(RecordedFields(storedText: "not json") == nil)
    }
}
