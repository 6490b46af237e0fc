import Foundation
import SQLite

/// Reading the journal: a page at a time, newest first (`LIMIT`/`OFFSET` over the primary key,
/// or over `journal_by_product` for one product), so a page costs the same however long the
/// journal is, and memory holds one page.
extension HistoryJournal {
    package struct Page: Sendable {
        package var entries: [JournalEntry]
        /// Entries in the whole journal (or of the product).
        package var total: Int
    }

    /// Entries `offset..<offset+limit`, newest first, of every product or of `product`, made by
    /// anyone or by the account named `by` (compared without case, as `AccountName` compares).
    package func page(product: Int?, by: AccountName? = nil, offset: Int, limit: Int) async throws(DatabaseError) -> Page {
        try await database.background { db throws(SQLiteError) in
            let total = try Self.count(product: product, by: by, db)
            let entries = try Self.entries(product: product, by: by, before: nil, offset: offset, limit: limit, db)
            return Page(entries: entries, total: total)
        }
    }

    /// Entries older than entry `before` (from the newest when nil), newest first, at most
    /// `limit`, with the filters of `page`: what an export reads a share at a time, by the
    /// primary key, so each share costs the same however far down the journal it is.
    package func entries(product: Int?, by: AccountName?, before: Int?, limit: Int) async throws(DatabaseError) -> [JournalEntry] {
        try await database.background { db throws(SQLiteError) in
            try Self.entries(product: product, by: by, before: before, offset: 0, limit: limit, db)
        }
    }

    /// How many entries the filters keep. The statements are fixed texts (the connection
    /// prepares each once), one for each pair of filters, so each uses its index.
    private static func count(product: Int?, by: AccountName?, _ db: SQLiteConnection) throws(SQLiteError) -> Int {
        let total: Int? = switch (product, by) {
        case (nil, nil): try db.first("SELECT COUNT(*) FROM journal") { $0.integer(0) }
        case (let product?, nil): try db.first("SELECT COUNT(*) FROM journal WHERE product_id = ?", [.integer(product)]) { $0.integer(0) }
        case (nil, let by?): try db.first("SELECT COUNT(*) FROM journal WHERE by_key = ?", [.text(by.key)]) { $0.integer(0) }
        case (let product?, let by?):
            try db.first(
                "SELECT COUNT(*) FROM journal WHERE product_id = ? AND by_key = ?", [.integer(product), .text(by.key)]) { $0.integer(0) }
        }
        return total ?? 0
    }

    /// Entries with ids below `before` (all when nil) the filters keep, newest first, from
    /// `offset`, at most `limit`.
    private static func entries(
        product: Int?, by: AccountName?, before: Int?, offset: Int, limit: Int, _ db: SQLiteConnection
    ) throws(SQLiteError) -> [JournalEntry] {
        let below = SQLiteValue.integer(before ?? Int.max)
        let page: [SQLiteValue] = [below, .integer(limit), .integer(offset)]
        switch (product, by) {
        case (nil, nil):
            return try db.rows(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE id < ? ORDER BY id DESC LIMIT ? OFFSET ?
                """, page, entry(from:))
        case (let product?, nil):
            return try db.rows(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE product_id = ? AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?
                """, [.integer(product)] + page, entry(from:))
        case (nil, let by?):
            return try db.rows(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE by_key = ? AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?
                """, [.text(by.key)] + page, entry(from:))
        case (let product?, let by?):
            return try db.rows(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE product_id = ? AND by_key = ? AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?
                """, [.integer(product), .text(by.key)] + page, entry(from:))
        }
    }

    /// The names of the accounts the journal's entries were made by, each once (as it was last
    /// written), in the order of their comparison keys: what the history offers to filter by.
    package func accountNames() async throws(DatabaseError) -> [AccountName] {
        try await database.background { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT (SELECT by_account FROM journal AS latest WHERE latest.by_key = keys.by_key ORDER BY id DESC LIMIT 1)
                FROM (SELECT DISTINCT by_key FROM journal WHERE by_key IS NOT NULL) AS keys ORDER BY by_key
                """, []) { AccountName(stored: $0.text(0)) }
        }
    }

    /// Entry `id`, if the journal still holds it.
    package func entry(_ id: Int) async throws(DatabaseError) -> JournalEntry? {
        try await database.background { db throws(SQLiteError) in try Self.entry(id, db) }
    }

    /// The undo of entry `id` that was done, or may have been (in flight, or of unknown
    /// outcome); nil when it was never undone or every undo was refused.
    package func undo(of id: Int) async throws(DatabaseError) -> JournalEntry? {
        try await database.background { db throws(SQLiteError) in
            try db.first(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE target_entry = ? AND cause = 'undo' AND outcome != 'failed' ORDER BY id DESC LIMIT 1
                """, [.integer(id)], Self.entry(from:))
        }
    }

    /// The latest restore of recycle-bin item `entry` whose outcome is not known (in flight, or
    /// its answer lost and the market not yet shown to hold it once or not at all); nil when
    /// there is none. Another restore meanwhile could register the product twice.
    package func restoreInDoubt(of entry: Int) async throws(DatabaseError) -> JournalEntry? {
        try await database.background { db throws(SQLiteError) in
            try db.first(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE target_entry = ? AND cause = 'restore' AND outcome IN ('pending', 'unknown') ORDER BY id DESC LIMIT 1
                """, [.integer(entry)], Self.entry(from:))
        }
    }

    /// Of `ids`, those undone already (or being undone), each with its latest undo's entry,
    /// for the history page's buttons.
    package func undone(among ids: [Int]) async throws(DatabaseError) -> [Int: Int] {
        guard let low = ids.min(), let high = ids.max() else { return [:] }
        let found = try await database.background { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT target_entry, MAX(id) FROM journal
                WHERE cause = 'undo' AND outcome != 'failed' AND target_entry BETWEEN ? AND ? GROUP BY target_entry
                """, [.integer(low), .integer(high)]) { ($0.integer(0), $0.integer(1)) }
        }
        let wanted = Set(ids)
        return Dictionary(found.filter { wanted.contains($0.0) }, uniquingKeysWith: max)
    }

    static func entry(_ id: Int, _ db: SQLiteConnection) throws(SQLiteError) -> JournalEntry? {
        try db.first(
            """
            SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
            FROM journal WHERE id = ?
            """, [.integer(id)], entry(from:))
    }

    /// A row of the `SELECT id, at, kind, …, found_ids, by_account` lists above.
    static func entry(from row: SQLiteRow) -> JournalEntry {
        func optionalInt(_ column: Int32) -> Int? { row.isNull(column) ? nil : row.integer(column) }
        func fields(_ column: Int32) -> RecordedFields? { row.isNull(column) ? nil : RecordedFields(storedText: row.text(column)) }
        let failure: WriteError? = row.isNull(13) ? nil : WriteError(
            code: WriteError.Code(rawValue: row.text(13)) ?? .refused, marketMessage: row.isNull(14) ? nil : row.text(14))
        return JournalEntry(
            id: row.integer(0), at: StoredTime.date(milliseconds: row.integer(1)), kind: WriteKind(rawValue: row.text(2)) ?? .outside,
            productID: optionalInt(3), productName: row.text(4),
            cause: cause(row.text(5), batchID: optionalInt(6), batchRow: optionalInt(7), target: optionalInt(8)),
            by: row.isNull(20) ? nil : AccountName(stored: row.text(20)),
            before: fields(9), after: fields(10), outcome: JournalEntry.Outcome(rawValue: row.text(11)) ?? .unknown,
            result: fields(12), failure: failure, note: row.isNull(15) ? nil : JournalEntry.Note(storedText: row.text(15)),
            sentAt: optionalInt(16).map(StoredTime.date(milliseconds:)), checkedAt: optionalInt(17).map(StoredTime.date(milliseconds:)),
            knownIDs: knownIDs(row.text(18)), found: numbers(row.text(19)))
    }
}
