import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The journal's checks of writes whose answers were lost: nothing is read before the write's
/// deadline on the clock the test moves, nothing is ever sent, and the entry records what the
/// market showed, after a restart too.
@Suite struct HistoryJournalCheckTests: ~Copyable {
    let fixture: JournalFixture
    /// Starts on a whole second: the journal keeps times in milliseconds, so a deadline counted
    /// from the send is then exactly the seconds the test works out.
    let clock = ManualWallClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
    let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7, name: "Jar", stock: 3)])

    init() throws {
        fixture = try JournalFixture()
    }

    deinit { fixture.remove() }

    /// The fixture's journal with the checks a dashboard gives it, on the test's clock, writes
    /// timing out after a minute; a new one on the same data is what a restart opens.
    func journal() throws -> HistoryJournal {
        try HistoryJournal(
            database: fixture.database, writeEnds: fixture.bin, clock: clock,
            outcomeCheck: OutcomeCheck(api: market, ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), writeTimeout: 60))
    }

    /// Seconds from a write's send to its deadline: the minute's timeout and the 10 s margin
    /// (a third of the timeout, 20 s, is over the 10 s cap).
    static let deadline: TimeInterval = 70

    static let jar = RecordedFields(name: "New jar", description: "A jar for the check.", price: 4000, currency: "KRW", discountedPrice: 0, stock: 2)

    /// A create whose answer was lost, with `known` the own products known when it was sent.
    func lostCreate(_ journal: HistoryJournal, known: [Int]?) async throws -> Int {
        var intent = WriteIntent(kind: .create, cause: .form, productID: nil, before: nil, after: Self.jar)
        intent.knownIDs = known
        let entry = try #require(try await journal.admit(intent))
        await journal.recordOutcome(entry, .unknown)
        return entry.id
    }

    /// The market registered it: one product with its values, none of them known before.
    func registerJar() -> Int {
        market.state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            var jar = ScriptedMarket.product(id: id, name: "New jar", price: 4000, discount: 0)
            jar.summary.createdAt = Date()
            state.products[id] = jar
            return id
        }
    }

    /// Moves the clock past the deadline (the clock has not moved since the send) and waits for
    /// the checks; a check still running after `Patience.hangGuard` fails the test instead of
    /// hanging it.
    func pastTheDeadline(_ journal: HistoryJournal, sourceLocation: SourceLocation = #_sourceLocation) async {
        clock.advance(by: Self.deadline + 1)
        #expect(await finishes { await journal.waitForChecks() }, sourceLocation: sourceLocation)
    }

    @Test func aCreateFoundOnce_whenNoneWasKnown_isDone_asThatProduct() async throws {
        let journal = try journal()
        let sent = clock.now()
        let entry = try await lostCreate(journal, known: [])
        let made = registerJar()
        // The check sleeps until the deadline; a second before it, it still sleeps and has read
        // nothing.
        let clock = self.clock
        #expect(await finishes { await clock.waitForSleepers(1, .outcomeCheck) })
        #expect(clock.nextWake(.outcomeCheck).map { $0.timeIntervalSince(sent) } == Self.deadline, "the check wakes at the deadline")
        clock.advance(by: Self.deadline - 1)
        #expect(clock.sleepers(.outcomeCheck) == 1, "the check still sleeps a second before the deadline")
        #expect(market.received.isEmpty, "nothing is read before the deadline")
        #expect(try await journal.entry(entry)?.outcome == .unknown)
        await pastTheDeadline(journal)
        let checked = try #require(try await journal.entry(entry))
        #expect(checked.outcome == .done && checked.productID == made && checked.checkedAt != nil)
        #expect(market.writes.isEmpty)
    }

    /// Nothing known before it was sent: the one product found may have been there already.
    @Test func aCreateFoundOnce_whenNothingWasKnown_staysUnknown_withWhatWasFound() async throws {
        let journal = try journal()
        let entry = try await lostCreate(journal, known: nil)
        let made = registerJar()
        await pastTheDeadline(journal)
        let checked = try #require(try await journal.entry(entry))
        #expect(checked.outcome == .unknown && checked.found == [made] && checked.checkedAt != nil)
    }

    /// A write in flight at a crash is checked after the restart, past its deadline, and never
    /// sent again.
    @Test func anEditInFlightAtACrash_isCheckedAfterTheRestart() async throws {
        let before = RecordedFields(name: "Jar", stock: 3)
        let entry = try #require(try await journal().admit(WriteIntent(
            kind: .edit, cause: .form, productID: 7, before: before, after: RecordedFields(name: "Jar", stock: 9))))
        // The market carried it out; the dashboard stopped before its answer came.
        market.state.withLock { $0.products[7]?.summary.stock = 9 }
        let restarted = try journal()
        await restarted.resumeChecks()
        #expect(try await restarted.entry(entry.id)?.outcome == .unknown)
        await pastTheDeadline(restarted)
        let checked = try #require(try await restarted.entry(entry.id))
        #expect(checked.outcome == .done && checked.note == .interrupted && checked.result?.stock == 9)
        #expect(market.writes.isEmpty)
    }
}
