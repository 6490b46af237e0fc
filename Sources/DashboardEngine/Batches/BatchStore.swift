import Foundation
import MarketClient
import SQLite

/// Batches, their rows and the images their creates send, in the dashboard's database
/// (tables `batches`, `batch_rows`, `batch_images`; migrations `batches-1` to `batches-6`).
///
/// Every change of a row's state is its own transaction, committed (with `synchronous=FULL`)
/// before the dashboard acts on it: the in-flight mark is on disk before the write is sent,
/// so a restart knows which rows may have reached the market.
package final class BatchStore: Sendable {
    let database: DashboardDatabase
    /// The batches' times (made, finished, sent).
    let clock: any WallClock

    package init(database: DashboardDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    /// How long finished batches are kept, in days (as the pages say) and in seconds.
    package static let keptDays = 30
    static let keptFor: TimeInterval = TimeInterval(keptDays) * 24 * 3600

    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(
            name: "batches-1",
            sql: """
                CREATE TABLE batches (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    state TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    finished_at INTEGER,
                    action TEXT NOT NULL DEFAULT '',
                    value TEXT NOT NULL DEFAULT '',
                    unit TEXT NOT NULL DEFAULT '',
                    source TEXT NOT NULL DEFAULT '',
                    notes TEXT NOT NULL DEFAULT ''
                );
                CREATE INDEX batches_by_state ON batches (state);
                CREATE TABLE batch_rows (
                    batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
                    number INTEGER NOT NULL,
                    line INTEGER,
                    product_id INTEGER,
                    operation TEXT NOT NULL,
                    status TEXT NOT NULL,
                    name TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    old_name TEXT, old_description TEXT, old_price TEXT, old_currency TEXT, old_discount TEXT, old_stock INTEGER,
                    new_name TEXT, new_description TEXT, new_price TEXT, new_currency TEXT, new_discount TEXT, new_stock INTEGER,
                    problems TEXT NOT NULL DEFAULT '',
                    warnings TEXT NOT NULL DEFAULT '',
                    failure TEXT NOT NULL DEFAULT '',
                    market_message TEXT,
                    images TEXT NOT NULL DEFAULT '',
                    known_ids TEXT NOT NULL DEFAULT '',
                    in_flight INTEGER NOT NULL DEFAULT 0,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (batch_id, number)
                ) WITHOUT ROWID;
                CREATE INDEX batch_rows_by_status ON batch_rows (batch_id, status);
                CREATE TABLE batch_images (
                    id INTEGER PRIMARY KEY,
                    batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
                    filename TEXT NOT NULL,
                    content_type TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );
                CREATE INDEX batch_images_by_batch ON batch_images (batch_id);
                """),
        // Notes, problems and warnings stored as sentences become codes.
        SQLiteMigration(name: "batches-2", run: BatchNoteMigration.run),
        // A sheet row's fields that were left alone because they changed elsewhere.
        SQLiteMigration(name: "batches-3", sql: "ALTER TABLE batch_rows ADD COLUMN elsewhere TEXT NOT NULL DEFAULT ''"),
        // Schedules: when a batch starts and ends on its own, when each happened, and the
        // batch that put back what it set (milliseconds since 1970, UTC).
        SQLiteMigration(
            name: "batches-4",
            sql: """
                ALTER TABLE batches ADD COLUMN starts_at INTEGER;
                ALTER TABLE batches ADD COLUMN ends_at INTEGER;
                ALTER TABLE batches ADD COLUMN started_at INTEGER;
                ALTER TABLE batches ADD COLUMN ended_at INTEGER;
                ALTER TABLE batches ADD COLUMN revert_id INTEGER;
                """),
        // When each row's write was sent (a lost answer is checked after its deadline) and
        // the products a check found for a create it could not decide.
        SQLiteMigration(
            name: "batches-5",
            sql: """
                ALTER TABLE batch_rows ADD COLUMN sent_at INTEGER;
                ALTER TABLE batch_rows ADD COLUMN found_ids TEXT NOT NULL DEFAULT '';
                """),
        // Batch numbers are never given twice (AUTOINCREMENT: not after a discard or a prune
        // either), and each batch counts its revisions, so that a page drawn before a change
        // acts on nothing. The table is made anew, as SQLite's ALTER TABLE cannot add
        // AUTOINCREMENT; `DashboardDatabase` applies migrations with foreign keys off, so
        // dropping the old table deletes no row. Rows of batches that missed their time were
        // never sent and never will be: `not-sent`.
        SQLiteMigration(
            name: "batches-6",
            sql: """
                CREATE TABLE batches_numbered (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    state TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    finished_at INTEGER,
                    action TEXT NOT NULL DEFAULT '',
                    value TEXT NOT NULL DEFAULT '',
                    unit TEXT NOT NULL DEFAULT '',
                    source TEXT NOT NULL DEFAULT '',
                    notes TEXT NOT NULL DEFAULT '',
                    starts_at INTEGER,
                    ends_at INTEGER,
                    started_at INTEGER,
                    ended_at INTEGER,
                    revert_id INTEGER,
                    revision INTEGER NOT NULL DEFAULT 1
                );
                INSERT INTO batches_numbered (id, kind, state, created_at, finished_at, action, value, unit, source, notes,
                    starts_at, ends_at, started_at, ended_at, revert_id)
                SELECT id, kind, state, created_at, finished_at, action, value, unit, source, notes,
                    starts_at, ends_at, started_at, ended_at, revert_id
                FROM batches;
                DROP TABLE batches;
                ALTER TABLE batches_numbered RENAME TO batches;
                CREATE INDEX batches_by_state ON batches (state);
                CREATE TRIGGER batches_revision AFTER UPDATE OF state, starts_at, ends_at, revert_id ON batches
                BEGIN
                    UPDATE batches SET revision = revision + 1 WHERE id = NEW.id;
                END;
                UPDATE batch_rows SET status = 'not-sent'
                WHERE status = 'pending' AND batch_id IN (SELECT id FROM batches WHERE state = 'missed');
                """),
        // The currency a bulk action's amount is read in (empty: none, or a batch made
        // before it was kept).
        SQLiteMigration(name: "batches-7", sql: "ALTER TABLE batches ADD COLUMN currency TEXT NOT NULL DEFAULT ''"),
        // Who made the preview and who applied or scheduled it (account names as shown; NULL
        // with accounts off, and for batches made before).
        SQLiteMigration(
            name: "batches-8",
            sql: """
                ALTER TABLE batches ADD COLUMN made_by TEXT;
                ALTER TABLE batches ADD COLUMN applied_by TEXT;
                """),
    ]

    // MARK: Making a batch

    /// A new batch in preview with `rows`, numbered from 1 in order, made by `by`. One
    /// transaction.
    package func create(
        kind: Batch.Kind, action: BatchAction?, source: String, notes: [BatchNote], rows: [BatchRow], by: AccountName?
    ) throws(DatabaseError) -> Int {
        try database.use { db throws(SQLiteError) -> Int in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Int in
                let batchID = try insertBatch(kind: kind, action: action, source: source, notes: notes, by: by, db)
                try insert(rows, batchID: batchID, db)
                return batchID
            }
        }
    }

    /// A new batch in preview with no rows yet, for an import that stores its images first
    /// (one at a time, never all in memory), then its rows (`addRows`).
    package func begin(kind: Batch.Kind, source: String, by: AccountName?) throws(DatabaseError) -> Int {
        try database.use { db throws(SQLiteError) -> Int in
            try insertBatch(kind: kind, action: nil, source: source, notes: [], by: by, db)
        }
    }

    /// Keeps an image a create of the batch will send; returns its id.
    package func addImage(_ batchID: Int, _ image: ImageUpload) throws(DatabaseError) -> Int {
        try database.use { db throws(SQLiteError) -> Int in
            try db.run(
                "INSERT INTO batch_images (batch_id, filename, content_type, bytes) VALUES (?, ?, ?, ?)",
                [.integer(batchID), .text(image.filename), .text(image.contentType), .blob(image.bytes)])
            return db.lastInsertRowID
        }
    }

    /// The rows of a batch `begin` made, and its notes. One transaction.
    package func addRows(_ batchID: Int, _ rows: [BatchRow], notes: [BatchNote]) throws(DatabaseError) {
        try database.use { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                try db.run("UPDATE batches SET notes = ? WHERE id = ?", [.text(Self.encode(notes)), .integer(batchID)])
                try insert(rows, batchID: batchID, db)
            }
        }
    }

    /// `by` made it; a batch that starts running at once (a window's revert) is applied by
    /// `by` too.
    func insertBatch(
        kind: Batch.Kind, action: BatchAction?, source: String, notes: [BatchNote], state: Batch.State = .preview, by: AccountName?,
        _ db: SQLiteConnection
    ) throws(SQLiteError) -> Int {
        try db.run(
            """
            INSERT INTO batches (kind, state, created_at, action, value, unit, source, notes, currency, made_by, applied_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(kind.rawValue), .text(state.rawValue), .integer(Int(clock.now().timeIntervalSince1970)), .text(action?.kind.rawValue ?? ""),
                .text(action.map { "\($0.value)" } ?? ""), .text(action?.unit.rawValue ?? ""), .text(source), .text(Self.encode(notes)),
                .text(action?.currency?.rawValue ?? ""), .optional(by?.text), state == .preview ? .null : .optional(by?.text),
            ])
        return db.lastInsertRowID
    }

    func insert(_ rows: [BatchRow], batchID: Int, _ db: SQLiteConnection) throws(SQLiteError) {
        for (index, row) in rows.enumerated() {
            var row = row
            row.batchID = batchID
            row.number = index + 1
            try insert(row, db)
        }
    }

    private func insert(_ row: BatchRow, _ db: SQLiteConnection) throws(SQLiteError) {
        try db.run(
            """
            INSERT INTO batch_rows (batch_id, number, line, product_id, operation, status, name, currency,
                old_name, old_description, old_price, old_currency, old_discount, old_stock,
                new_name, new_description, new_price, new_currency, new_discount, new_stock,
                problems, warnings, failure, market_message, images, known_ids, in_flight, attempts, elsewhere, sent_at, found_ids)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(row.batchID), .integer(row.number), .optional(row.line), .optional(row.productID),
                .text(row.operation.rawValue), .text(row.status.rawValue), .text(row.name), .text(row.currency),
            ] + Self.values(row.before) + Self.values(row.after) + [
                .text(Self.encode(row.problems)), .text(Self.encode(row.warnings)), .text(row.failure?.code.rawValue ?? ""),
                .optional(row.failure?.marketMessage), .text(Self.list(row.images)), .text(Self.list(row.knownIDs)),
                .integer(row.inFlight ? 1 : 0), .integer(row.attempts), .text(row.elsewhere.isEmpty ? "" : row.elsewhere.storedText),
                .optional(row.sentAt.map(StoredTime.milliseconds)), .text(Self.list(row.found)),
            ])
    }

    // MARK: Reading

    package func batch(_ id: Int) throws(DatabaseError) -> Batch? {
        try database.use { db throws(SQLiteError) in
            try db.first(
                """
                SELECT id, kind, state, created_at, finished_at, action, value, unit, source, notes,
                    starts_at, ends_at, started_at, ended_at, revert_id, revision, currency, made_by, applied_by
                FROM batches WHERE id = ?
                """,
                [.integer(id)], Self.readBatch)
        }
    }

    /// The newest batches first, at most `limit`.
    package func recent(limit: Int = 100) throws(DatabaseError) -> [Batch] {
        try database.use { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT id, kind, state, created_at, finished_at, action, value, unit, source, notes,
                    starts_at, ends_at, started_at, ended_at, revert_id, revision, currency, made_by, applied_by
                FROM batches ORDER BY id DESC LIMIT ?
                """,
                [.integer(limit)], Self.readBatch)
        }
    }

    /// The batches that undo `batchID` (made by its Undo: kind undo, its number as their
    /// source), newest first. A window's own revert is its `revert_id`, not among them.
    package func undoes(of batchID: Int) throws(DatabaseError) -> [Batch] {
        try database.use { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT id, kind, state, created_at, finished_at, action, value, unit, source, notes,
                    starts_at, ends_at, started_at, ended_at, revert_id, revision, currency, made_by, applied_by
                FROM batches WHERE kind = 'undo' AND source = ? AND id NOT IN (SELECT revert_id FROM batches WHERE id = ? AND revert_id IS NOT NULL)
                ORDER BY id DESC
                """,
                [.text(String(batchID)), .integer(batchID)], Self.readBatch)
        }
    }

    /// Whether `batchID` can be undone now (`Batch.undo(counts:undoes:)`), with the batch;
    /// nil when there is no such batch.
    package func undoState(_ batchID: Int) throws(DatabaseError) -> (batch: Batch, undo: BatchUndo)? {
        guard let batch = try batch(batchID) else { return nil }
        return (batch, batch.undo(counts: try counts(batchID), undoes: try undoes(of: batchID)))
    }

    /// Batches that were applying when the dashboard stopped (or are applying now).
    func running() throws(DatabaseError) -> [Int] {
        try database.use { db throws(SQLiteError) in
            try db.rows("SELECT id FROM batches WHERE state = 'running' ORDER BY id", []) { $0.integer(0) }
        }
    }

    package func counts(_ batchID: Int) throws(DatabaseError) -> BatchCounts {
        try database.use { db throws(SQLiteError) -> BatchCounts in
            let rows = try db.rows(
                "SELECT status, operation, failure, count(*) FROM batch_rows WHERE batch_id = ? GROUP BY status, operation, failure",
                [.integer(batchID)]
            ) { ($0.text(0), $0.text(1), $0.text(2), $0.integer(3)) }
            return rows.reduce(into: BatchCounts()) { counts, row in counts.add(row.3, status: row.0, operation: row.1, failure: row.2) }
        }
    }

    /// The counts of the `limit` most recent batches (those `recent(limit:)` gives), in one
    /// query rather than one per batch.
    package func countsOfRecent(limit: Int = 100) throws(DatabaseError) -> [Int: BatchCounts] {
        try database.use { db throws(SQLiteError) -> [Int: BatchCounts] in
            let rows = try db.rows(
                """
                SELECT batch_id, status, operation, failure, count(*) FROM batch_rows
                WHERE batch_id IN (SELECT id FROM batches ORDER BY id DESC LIMIT ?) GROUP BY batch_id, status, operation, failure
                """,
                [.integer(limit)]
            ) { ($0.integer(0), $0.text(1), $0.text(2), $0.text(3), $0.integer(4)) }
            return rows.reduce(into: [:]) { counts, row in
                counts[row.0, default: BatchCounts()].add(row.4, status: row.1, operation: row.2, failure: row.3)
            }
        }
    }

    /// Rows in order, `limit` from `offset`, of one status or all.
    package func rows(_ batchID: Int, status: BatchRow.Status? = nil, offset: Int = 0, limit: Int = .max) throws(DatabaseError) -> [BatchRow] {
        try database.use { db throws(SQLiteError) in
            if let status {
                return try db.rows(
                    """
                    SELECT batch_id, number, line, product_id, operation, status, name, currency,
                        old_name, old_description, old_price, old_currency, old_discount, old_stock,
                        new_name, new_description, new_price, new_currency, new_discount, new_stock,
                        problems, warnings, failure, market_message, images, known_ids, in_flight, attempts, elsewhere, sent_at, found_ids
                    FROM batch_rows WHERE batch_id = ? AND status = ? ORDER BY number LIMIT ? OFFSET ?
                    """,
                    [.integer(batchID), .text(status.rawValue), .integer(limit), .integer(offset)], Self.readRow)
            }
            return try db.rows(
                """
                SELECT batch_id, number, line, product_id, operation, status, name, currency,
                    old_name, old_description, old_price, old_currency, old_discount, old_stock,
                    new_name, new_description, new_price, new_currency, new_discount, new_stock,
                    problems, warnings, failure, market_message, images, known_ids, in_flight, attempts, elsewhere, sent_at, found_ids
                FROM batch_rows WHERE batch_id = ? ORDER BY number LIMIT ? OFFSET ?
                """,
                [.integer(batchID), .integer(limit), .integer(offset)], Self.readRow)
        }
    }

    func row(_ batchID: Int, _ number: Int) throws(DatabaseError) -> BatchRow? {
        try database.use { db throws(SQLiteError) in
            try db.first(
                """
                SELECT batch_id, number, line, product_id, operation, status, name, currency,
                    old_name, old_description, old_price, old_currency, old_discount, old_stock,
                    new_name, new_description, new_price, new_currency, new_discount, new_stock,
                    problems, warnings, failure, market_message, images, known_ids, in_flight, attempts, elsewhere, sent_at, found_ids
                FROM batch_rows WHERE batch_id = ? AND number = ?
                """,
                [.integer(batchID), .integer(number)], Self.readRow)
        }
    }

    /// Pending rows after `number`, in order, at most `limit` (the runner's next share).
    func pending(_ batchID: Int, after number: Int, limit: Int) throws(DatabaseError) -> [BatchRow] {
        try database.use { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT batch_id, number, line, product_id, operation, status, name, currency,
                    old_name, old_description, old_price, old_currency, old_discount, old_stock,
                    new_name, new_description, new_price, new_currency, new_discount, new_stock,
                    problems, warnings, failure, market_message, images, known_ids, in_flight, attempts, elsewhere, sent_at, found_ids
                FROM batch_rows WHERE batch_id = ? AND status = 'pending' AND number > ? ORDER BY number LIMIT ?
                """,
                [.integer(batchID), .integer(number), .integer(limit)], Self.readRow)
        }
    }

    /// Product ids the batch's done creates registered (so a check after a restart does not
    /// claim one product for two rows).
    func createdIDs(_ batchID: Int) throws(DatabaseError) -> Set<Int> {
        try database.use { db throws(SQLiteError) in
            Set(try db.rows(
                "SELECT product_id FROM batch_rows WHERE batch_id = ? AND operation = 'create' AND product_id IS NOT NULL",
                [.integer(batchID)]) { $0.integer(0) })
        }
    }

    func image(_ id: Int) throws(DatabaseError) -> ImageUpload? {
        try database.use { db throws(SQLiteError) in
            try db.first("SELECT filename, content_type, bytes FROM batch_images WHERE id = ?", [.integer(id)]) {
                ImageUpload(filename: $0.text(0), contentType: $0.text(1), bytes: $0.blob(2))
            }
        }
    }

    // MARK: State changes

    /// preview → running, once, applied by `by`: false when the batch was not in preview
    /// (applied already).
    package func startApplying(_ batchID: Int, by: AccountName?) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.run(
                "UPDATE batches SET state = 'running', applied_by = ? WHERE id = ? AND state = 'preview'",
                [.optional(by?.text), .integer(batchID)])
            return db.changes == 1
        }
    }

    /// finished → running with the failed rows a retry can carry out pending again
    /// (`BatchRow.canRetry`), retried by `by` (whose name the retried rows' writes carry):
    /// false when the batch is not finished or has no such row.
    package func startRetry(_ batchID: Int, by: AccountName?) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Bool in
                guard try db.first("SELECT state FROM batches WHERE id = ?", [.integer(batchID)], { $0.text(0) }) == "finished" else {
                    return false
                }
                // A row whose write may have been done keeps its code until its check: its
                // attempts say a write was sent.
                try db.run(
                    """
                    UPDATE batch_rows SET status = 'pending', failure = '', market_message = NULL
                    WHERE batch_id = ? AND status = 'failed' AND failure NOT IN ('invalid', 'not-found')
                    """,
                    [.integer(batchID)])
                guard db.changes > 0 else { return false }
                try db.run(
                    "UPDATE batches SET state = 'running', finished_at = NULL, applied_by = ? WHERE id = ?",
                    [.optional(by?.text), .integer(batchID)])
                return true
            }
        }
    }

    func finish(_ batchID: Int) throws(DatabaseError) {
        try database.use { db throws(SQLiteError) in
            try db.run(
                "UPDATE batches SET state = 'finished', finished_at = ? WHERE id = ? AND state = 'running'",
                [.integer(Int(clock.now().timeIntervalSince1970)), .integer(batchID)])
            // Images are kept only while a create may still need them.
            let waiting = try db.first(
                "SELECT count(*) FROM batch_rows WHERE batch_id = ? AND operation = 'create' AND status IN ('pending', 'failed', 'checking', 'unknown')",
                [.integer(batchID)]) { $0.integer(0) } ?? 0
            if waiting == 0 { try db.run("DELETE FROM batch_images WHERE batch_id = ?", [.integer(batchID)]) }
        }
    }

    /// Discards a batch in preview (Discard): it stays, `discarded`, its rows `not-sent`, until
    /// it is pruned, so a page drawn before says what became of it; its images go. False when
    /// it was no longer in preview.
    package func discard(_ batchID: Int) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Bool in
                try db.run(
                    "UPDATE batches SET state = 'discarded', finished_at = ? WHERE id = ? AND state = 'preview'",
                    [.integer(Int(clock.now().timeIntervalSince1970)), .integer(batchID)])
                guard db.changes == 1 else { return false }
                try db.run("UPDATE batch_rows SET status = 'not-sent' WHERE batch_id = ? AND status = 'pending'", [.integer(batchID)])
                try db.run("DELETE FROM batch_images WHERE batch_id = ?", [.integer(batchID)])
                return true
            }
        }
    }

    /// The in-flight mark and the send time, committed just before the write is sent.
    func markInFlight(_ batchID: Int, _ number: Int) throws(DatabaseError) {
        let time = SQLiteValue.integer(StoredTime.milliseconds(clock.now()))
        try database.use { db throws(SQLiteError) in
            try db.run(
                "UPDATE batch_rows SET in_flight = 1, attempts = attempts + 1, sent_at = ? WHERE batch_id = ? AND number = ?",
                [time, .integer(batchID), .integer(number)])
        }
    }

    /// A row whose write's answer was lost: checked with the market after its deadline.
    func startChecking(_ batchID: Int, _ number: Int) throws(DatabaseError) {
        try database.use { db throws(SQLiteError) in
            try db.run(
                "UPDATE batch_rows SET status = 'checking', in_flight = 0 WHERE batch_id = ? AND number = ?",
                [.integer(batchID), .integer(number)])
        }
    }

    /// A checked row the market shows was not written: pending again, to be sent once more.
    func sendAgain(_ batchID: Int, _ number: Int) throws(DatabaseError) {
        try database.use { db throws(SQLiteError) in
            try db.run(
                "UPDATE batch_rows SET status = 'pending', failure = '', market_message = NULL WHERE batch_id = ? AND number = ?",
                [.integer(batchID), .integer(number)])
        }
    }

    /// A row's outcome, with its in-flight mark cleared in the same commit.
    /// `elsewhere`: a sheet row's fields left alone, with the market's values; `found`: for an
    /// `unknown` create, the products a check found that may be the one it registered.
    func recordOutcome(
        _ batchID: Int, _ number: Int, status: BatchRow.Status, failure: WriteError? = nil, productID: Int? = nil,
        elsewhere: RecordedFields = RecordedFields(), found: [Int] = []
    ) throws(DatabaseError) {
        try database.use { db throws(SQLiteError) in
            try db.run(
                """
                UPDATE batch_rows SET status = ?, failure = ?, market_message = ?, product_id = coalesce(?, product_id), in_flight = 0,
                    elsewhere = ?, found_ids = ?
                WHERE batch_id = ? AND number = ?
                """,
                [
                    .text(status.rawValue), .text(failure?.code.rawValue ?? ""), .optional(failure?.marketMessage),
                    .optional(productID), .text(elsewhere.isEmpty ? "" : elsewhere.storedText), .text(Self.list(found)),
                    .integer(batchID), .integer(number),
                ])
        }
    }

    /// After a restart: rows marked in flight may have reached the market; each is checked
    /// after its deadline (`checking`). Returns how many there were.
    func clearInFlight(_ batchID: Int) throws(DatabaseError) -> Int {
        try database.use { db throws(SQLiteError) -> Int in
            try db.run(
                "UPDATE batch_rows SET in_flight = 0, status = 'checking' WHERE batch_id = ? AND in_flight = 1", [.integer(batchID)])
            return db.changes
        }
    }

    /// Removes batches finished (or left in preview, missed or discarded) more than `keptFor` ago;
    /// returns how many. A window still to be put back is kept, however old.
    @discardableResult
    func prune() throws(DatabaseError) -> Int {
        let cutoff = Int(clock.now().timeIntervalSince1970 - Self.keptFor)
        return try database.use { db throws(SQLiteError) -> Int in
            try db.run(
                """
                DELETE FROM batches WHERE state NOT IN ('running', 'scheduled') AND coalesce(finished_at, created_at) < ?
                    AND (state = 'missed' OR ends_at IS NULL OR revert_id IS NOT NULL)
                """, [.integer(cutoff)])
            return db.changes
        }
    }

    // MARK: Encoding

    // Rows are read with every column of `batch_rows`, in the order the table declares them;
    // batches with `id … revert_id, revision, currency, made_by, applied_by`.

    static func readBatch(_ row: SQLiteRow) -> Batch {
        let action = BatchAction.Kind(rawValue: row.text(5)).map { kind in
            BatchAction(
                kind: kind, value: Decimal(string: row.text(6), locale: Locale(identifier: "en_US_POSIX")) ?? 0,
                unit: BatchAction.Unit(rawValue: row.text(7)) ?? .amount,
                currency: row.text(16).isEmpty ? nil : Currency(rawValue: row.text(16)))
        }
        return Batch(
            id: row.integer(0), kind: Batch.Kind(rawValue: row.text(1)) ?? .bulk, state: Batch.State(rawValue: row.text(2)) ?? .finished,
            revision: row.integer(15), createdAt: Date(timeIntervalSince1970: TimeInterval(row.integer(3))),
            finishedAt: row.isNull(4) ? nil : Date(timeIntervalSince1970: TimeInterval(row.integer(4))),
            action: action, source: row.text(8), notes: decode(row.text(9)),
            schedule: row.isNull(10) ? nil : Batch.Schedule(
                startsAt: StoredTime.date(milliseconds: row.integer(10)), endsAt: date(row, 11), startedAt: date(row, 12), endedAt: date(row, 13),
                revertID: row.isNull(14) ? nil : row.integer(14)),
            madeBy: row.isNull(17) ? nil : AccountName(stored: row.text(17)),
            appliedBy: row.isNull(18) ? nil : AccountName(stored: row.text(18)))
    }

    /// A time kept in milliseconds (the schedules'); nil for NULL.
    private static func date(_ row: SQLiteRow, _ column: Int32) -> Date? {
        row.isNull(column) ? nil : StoredTime.date(milliseconds: row.integer(column))
    }

    private static func readRow(_ row: SQLiteRow) -> BatchRow {
        let failure = WriteError.Code(rawValue: row.text(22)).map {
            WriteError(code: $0, marketMessage: row.isNull(23) ? nil : row.text(23))
        }
        return BatchRow(
            batchID: row.integer(0), number: row.integer(1), line: row.isNull(2) ? nil : row.integer(2),
            productID: row.isNull(3) ? nil : row.integer(3), operation: BatchRow.Operation(rawValue: row.text(4)) ?? .none,
            status: BatchRow.Status(rawValue: row.text(5)) ?? .invalid, name: row.text(6), currency: row.text(7),
            before: fields(row, from: 8), after: fields(row, from: 14), problems: decode(row.text(20)), warnings: decode(row.text(21)),
            failure: failure, images: numbers(row.text(24)), knownIDs: numbers(row.text(25)), inFlight: row.integer(26) != 0,
            attempts: row.integer(27), elsewhere: RecordedFields(storedText: row.text(28)) ?? RecordedFields(),
            sentAt: row.isNull(29) ? nil : StoredTime.date(milliseconds: row.integer(29)), found: numbers(row.text(30)))
    }

    private static func fields(_ row: SQLiteRow, from first: Int32) -> RecordedFields {
        func text(_ offset: Int32) -> String? { row.isNull(first + offset) ? nil : row.text(first + offset) }
        func amount(_ offset: Int32) -> Decimal? { text(offset).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) } }
        return RecordedFields(
            name: text(0), description: text(1), price: amount(2), currency: text(3), discountedPrice: amount(4),
            stock: row.isNull(first + 5) ? nil : row.integer(first + 5))
    }

    private static func values(_ fields: RecordedFields) -> [SQLiteValue] {
        [
            .optional(fields.name), .optional(fields.description), .optional(fields.price.map { "\($0)" }), .optional(fields.currency),
            .optional(fields.discountedPrice.map { "\($0)" }), .optional(fields.stock),
        ]
    }


    private static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ",") }
    private static func numbers(_ text: String) -> [Int] { text.split(separator: ",").compactMap { Int($0) } }

    static func encode(_ texts: [BatchNote]) -> String {
        guard !texts.isEmpty, let data = try? JSONEncoder().encode(texts) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String) -> [BatchNote] {
        guard !text.isEmpty else { return [] }
        return (try? JSONDecoder().decode([BatchNote].self, from: Data(text.utf8))) ?? []
    }
}
