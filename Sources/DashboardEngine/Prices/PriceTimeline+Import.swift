import Foundation
import MarketClient
import SQLite

/// One of the seller's past records of a product's price, to be added as an `imported` state.
package struct ImportedPrice: Sendable, Equatable {
    package var productID: Int
    package var at: Date
    package var price: Decimal
    /// The amount off.
    package var discount: Decimal
    package var currency: Currency

    package init(productID: Int, at: Date, price: Decimal, discount: Decimal, currency: Currency) {
        self.productID = productID
        self.at = at
        self.price = price
        self.discount = discount
        self.currency = currency
    }
}

/// Why a past record is not added: the timeline keeps what the dashboard saw, and past records
/// only reach back before it.
package struct ImportedPriceRefusal: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// At or after the first state this dashboard saw of the product (`firstSeen`).
        case notBeforeFirstSeen
        /// After the clock's now.
        case inFuture
        /// The same product and instant as another record, or as a state already kept.
        case duplicate
    }

    /// The record's position in the list given.
    package let index: Int
    package let code: Code
    /// For `notBeforeFirstSeen`: the first state's instant, which records must precede.
    package let firstSeen: Date?
}

extension PriceTimeline {
    /// What would refuse each record of `records` (none: all would be added), by position:
    /// for a preview, which shows every line's reason before anything is stored.
    package func importRefusals(_ records: [ImportedPrice]) async throws(DatabaseError) -> [ImportedPriceRefusal] {
        let now = clock.now()
        let ids = "[" + Set(records.map(\.productID)).map(String.init).joined(separator: ",") + "]"
        let known = try await database.background { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT s.product_id, s.at, s.source FROM json_each(?) AS wanted
                JOIN price_states AS s ON s.product_id = wanted.value
                WHERE s.source = 'imported' OR s.at = (
                    SELECT min(f.at) FROM price_states AS f WHERE f.product_id = wanted.value AND f.source <> 'imported')
                """, [.text(ids)]
            ) { row in (row.integer(0), row.integer(1), row.text(2)) }
        }
        var firstSeen: [Int: Date] = [:]
        var taken = Set<[Int]>()
        for (id, at, source) in known {
            if source == PriceState.Source.imported.rawValue {
                taken.insert([id, at])
            } else {
                firstSeen[id] = StoredTime.date(milliseconds: at)
            }
        }
        var refusals: [ImportedPriceRefusal] = []
        for (index, record) in records.enumerated() {
            let key = [record.productID, StoredTime.milliseconds(record.at)]
            if record.at > now {
                refusals.append(ImportedPriceRefusal(index: index, code: .inFuture, firstSeen: nil))
            } else if let first = firstSeen[record.productID], StoredTime.milliseconds(record.at) >= StoredTime.milliseconds(first) {
                refusals.append(ImportedPriceRefusal(index: index, code: .notBeforeFirstSeen, firstSeen: first))
            } else if !taken.insert(key).inserted {
                refusals.append(ImportedPriceRefusal(index: index, code: .duplicate, firstSeen: nil))
            }
        }
        return refusals
    }

    /// Adds `records` as `imported` states, all or none: the first refusal
    /// (`importRefusals`) is thrown and nothing is stored.
    package func addImported(_ records: [ImportedPrice]) async throws -> Int {
        if let refusal = try await importRefusals(records).first { throw refusal }
        await recorded()
        let states = records.map { record in
            (record.productID, PriceState(
                at: record.at, price: record.price, discount: record.discount, currency: record.currency, source: .imported))
        }
        try await database.background { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                for (id, state) in states { try Self.insert(state, of: id, db) }
            }
        }
        // A product with no state of its own yet compares its first sight with its newest record.
        for (id, state) in states { rememberImported(state, of: id) }
        // Records before a sale can cover its window: the sales of these products are worked out again.
        let onSale = last.withLock { last in Set(states.map(\.0)).filter { (last[$0]?.discount ?? 0) > 0 } }
        if !onSale.isEmpty {
            write([], refreshing: Array(onSale))
            await recorded()
        }
        return states.count
    }
}
