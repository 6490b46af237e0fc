import Foundation
import SQLite

/// Changes made on the market but not through this dashboard, recorded after each count as
/// `outside` entries.
///
/// A write of this dashboard whose outcome was unknown (no answer in time) and that the
/// market did do shows up as a difference too, since the snapshot was not patched from an
/// answer. It is matched to its entry when it can be: an unknown edit or undo of that product
/// whose changed fields now read as it asked, an unknown create or restore with that name and
/// price, an unknown delete of a product that disappeared. That entry becomes done ("confirmed
/// by a count") and nothing is recorded as outside. A write still in flight that matches is
/// left to its own answer. A write whose lost answer a check with the market already found
/// done since the earlier count explains its change too: nothing is recorded for it. A change
/// that matches nothing is recorded as outside, even when an unknown write explains part of it.
extension HistoryJournal {
    /// The most entries one count records; it says how many more there were in one more entry.
    package static let maxOutsidePerCount = 2_000

    /// The catalog store's count observer: what changed on the market between two counts. A
    /// first count (no previous snapshot) records nothing: there is nothing to compare it with.
    func catalogCounted(previous: CatalogSnapshot?, new: CatalogSnapshot) async {
        guard let previous else { return }
        let found = OutsideChanges(from: previous, to: new, limit: Self.maxOutsidePerCount)
        await record(found, since: previous.takenAt)
    }

    /// Records `found`: each change matched to an unknown write of this dashboard or recorded
    /// as outside, in one transaction. `since`: when the earlier count was taken (writes a check
    /// found done after it explain changes).
    func record(_ found: OutsideChanges, since: Date? = nil) async {
        guard !found.changes.isEmpty || found.notListed > 0 else { return }
        let time = StoredTime.milliseconds(clock.now())
        let confirmed: [(entry: JournalEntry, productID: Int)]
        do {
            confirmed = try await database.background { db throws(SQLiteError) in
                try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> [(entry: JournalEntry, productID: Int)] in
                    var confirmed: [(entry: JournalEntry, productID: Int)] = []
                    for change in found.changes {
                        switch try Self.match(change, checkedSince: since.map(StoredTime.milliseconds), db) {
                        case .inFlight, .checked:
                            continue
                        case .unknown(let entry):
                            try db.run(
                                """
                                UPDATE journal SET outcome = 'done', note = ?, result = ?, product_id = ?, finished_at = ?
                                WHERE id = ?
                                """,
                                [.text(JournalEntry.Note.confirmedByCount.storedText), .optional(change.after?.storedText),
                                 .integer(change.productID), .integer(time), .integer(entry.id)])
                            confirmed.append((entry, change.productID))
                        case nil:
                            let note: JournalEntry.Note? = switch change.kind {
                            case .changed: nil
                            case .appeared: .appeared
                            case .disappeared: .disappeared
                            }
                            try Self.insertOutside(
                                at: time, productID: change.productID, name: change.name, before: change.before, after: change.after,
                                note: note, db)
                        }
                    }
                    if found.notListed > 0 {
                        try Self.insertOutside(
                            at: time, productID: nil, name: "", before: nil, after: nil, note: .notRecorded(found.notListed), db)
                    }
                    return confirmed
                }
            }
        } catch {
            logger.log(.error, "history: the changes a count found could not be recorded: \(error)")
            return
        }
        if found.notListed > 0 {
            logger.log(
                .info, "history: a count found \(found.changes.count + found.notListed) changes made elsewhere; "
                    + "\(found.notListed) were not recorded (at most \(Self.maxOutsidePerCount) a count)")
        }
        for (entry, productID) in confirmed { await tellWriteEnded(entry, .done(nil, productID: productID)) }
    }

    private enum Match {
        /// A write of that change is in flight: its own answer will say.
        case inFlight
        /// A write of unknown outcome that the change confirms.
        case unknown(JournalEntry)
        /// A write a check found done since the earlier count.
        case checked
    }

    /// The open write (in flight or of unknown outcome) of this dashboard that `change` is.
    private static func match(_ change: OutsideChanges.Change, checkedSince: Int?, _ db: SQLiteConnection) throws(SQLiteError) -> Match? {
        // Open writes, and writes a check found done since the earlier count.
        let checked = SQLiteValue.integer(checkedSince ?? Int.max)
        let open: [JournalEntry]
        switch change.kind {
        case .appeared:
            open = try db.rows(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE product_id IS NULL AND kind IN ('create', 'restore') AND (outcome IN ('pending', 'unknown') OR (outcome = 'done' AND checked_at >= ?))
                ORDER BY id DESC LIMIT 50
                """, [checked], entry(from:))
        case .changed, .disappeared:
            open = try db.rows(
                """
                SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                    outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                FROM journal WHERE product_id = ? AND (outcome IN ('pending', 'unknown') OR (outcome = 'done' AND checked_at >= ?))
                ORDER BY id DESC LIMIT 50
                """, [.integer(change.productID), checked], entry(from:))
        }
        guard let entry = open.first(where: { explains($0, change) }) else { return nil }
        switch entry.outcome {
        case .pending: return .inFlight
        case .done: return .checked
        default: return .unknown(entry)
        }
    }

    /// Whether write `entry` would have made `change`.
    private static func explains(_ entry: JournalEntry, _ change: OutsideChanges.Change) -> Bool {
        switch change.kind {
        case .disappeared:
            return entry.kind == .delete
        case .appeared:
            guard let asked = entry.after, let seen = change.after, entry.kind == .create || entry.kind == .restore else { return false }
            return asked.name == seen.name && asked.price == seen.price
        case .changed:
            guard entry.kind == .edit || entry.kind == .undo, let asked = entry.after, let seen = change.after else { return false }
            // The count knows every field but the description.
            let fields = entry.changedFields.filter { $0 != .description }
            return !fields.isEmpty && asked.keeping(fields) == seen.keeping(fields)
        }
    }

    private static func insertOutside(
        at time: Int, productID: Int?, name: String, before: RecordedFields?, after: RecordedFields?, note: JournalEntry.Note?,
        _ db: SQLiteConnection
    ) throws(SQLiteError) {
        try db.run(
            """
            INSERT INTO journal (at, kind, product_id, product_name, cause, before, after, outcome, note, finished_at)
            VALUES (?, 'outside', ?, ?, 'outside', ?, ?, 'done', ?, ?)
            """,
            [.integer(time), .optional(productID), .text(name), .optional(before?.storedText), .optional(after?.storedText),
             .optional(note?.storedText), .integer(time)])
    }
}
