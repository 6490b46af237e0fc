import Foundation
import ServerLogging
import SQLite

/// The history journal: every write this dashboard makes, kept in `DashboardDatabase` for
/// `retentionDays` (90 by default). It is the real `WriteLog`: `admit` commits an entry
/// (fsynced, see `DashboardDatabase`) before the write is sent, and `recordOutcome` its outcome
/// after, so a write that went through before a crash is still there after it (as
/// interrupted, outcome unknown, when the crash came before the answer). A delete that
/// something keeps first (the recycle bin, through `MarketWriter`) is admitted unsent, and
/// `markSent` stamps its send time once it is kept. `writeEnds` hears how each write ended,
/// whenever its outcome is settled (the recycle bin).
///
/// The catalog count adds what changed on the market without this dashboard
/// (`HistoryJournal+Outside.swift`); the history pages read it a page at a time
/// (`HistoryJournal+Reading.swift`).
package final class HistoryJournal: WriteLog, CountObserver {
    let database: DashboardDatabase
    /// Hears how each write ended (the recycle bin).
    let writeEnds: (any WriteEndObserver)?
    package let retentionDays: Int
    let logger: ServerLogger
    /// Finds out what a write whose answer was lost did (nil: such writes stay unknown).
    let outcomeCheck: OutcomeCheck?
    /// The entries' times, and what the checks wait on until a write's deadline: one clock, so
    /// a write's send time and its deadline agree.
    let clock: any WallClock
    /// The checks waiting or running, by entry.
    let checks = CheckTasks()

    package static let defaultRetentionDays = 90

    /// Marks the entries a crash left in flight as interrupted (outcome unknown) and drops
    /// those older than `retentionDays`. Their checks start with `resumeChecks`.
    init(
        database: DashboardDatabase, writeEnds: (any WriteEndObserver)?, retentionDays: Int = defaultRetentionDays,
        clock: any WallClock, logger: ServerLogger = ServerLogger(level: .off), outcomeCheck: OutcomeCheck? = nil
    ) throws(DatabaseError) {
        self.database = database
        self.writeEnds = writeEnds
        self.retentionDays = retentionDays
        self.logger = logger
        self.outcomeCheck = outcomeCheck
        self.clock = clock
        let interrupted = JournalEntry.Note.interrupted.storedText
        let cutoff = cutoff
        try database.use { db throws(SQLiteError) in
            try db.run(
                "UPDATE journal SET outcome = 'unknown', note = ? WHERE outcome = 'pending'", [.text(interrupted)])
            try Self.prune(db, before: cutoff)
        }
    }

    // MARK: WriteLog

    func admit(_ intent: WriteIntent) async throws(WriteRefusal) -> WriteLogEntry? {
        let name = intent.detail?.name ?? intent.before?.name ?? intent.after?.name ?? ""
        let cause = Self.columns(intent.cause)
        let time = SQLiteValue.integer(StoredTime.milliseconds(clock.now()))
        // The send time: now, as nothing comes between this commit and the send; a write kept
        // first (a delete the recycle bin keeps) gets its own once it is kept (`markSent`).
        let sentAt = intent.isKeptFirst ? SQLiteValue.null : time
        let values: [SQLiteValue] = [
            time, .text(intent.kind.rawValue), .optional(intent.productID), .text(name),
            .text(cause.name), .optional(cause.batchID), .optional(cause.batchRow), .optional(cause.target),
            .optional(intent.before?.storedText), .optional(intent.after?.storedText), sentAt,
            .text(Self.knownText(intent.knownIDs)), .optional(intent.by?.text), .optional(intent.by?.key),
        ]
        do {
            let id = try await database.background { db throws(SQLiteError) in
                try db.run(
                    """
                    INSERT INTO journal (at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                        sent_at, known_ids, by_account, by_key, outcome)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')
                    """, values)
                return db.lastInsertRowID
            }
            return WriteLogEntry(id: id)
        } catch {
            logger.log(.error, "history: a write was not sent because the journal could not record it: \(error)")
            throw WriteRefusal(code: .journalUnavailable, detail: error.description)
        }
    }

    func recordOutcome(_ entry: WriteLogEntry?, _ outcome: WriteOutcome) async {
        guard let entry else { return }
        guard let written = await finish(entry.id, outcome) else { return }
        await tellWriteEnded(written, outcome)
        if case .unknown = outcome { scheduleCheck(written) }
    }

    /// A kept write's send time, committed once what it would lose is kept, just before it is
    /// sent; a write that stopped before it was never sent.
    func markSent(_ entry: WriteLogEntry?) async throws(WriteRefusal) {
        guard let id = entry?.id else { return }
        let time = SQLiteValue.integer(StoredTime.milliseconds(clock.now()))
        do {
            try await database.background { db throws(SQLiteError) in
                try db.run("UPDATE journal SET sent_at = ? WHERE id = ?", [time, .integer(id)])
            }
        } catch {
            logger.log(.error, "history: a delete was not sent because the journal could not record it: \(error)")
            await finish(id, .failed(WriteError(code: .journalUnavailable)))
            throw WriteRefusal(code: .journalUnavailable, detail: error.description)
        }
    }

    /// Tells `writeEnds` how the write of `entry` ended.
    func tellWriteEnded(_ entry: JournalEntry, _ outcome: WriteOutcome) async {
        await writeEnds?.writeEnded(WriteLogEntry(id: entry.id), kind: entry.kind, cause: entry.cause, outcome: outcome)
    }

    /// Records `outcome` on entry `id`; returns the entry as it now stands.
    @discardableResult
    func finish(_ id: Int, _ outcome: WriteOutcome) async -> JournalEntry? {
        let values: [SQLiteValue]
        switch outcome {
        case .done(let fields, let productID):
            values = [.text("done"), .optional(fields?.storedText), .null, .null, .integer(productID)]
        case .failed(let reason):
            values = [.text("failed"), .null, .text(reason.code.rawValue), .optional(reason.marketMessage), .null]
        case .unknown:
            values = [.text("unknown"), .null, .null, .null, .null]
        }
        let finishedAt = SQLiteValue.integer(StoredTime.milliseconds(clock.now()))
        do {
            return try await database.background { db throws(SQLiteError) in
                try db.run(
                    """
                    UPDATE journal SET outcome = ?, result = ?, failure_code = ?, failure_message = ?,
                        product_id = COALESCE(?, product_id), finished_at = ? WHERE id = ?
                    """, values + [finishedAt, .integer(id)])
                return try Self.entry(id, db)
            }
        } catch {
            logger.log(.error, "history: the outcome of entry \(id) could not be recorded: \(error)")
            return nil
        }
    }

    // MARK: Pruning

    /// Drops entries older than `retentionDays` (at start-up and once a day).
    func prune() async {
        let cutoff = cutoff
        do {
            try await database.background { db throws(SQLiteError) in try Self.prune(db, before: cutoff) }
        } catch {
            logger.log(.error, "history: old entries could not be dropped: \(error)")
        }
    }

    /// Entries from before this are dropped.
    private var cutoff: Date { clock.now().addingTimeInterval(-Double(retentionDays) * 86_400) }

    private static func prune(_ db: SQLiteConnection, before cutoff: Date) throws(SQLiteError) {
        try db.run("DELETE FROM journal WHERE at < ?", [.integer(StoredTime.milliseconds(cutoff))])
    }

    // MARK: Storage

    /// How a cause is stored: its name and the numbers it carries.
    static func columns(_ cause: WriteCause?) -> (name: String, batchID: Int?, batchRow: Int?, target: Int?) {
        switch cause {
        case .form?: ("form", nil, nil, nil)
        case .batch(let id, let row)?: ("batch", id, row, nil)
        case .undo(let entry)?: ("undo", nil, nil, entry)
        case .restore(let entry)?: ("restore", nil, nil, entry)
        case nil: ("outside", nil, nil, nil)
        }
    }

    static func cause(_ name: String, batchID: Int?, batchRow: Int?, target: Int?) -> WriteCause? {
        switch name {
        case "form": .form
        case "batch": .batch(id: batchID ?? 0, row: batchRow ?? 0)
        case "undo": .undo(entry: target ?? 0)
        case "restore": .restore(entry: target ?? 0)
        default: nil
        }
    }

    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(
            name: "journal-1",
            sql: """
                CREATE TABLE journal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    product_id INTEGER,
                    product_name TEXT NOT NULL,
                    cause TEXT NOT NULL,
                    batch_id INTEGER,
                    batch_row INTEGER,
                    target_entry INTEGER,
                    before TEXT,
                    after TEXT,
                    outcome TEXT NOT NULL,
                    result TEXT,
                    failure_code TEXT,
                    failure_message TEXT,
                    note TEXT,
                    finished_at INTEGER
                );
                CREATE INDEX journal_by_product ON journal (product_id, id);
                CREATE INDEX journal_by_time ON journal (at);
                CREATE INDEX journal_by_target ON journal (target_entry);
                """),
        // When each write was sent (a lost answer is checked after its deadline, counted from
        // here; entries made before are taken as sent when they were logged), the own
        // products a create knew of, and what the check found.
        SQLiteMigration(
            name: "journal-2",
            sql: """
                ALTER TABLE journal ADD COLUMN sent_at INTEGER;
                ALTER TABLE journal ADD COLUMN known_ids TEXT NOT NULL DEFAULT '';
                ALTER TABLE journal ADD COLUMN checked_at INTEGER;
                ALTER TABLE journal ADD COLUMN found_ids TEXT NOT NULL DEFAULT '';
                UPDATE journal SET sent_at = at;
                """),
        // Who asked for each write: the account's name as shown, and as compared (lower-cased,
        // as `AccountName` compares names), for `?by=`. NULL for a write made with accounts off
        // (and every entry made before), and for a change seen on the market.
        SQLiteMigration(
            name: "journal-3",
            sql: """
                ALTER TABLE journal ADD COLUMN by_account TEXT;
                ALTER TABLE journal ADD COLUMN by_key TEXT;
                CREATE INDEX journal_by_account ON journal (by_key, id);
                """),
    ]

    static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ",") }
    static func numbers(_ text: String) -> [Int] { text.split(separator: ",").compactMap { Int($0) } }

    /// A create's `known_ids`: empty when the dashboard did not know the own products with its
    /// name (and in entries from before `journal-2`), `none` when it knew there were none.
    /// A check tells the two apart: one product found is the create's only in the second case.
    static func knownText(_ ids: [Int]?) -> String {
        guard let ids else { return "" }
        return ids.isEmpty ? "none" : list(ids)
    }

    static func knownIDs(_ text: String) -> [Int]? {
        switch text {
        case "": nil
        case "none": []
        default: numbers(text)
        }
    }
}

extension SQLiteValue {
    static func optional(_ value: Int?) -> SQLiteValue {
        value.map { .integer($0) } ?? .null
    }

    static func optional(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }
}
