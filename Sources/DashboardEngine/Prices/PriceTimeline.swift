import Foundation
import MarketClient
import ServerLogging
import SQLite
import Synchronization

/// Every product's price timeline (`price_states` in `DashboardDatabase`): a state each time
/// (price, discount, currency) differs from the product's last one, learned from this
/// dashboard's writes (a `WriteObserver` of `MarketWriter`: a `dashboard` state at the clock's
/// now) and from every catalog count (a `CountObserver`: an `elsewhere` state at the count's
/// `takenAt`, seen after the previous count), and from the seller's past records
/// (`addImported`). It never asks the market anything.
///
/// The last state of each product is kept in memory (read at start-up, one query), so a count
/// of 100,000 products compares without a query each. Rows are written in the background, in
/// the order they were learned; `recorded()` returns once every one so far is written. States
/// are kept `retentionDays` (400 by default): `prune` drops a state only when the one after it
/// began before the cut-off, so the state in effect at the cut-off stays and is carried in.
///
/// Beside each on-sale product's last state, memory keeps its sale's start and reference
/// (`currentSales`, `PriceTimeline+Sales.swift`): worked out for every product on sale at
/// start-up, and again, after its rows are written, for a product whose sale starts or
/// deepens, so a page reads them without a query.
package final class PriceTimeline: WriteObserver, CountObserver {
    /// The last state recorded of each product, compared with each new sight.
    struct Last: Sendable {
        var at: Date
        var price: Decimal
        var discount: Decimal
        var currency: Currency
        /// While the state is on sale: when the sale started and its reference; nil until it
        /// is worked out (`refreshSales`).
        var sale: SaleStart?

        init(at: Date, price: Decimal, discount: Decimal, currency: Currency, sale: SaleStart? = nil) {
            self.at = at
            self.price = price
            self.discount = discount
            self.currency = currency
            self.sale = sale
        }

        /// Whether this state is (price, discount, currency).
        func shows(_ price: Decimal, _ discount: Decimal, _ currency: Currency) -> Bool {
            self.price == price && self.discount == discount && self.currency == currency
        }
    }

    let database: DashboardDatabase
    package let retentionDays: Int
    /// The days of a sale's window (`--reference-days`), when a reader names none.
    package let referenceDays: Int
    let clock: any WallClock
    let logger: ServerLogger
    let last: Mutex<[Int: Last]>
    /// The last write of rows, which each next one waits for (they commit in order).
    private let writing = Mutex<Task<Void, Never>?>(nil)
    /// Writes of rows started and not yet finished (`isRecording`).
    private let unwritten = Atomic<Int>(0)
    /// Counts each change of a sale's start or reference (`salesRevision`).
    let salesChanges = Atomic<Int>(0)
    /// `currentSales()` as last made, for its revision.
    let salesMemo = Mutex<CurrentSales?>(nil)

    package static let defaultRetentionDays = 400

    init(
        database: DashboardDatabase, retentionDays: Int = defaultRetentionDays, referenceDays: Int = ReferencePrice.defaultDays,
        clock: any WallClock, logger: ServerLogger = ServerLogger(level: .off)
    ) throws(DatabaseError) {
        self.database = database
        self.retentionDays = retentionDays
        self.referenceDays = referenceDays
        self.clock = clock
        self.logger = logger
        let cutoff = clock.now().addingTimeInterval(-Double(retentionDays) * 86_400)
        let loaded = try database.use { db throws(SQLiteError) -> [(Int, Last)] in
            try Self.prune(db, before: cutoff)
            // One index probe per product: the skip-scan walks the distinct ids, and each id's
            // newest row is the last of its index range.
            return try db.rows(
                """
                WITH RECURSIVE ids(id) AS (
                    SELECT min(product_id) FROM price_states
                    UNION ALL
                    SELECT (SELECT min(product_id) FROM price_states WHERE product_id > ids.id) FROM ids WHERE ids.id IS NOT NULL
                )
                SELECT s.product_id, s.at, s.price, s.discount, s.currency FROM ids
                JOIN price_states s ON s.rowid = (
                    SELECT rowid FROM price_states WHERE product_id = ids.id ORDER BY at DESC, rowid DESC LIMIT 1)
                """
            ) { row in
                (row.integer(0), Last(
                    at: StoredTime.date(milliseconds: row.integer(1)), price: Self.decimal(row.text(2)),
                    discount: Self.decimal(row.text(3)), currency: Currency(rawValue: row.text(4))))
            }
        }
        let lastStates = Dictionary(loaded, uniquingKeysWith: { _, newer in newer })
        last = Mutex(lastStates)
        // Every product on sale has its sale worked out in the background, before any write.
        let onSale = lastStates.filter { $0.value.discount > 0 }.map(\.key)
        if !onSale.isEmpty { write([], refreshing: onSale) }
    }

    // MARK: Learning states

    /// A write the market answered: its product's state, as a `dashboard` state at the clock's
    /// now, when it differs from the last one.
    func marketWritten(_ effect: WriteEffect) {
        guard case .saved(let detail) = effect else { return }
        let summary = detail.summary
        let state = PriceState(
            at: clock.now(), price: summary.price.amount, discount: summary.discountedPrice.amount, currency: summary.currency,
            source: .dashboard)
        let (changed, startsSale) = last.withLock { last in
            let remembered = Self.remember(state, of: summary.id, in: &last)
            if remembered.changed { salesChanges.add(1, ordering: .relaxed) }
            return remembered
        }
        if changed { write([(summary.id, state)], refreshing: startsSale ? [summary.id] : []) }
    }

    /// A count: each product it holds whose state differs from its last one gets an
    /// `elsewhere` state at the count's start, seen after the previous count (or after this
    /// dashboard's own last state of it, when that is later). A product seen for the first time
    /// has no `seenAfter`. A partial count records the products it holds and no others.
    func catalogCounted(previous: CatalogSnapshot?, new: CatalogSnapshot) async {
        let now = clock.now()
        let (states, refreshing) = last.withLock { last -> ([(Int, PriceState)], [Int]) in
            var found: [(Int, PriceState)] = []
            var refreshing: [Int] = []
            for product in new.products {
                let known = last[product.id]
                if let known, known.shows(product.price, product.discountedPrice, product.currency) { continue }
                var at = new.takenAt
                var seenAfter: Date?
                if let known {
                    // A write of this dashboard after the count began is already in the count
                    // (the store applies it): the change elsewhere came after it.
                    if at <= known.at { at = max(now, known.at.addingTimeInterval(0.001)) }
                    seenAfter = max(previous?.takenAt ?? known.at, known.at)
                }
                let state = PriceState(
                    at: at, seenAfter: seenAfter, price: product.price, discount: product.discountedPrice,
                    currency: product.currency, source: .elsewhere)
                if Self.remember(state, of: product.id, in: &last).startsSale { refreshing.append(product.id) }
                found.append((product.id, state))
            }
            if !found.isEmpty { salesChanges.add(1, ordering: .relaxed) }
            return (found, refreshing)
        }
        if !states.isEmpty { write(states, refreshing: refreshing) }
        await recorded()
    }

    /// Keeps an imported state as the product's last one when it is newer than any kept.
    func rememberImported(_ state: PriceState, of productID: Int) {
        last.withLock { last in
            guard (last[productID]?.at).map({ $0 < state.at }) ?? true else { return }
            last[productID] = Last(at: state.at, price: state.price, discount: state.discount, currency: state.currency)
            salesChanges.add(1, ordering: .relaxed)
        }
    }

    /// Keeps `state` as the product's last one when it differs from it; returns whether it did,
    /// and whether the product's sale is to be worked out again (`startsSale`): the state is on
    /// sale and starts or deepens it, or no sale of the product is known yet. A state that
    /// stays on sale without going lower keeps the sale's start and reference.
    private static func remember(
        _ state: PriceState, of productID: Int, in last: inout [Int: Last]
    ) -> (changed: Bool, startsSale: Bool) {
        let known = last[productID]
        if let known, known.shows(state.price, state.discount, state.currency) { return (false, false) }
        var sale: SaleStart?
        if let known, let kept = known.sale, !ReferencePrice.startsOrDeepensSale(
            fromPrice: known.price, discount: known.discount, toPrice: state.price, discount: state.discount)
        {
            sale = kept
        }
        last[productID] = Last(at: state.at, price: state.price, discount: state.discount, currency: state.currency, sale: sale)
        return (true, state.discount > 0 && sale == nil)
    }

    /// Writes `states` in one transaction, after every earlier write; then works out again the
    /// sales of `refreshing` (`refreshSales`), from the rows as written.
    func write(_ states: [(Int, PriceState)], refreshing: [Int] = []) {
        let database = database
        let logger = logger
        unwritten.add(1, ordering: .relaxed)
        writing.withLock { previous in
            previous = Task { [previous, self] in
                defer { unwritten.subtract(1, ordering: .releasing) }
                await previous?.value
                if !states.isEmpty {
                    do {
                        try await database.background { db throws(SQLiteError) in
                            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                                for (id, state) in states { try Self.insert(state, of: id, db) }
                            }
                        }
                    } catch {
                        logger.log(.error, "prices: \(states.count) price state(s) could not be recorded: \(error)")
                    }
                }
                if !refreshing.isEmpty { await refreshSales(of: refreshing) }
            }
        }
    }

    /// Returns once every state learned so far is written.
    package func recorded() async {
        await writing.withLock { $0 }?.value
    }

    /// Whether a state learned is still being written, or the sales it changes worked out
    /// again: a page that reads them answers after `recorded()` rather than from what it
    /// would show a moment later.
    package var isRecording: Bool { unwritten.load(ordering: .acquiring) > 0 }

    static func insert(_ state: PriceState, of productID: Int, _ db: SQLiteConnection) throws(SQLiteError) {
        try db.run(
            "INSERT INTO price_states (product_id, at, seen_after, price, discount, currency, source) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .integer(productID), .integer(StoredTime.milliseconds(state.at)),
                state.seenAfter.map { .integer(StoredTime.milliseconds($0)) } ?? .null,
                .text(Self.text(state.price)), .text(Self.text(state.discount)), .text(state.currency.rawValue),
                .text(state.source.rawValue),
            ])
    }

    // MARK: Retention

    /// Drops the states past `retentionDays` (at start-up and daily): a state goes only when
    /// the state after it began at or before the cut-off, so the one in effect then stays.
    package func prune() async {
        let cutoff = clock.now().addingTimeInterval(-Double(retentionDays) * 86_400)
        do {
            try await database.background { db throws(SQLiteError) in try Self.prune(db, before: cutoff) }
        } catch {
            logger.log(.error, "prices: old price states could not be dropped: \(error)")
        }
    }

    private static func prune(_ db: SQLiteConnection, before cutoff: Date) throws(SQLiteError) {
        try db.run(
            """
            DELETE FROM price_states AS s WHERE s.at < ? AND EXISTS (
                SELECT 1 FROM price_states AS later WHERE later.product_id = s.product_id AND later.at > s.at AND later.at <= ?)
            """, [.integer(StoredTime.milliseconds(cutoff)), .integer(StoredTime.milliseconds(cutoff))])
    }

    // MARK: Stored values

    /// An amount as stored: its plain decimal text (`24000`, `12.5`).
    static func text(_ amount: Decimal) -> String {
        amount.description
    }

    /// A stored amount, read byte by byte (a reference lookup reads hundreds of thousands).
    static func decimal(_ text: String) -> Decimal {
        DecimalText.formAmount(text)?.decimal ?? Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(
            name: "price-states-1",
            sql: """
                CREATE TABLE price_states (
                    product_id INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    seen_after INTEGER,
                    price TEXT NOT NULL,
                    discount TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    source TEXT NOT NULL
                );
                CREATE INDEX price_states_by_product ON price_states (product_id, at);
                """)
    ]
}
