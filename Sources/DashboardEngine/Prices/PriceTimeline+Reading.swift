import Foundation
import MarketClient
import SQLite

extension PriceTimeline {
    /// One product's states, newest first (the price history page).
    package func states(productID: Int) async throws(DatabaseError) -> [PriceState] {
        try await database.background { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT at, seen_after, price, discount, currency, source FROM price_states
                WHERE product_id = ? ORDER BY at DESC, rowid DESC
                """, [.integer(productID)]
            ) { row in Self.state(row, from: 0) }
        }
    }

    /// The reference price of a sale starting at `saleStartsAt` for each of `productIDs`
    /// (`ReferencePrice.compute` over `days`, by default `referenceDays`), read in one query however many products there
    /// are: a preview of 10,000 rows asks once. A product with no state is insufficient with
    /// nothing known. `currencies` names a sale's currency by product when it is not the one
    /// in effect before the sale.
    package func references(
        for productIDs: [Int], saleStartsAt start: Date, days: Int? = nil, currencies: [Int: Currency] = [:]
    ) async throws(DatabaseError) -> [Int: ReferencePrice] {
        try await references(startingAt: Dictionary(productIDs.map { ($0, start) }, uniquingKeysWith: { first, _ in first }), days: days, currencies: currencies)
    }

    /// The reference price of each product's sale starting at its own instant (`starts`, by
    /// product), as `references(for:saleStartsAt:)` reads it: one query however many products.
    package func references(
        startingAt starts: [Int: Date], days: Int? = nil, currencies: [Int: Currency] = [:]
    ) async throws(DatabaseError) -> [Int: ReferencePrice] {
        guard !starts.isEmpty else { return [:] }
        let days = days ?? referenceDays
        let window = Double(days) * 86_400
        let wanted = "[" + starts.map { id, start in
            "[\(id),\(StoredTime.milliseconds(start)),\(StoredTime.milliseconds(start.addingTimeInterval(-window)))]"
        }.joined(separator: ",") + "]"
        // Per product: the state in effect at the window's start (the newest at or before it)
        // and every later one before the sale; with no such state, every state before the sale
        // (all inside the window: the answer is then insufficient from the first of them).
        let rows = try await database.background { db throws(SQLiteError) in
            try db.rows(
                """
                WITH wanted(id, start, window_start) AS MATERIALIZED (
                    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))
                SELECT s.product_id, s.at, s.seen_after, s.price, s.discount, s.currency, s.source
                FROM wanted
                JOIN price_states AS s ON s.product_id = wanted.id
                WHERE s.at < wanted.start AND s.at >= COALESCE(
                    (SELECT max(c.at) FROM price_states AS c WHERE c.product_id = wanted.id AND c.at <= wanted.window_start), 0)
                ORDER BY s.product_id, s.at
                """,
                [.text(wanted)]
            ) { row in (row.integer(0), Self.state(row, from: 1)) }
        }
        var byProduct: [Int: [PriceState]] = [:]
        for (id, state) in rows { byProduct[id, default: []].append(state) }
        var answers: [Int: ReferencePrice] = [:]
        for (id, start) in starts {
            answers[id] = ReferencePrice.compute(
                states: byProduct[id] ?? [], saleStartsAt: start, days: days, currency: currencies[id])
        }
        return answers
    }

    /// The reference of one product's sale starting at `saleStartsAt`.
    package func reference(
        for productID: Int, saleStartsAt start: Date, days: Int? = nil, currency: Currency? = nil
    ) async throws(DatabaseError) -> ReferencePrice {
        let currencies = currency.map { [productID: $0] } ?? [:]
        return try await references(for: [productID], saleStartsAt: start, days: days, currencies: currencies)[productID]
            ?? .insufficient(knownFrom: nil)
    }

    /// A state from a row whose columns from `first` on are at, seen_after, price, discount,
    /// currency and source.
    static func state(_ row: SQLiteRow, from first: Int32) -> PriceState {
        PriceState(
            at: StoredTime.date(milliseconds: row.integer(first)),
            seenAfter: row.isNull(first + 1) ? nil : StoredTime.date(milliseconds: row.integer(first + 1)),
            price: decimal(row.text(first + 2)), discount: decimal(row.text(first + 3)),
            currency: Currency(rawValue: row.text(first + 4)),
            source: PriceState.Source(rawValue: row.text(first + 5)) ?? .elsewhere)
    }
}
