import Foundation
import MarketClient
import Synchronization
import Testing

@testable import DashboardEngine

/// What the counts of the catalog record as changed elsewhere: the comparison itself, and how
/// the journal tells a write of unknown outcome from a change made elsewhere
/// (`OutsideChangesRouteTests` has them end to end).
@Suite struct OutsideChangesTests {
    static func product(_ id: Int, name: String? = nil, price: Decimal = 1000, discount: Decimal = 0, stock: Int = 5) -> CatalogProduct {
        let summary = ProductSummary(
            id: id, vendorID: 1, name: name ?? "Product \(id)", description: "", thumbnail: nil, currency: .krw,
            price: Money(price), discountedPrice: Money(discount), stock: stock)
        return CatalogProduct(summary, vendorName: "v")
    }

    static func snapshot(_ products: [CatalogProduct], partial: Bool = false) -> CatalogSnapshot {
        CatalogSnapshot(products: products, takenAt: Date(), isPartial: partial, reportedTotal: products.count, generation: 1)
    }

    @Test func changedAppearedAndDisappeared_inIdOrder() {
        let old = Self.snapshot([Self.product(1), Self.product(2), Self.product(3), Self.product(4)])
        let new = Self.snapshot([
            Self.product(5), Self.product(4, stock: 0), Self.product(3), Self.product(2, name: "Renamed", price: 900, discount: 100),
        ])
        let found = OutsideChanges(from: old, to: new, limit: 100)
        #expect(found.notListed == 0)
        #expect(found.changes.map(\.productID) == [2, 4, 5, 1])
        #expect(found.changes.map(\.kind) == [.changed, .changed, .appeared, .disappeared])
        let renamed = found.changes[0]
        #expect(renamed.before?.name == "Product 2" && renamed.after?.name == "Renamed")
        #expect(renamed.after?.price == 900 && renamed.after?.discountedPrice == 100)
        #expect(renamed.after?.differences(from: renamed.before!) == [.name, .price, .discountedPrice])
        #expect(found.changes[1].after?.differences(from: found.changes[1].before!) == [.stock])
    }

    @Test func pastTheLimit_theRestIsCounted_notListed() {
        let old = Self.snapshot((1...50).map { Self.product($0) })
        let new = Self.snapshot((1...50).map { Self.product($0, stock: 0) })
        let found = OutsideChanges(from: old, to: new, limit: 20)
        #expect(found.changes.count == 20)
        #expect(found.notListed == 30)
    }

    @Test func aPartialCount_comparesOnlyProductsInBoth() {
        let old = Self.snapshot([Self.product(1), Self.product(2)], partial: true)
        let new = Self.snapshot([Self.product(2, stock: 9), Self.product(3)], partial: true)
        let found = OutsideChanges(from: old, to: new, limit: 100)
        #expect(found.changes.map(\.productID) == [2])
    }

    /// The time at 100,000 products is measured by `template-bench --outside` (see
    /// docs/benchmarks.md); here, that every change among many is found (a few thousand: a
    /// count of a debug build's snapshot costs seconds, taken from the suite's shared threads).
    @Test func fiveThousandProducts_everyChangeFound() {
        let products = (1...5_000).map { Self.product($0, price: Decimal($0)) }
        var changed = products
        for index in stride(from: 0, to: changed.count, by: 250) { changed[index].stock += 1 }
        changed.removeLast()
        let found = OutsideChanges(from: Self.snapshot(products), to: Self.snapshot(changed), limit: HistoryJournal.maxOutsidePerCount)
        #expect(found.changes.count == 21)
        #expect(found.changes.filter { $0.kind == .changed }.map(\.productID) == Array(stride(from: 1, to: 5_001, by: 250)))
        #expect(found.changes.last?.kind == .disappeared && found.changes.last?.productID == 5_000)
    }

    // MARK: The journal

    @Test func aWriteOfUnknownOutcome_thatTheCountShowsDone_isConfirmed_notOutside() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        let journal = fixture.journal
        let before = RecordedFields(name: "Kettle", price: 1000, currency: "KRW", discountedPrice: 0, stock: 5)
        var asked = before
        asked.stock = 2
        let unknown = try #require(try await journal.admit(WriteIntent(kind: .edit, cause: .form, productID: 7, before: before, after: asked)))
        await journal.recordOutcome(unknown, .unknown)
        let inFlight = try #require(try await journal.admit(WriteIntent(kind: .edit, cause: .form, productID: 8, before: before, after: asked)))
        let deleted = try await fixture.delete(fixture.product(id: 9), outcome: .unknown)

        await journal.record(OutsideChanges(
            from: Self.snapshot([Self.product(7), Self.product(8), Self.product(9), Self.product(10)]),
            to: Self.snapshot([Self.product(7, stock: 2), Self.product(8, stock: 2), Self.product(10, stock: 1)]), limit: 100))

        let confirmed = try #require(try await journal.entry(unknown.id))
        #expect(confirmed.outcome == .done && confirmed.note == .confirmedByCount)
        #expect(try await journal.entry(inFlight.id)?.outcome == .pending, "its own answer will tell")
        #expect(try await journal.entry(deleted)?.outcome == .done)
        #expect(try await fixture.bin.item(deleted)?.state == .deleted)
        let outside = try await journal.page(product: nil, offset: 0, limit: 100).entries.filter { $0.kind == .outside }
        #expect(outside.map(\.productID) == [10], "only the change nobody here made")
        #expect(outside.first?.before?.stock == 5 && outside.first?.after?.stock == 1)
        #expect(outside.first?.cause == nil)
    }

    @Test func aCountPastTheLimit_saysHowManyWereNotRecorded() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        let count = HistoryJournal.maxOutsidePerCount + 25
        await fixture.journal.catalogCounted(previous: Self.snapshot((1...count).map { Self.product($0) }), new: Self.snapshot((1...count).map { Self.product($0, stock: 0) }))
        let page = try await fixture.journal.page(product: nil, offset: 0, limit: 1)
        #expect(page.total == HistoryJournal.maxOutsidePerCount + 1)
        #expect(page.entries.first?.note == .notRecorded(25))
    }

    @Test func aFirstCount_recordsNothing() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        await fixture.journal.catalogCounted(previous: nil, new: Self.snapshot([Self.product(1)]))
        #expect(try await fixture.journal.page(product: nil, offset: 0, limit: 10).total == 0)
    }
}

/// The catalog store's side: each count that succeeds is handed on with the one it replaces,
/// in order, after its waiters were released; a failed count is not.
@Suite struct CountObserverTests {
    /// Records what it is handed; the first observation waits at `gate`: the store must not
    /// wait with it.
    final class Seen: CountObserver {
        let pairs = Mutex<[(previous: Int?, new: Int)]>([])
        let gate = Gate()

        func catalogCounted(previous: CatalogSnapshot?, new: CatalogSnapshot) async {
            if previous == nil { await gate.wait() }
            pairs.withLock { $0.append((previous?.generation, new.generation)) }
        }
    }

    @Test func eachCount_isHandedOnWithThePreviousOne_inOrder() async throws {
        let source = ScriptedMarket(numbered: 30)
        let seen = Seen()
        let gate = seen.gate
        let store = source.catalogStore(countObserver: seen)
        defer { store.shutdown() }
        store.startCount()
        let first = try #require(await store.waitForSnapshot(upTo: Patience.hangGuard).snapshot)
        source.add(ScriptedMarket.numbered(31))
        #expect(store.startCount(), "a second count starts while the observer still holds the first")
        await store.countEnded()
        source.state.withLock { $0.listFailure = .unreachable }
        #expect(store.startCount())
        await store.countEnded()
        #expect(seen.pairs.withLock { $0.isEmpty })
        gate.open()
        await store.countsObserved()
        let pairs = seen.pairs.withLock { $0 }
        #expect(pairs.map(\.previous) == [nil, first.generation])
        #expect(pairs.map(\.new) == [first.generation, first.generation + 1], "the failed count is not handed on")
    }
}
