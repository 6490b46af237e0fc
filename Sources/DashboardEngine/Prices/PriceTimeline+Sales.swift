import Foundation
import MarketClient
import SQLite

/// When an on-sale product's sale started, and the reference at that instant: kept in memory
/// beside its last state.
package struct SaleStart: Sendable, Equatable {
    /// The newest state that started or deepened the sale (`ReferencePrice.startsOrDeepensSale`
    /// against the state before it), the product on sale ever since.
    package var startedAt: Date
    /// The reference of a sale starting then (`ReferencePrice.compute` over `referenceDays`).
    package var reference: ReferencePrice
}

/// An on-sale product's sale as it stands: its latest state, when the sale started, and that
/// state's check against the sale's reference.
package struct CurrentSale: Sendable, Equatable {
    package var productID: Int
    package var startedAt: Date
    package var reference: ReferencePrice
    /// The latest state's struck-through price, amount off and currency.
    package var price: Decimal
    package var discount: Decimal
    package var currency: Currency

    /// The latest state against the reference: `above` when its struck-through price is higher.
    package var check: ReferenceCheck {
        reference.check(price: price, discount: discount, currency: currency)
    }
}

/// Every on-sale product's sale at one revision of the timeline (`PriceTimeline.currentSales`).
package struct CurrentSales: Sendable {
    /// Changes whenever a product's last state or a sale's start changes: two answers with the
    /// same revision are the same.
    package let revision: Int
    package let byProduct: [Int: CurrentSale]
    /// The products whose struck-through price is above their reference.
    package let aboveReference: Set<Int>

    init(revision: Int, byProduct: [Int: CurrentSale]) {
        self.revision = revision
        self.byProduct = byProduct
        aboveReference = Set(byProduct.values.filter { sale in
            if case .above = sale.check { return true }
            return false
        }.map(\.productID))
    }
}

extension PriceTimeline {
    /// The sale of `productID` when its latest state has a discount and its sale is worked out
    /// (nil otherwise). From memory: no query, no suspension.
    package func currentSale(productID: Int) -> CurrentSale? {
        last.withLock { last in last[productID].flatMap { Self.currentSale($0, of: productID) } }
    }

    /// Every on-sale product's sale whose start is worked out, from memory, made once per
    /// revision of the timeline (a page asks on every view).
    package func currentSales() -> CurrentSales {
        last.withLock { last in
            let revision = salesChanges.load(ordering: .relaxed)
            if let kept = salesMemo.withLock({ $0 }), kept.revision == revision { return kept }
            var sales: [Int: CurrentSale] = [:]
            for (id, state) in last where state.sale != nil {
                sales[id] = Self.currentSale(state, of: id)
            }
            let made = CurrentSales(revision: revision, byProduct: sales)
            salesMemo.withLock { $0 = made }
            return made
        }
    }

    private static func currentSale(_ state: Last, of productID: Int) -> CurrentSale? {
        guard state.discount > 0, let sale = state.sale else { return nil }
        return CurrentSale(
            productID: productID, startedAt: sale.startedAt, reference: sale.reference, price: state.price,
            discount: state.discount, currency: state.currency)
    }

    /// Works out the sales of `productIDs` from the rows as written: each on-sale product's
    /// start (`saleStart`, walking back from its newest state) and the reference then, two
    /// queries however many products. A product whose last state in memory is newer than its
    /// rows, or no longer on sale, is left to the next refresh, which its newer state asks for.
    func refreshSales(of productIDs: [Int]) async {
        let days = referenceDays
        do {
            let runs = try await database.background { db throws(SQLiteError) in try Self.saleRuns(of: productIDs, db) }
            var starts: [Int: Date] = [:]
            for (id, run) in runs {
                if let start = Self.saleStart(run) { starts[id] = start }
            }
            let references = try await self.references(startingAt: starts, days: days)
            last.withLock { last in
                for (id, start) in starts {
                    guard var state = last[id], state.discount > 0, let newest = runs[id]?.first,
                        StoredTime.milliseconds(newest.at) == StoredTime.milliseconds(state.at)
                    else { continue }
                    state.sale = SaleStart(startedAt: start, reference: references[id] ?? .insufficient(knownFrom: nil))
                    last[id] = state
                }
                salesChanges.add(1, ordering: .relaxed)
            }
        } catch {
            logger.log(.error, "prices: the sales of \(productIDs.count) product(s) could not be worked out: \(error)")
        }
    }

    /// The start of the sale a product's `run` ends in (its states newest first, down to the
    /// first without a discount or the first kept): the newest state that starts or deepens
    /// the sale against the one before it. The first state known, on sale, starts it (nothing
    /// is known before it, so its reference is insufficient). Nil when the newest has no discount.
    static func saleStart(_ run: [PriceState]) -> Date? {
        for (index, state) in run.enumerated() {
            guard state.discount > 0 else { return nil }
            let before = run.indices.contains(index + 1) ? run[index + 1] : nil
            if ReferencePrice.startsOrDeepensSale(
                fromPrice: before?.price, discount: before?.discount, toPrice: state.price, discount: state.discount)
            {
                return state.at
            }
        }
        return nil
    }

    /// Each product's states newest first, from its newest down to the first without a
    /// discount (or its first): one index probe a state, in one query.
    private static func saleRuns(of productIDs: [Int], _ db: SQLiteConnection) throws(SQLiteError) -> [Int: [PriceState]] {
        let ids = "[" + Set(productIDs).map(String.init).joined(separator: ",") + "]"
        let rows = try db.rows(
            """
            WITH RECURSIVE walk(product_id, rid, at, discount) AS (
                SELECT wanted.value, s.rowid, s.at, s.discount FROM json_each(?) AS wanted
                JOIN price_states AS s ON s.rowid = (
                    SELECT rowid FROM price_states WHERE product_id = wanted.value ORDER BY at DESC, rowid DESC LIMIT 1)
                UNION ALL
                SELECT walk.product_id, s.rowid, s.at, s.discount FROM walk
                JOIN price_states AS s ON s.rowid = (
                    SELECT rowid FROM price_states
                    WHERE product_id = walk.product_id AND at <= walk.at AND (at < walk.at OR rowid < walk.rid)
                    ORDER BY at DESC, rowid DESC LIMIT 1)
                WHERE CAST(walk.discount AS REAL) > 0
            )
            SELECT s.product_id, s.at, s.seen_after, s.price, s.discount, s.currency, s.source FROM walk
            JOIN price_states AS s ON s.rowid = walk.rid
            ORDER BY s.product_id, s.at DESC, s.rowid DESC
            """, [.text(ids)]
        ) { row in (row.integer(0), state(row, from: 1)) }
        var runs: [Int: [PriceState]] = [:]
        for (id, state) in rows { runs[id, default: []].append(state) }
        return runs
    }
}
