import Foundation
import SQLite

/// Schedules: a batch in preview gets a start and perhaps an end (`scheduled`); at its start it
/// runs as Apply runs it; at its end a batch of its own (kind undo, `revert_id`) puts back what
/// it set. Each step is one transaction that checks the state it changes from, so a step is
/// done once however often it is asked for (a double click, a restart at the very moment).
extension BatchStore {
    /// A product's field a batch changes.
    package struct FieldKey: Hashable, Sendable {
        package var productID: Int
        package var field: ProductField
    }

    /// Schedules (or moves the times of) a batch in preview or already scheduled, as `by`
    /// (whose name its start's and end's writes carry); false when it is neither (running,
    /// finished, gone).
    package func schedule(_ batchID: Int, startsAt: Date, endsAt: Date?, by: AccountName?) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.run(
                """
                UPDATE batches SET state = 'scheduled', starts_at = ?, ends_at = ?, applied_by = ?
                WHERE id = ? AND state IN ('preview', 'scheduled')
                """,
                [
                    .integer(StoredTime.milliseconds(startsAt)), .optional(endsAt.map(StoredTime.milliseconds)), .optional(by?.text),
                    .integer(batchID),
                ])
            return db.changes == 1
        }
    }

    /// A scheduled batch back to preview, its times gone; false when it was not scheduled.
    package func unschedule(_ batchID: Int) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.run(
                "UPDATE batches SET state = 'preview', starts_at = NULL, ends_at = NULL, applied_by = NULL WHERE id = ? AND state = 'scheduled'",
                [.integer(batchID)])
            return db.changes == 1
        }
    }

    /// A started window's end moved, or removed (nil); false when the batch has no started
    /// window or its end came already.
    package func moveEnd(_ batchID: Int, to endsAt: Date?) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.run(
                """
                UPDATE batches SET ends_at = ? WHERE id = ? AND state IN ('running', 'finished') AND starts_at IS NOT NULL
                    AND revert_id IS NULL
                """, [.optional(endsAt.map(StoredTime.milliseconds)), .integer(batchID)])
            return db.changes == 1
        }
    }

    /// scheduled → running at its start, once; false when it was not scheduled any more, or its
    /// start was moved past `time` meanwhile (the vendor's form and the scheduler at once).
    func startScheduled(_ batchID: Int, at time: Date) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.run(
                "UPDATE batches SET state = 'running', started_at = ? WHERE id = ? AND state = 'scheduled' AND starts_at <= ?",
                [.integer(StoredTime.milliseconds(time)), .integer(batchID), .integer(StoredTime.milliseconds(time))])
            return db.changes == 1
        }
    }

    /// scheduled → missed: its whole window passed while the dashboard was not running, and its
    /// rows were never sent (`not-sent`); false
    /// when it was not scheduled any more, or its end was moved past `time` meanwhile (a form
    /// posted while start-up settles the schedules).
    func markMissed(_ batchID: Int, at time: Date) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Bool in
                try db.run(
                    "UPDATE batches SET state = 'missed', finished_at = ? WHERE id = ? AND state = 'scheduled' AND ends_at <= ?",
                    [.integer(Int(time.timeIntervalSince1970)), .integer(batchID), .integer(StoredTime.milliseconds(time))])
                guard db.changes == 1 else { return false }
                try db.run("UPDATE batch_rows SET status = 'not-sent' WHERE batch_id = ? AND status = 'pending'", [.integer(batchID)])
                return true
            }
        }
    }

    /// At a window's end: a batch of its own (kind revert, running) with `rows`, linked both ways
    /// (its `source` names the batch, the batch's `revert_id` names it), made and applied by
    /// the account that scheduled the window (nobody asks at its end), in one transaction;
    /// nil when the batch has no end by `now` (removed, or moved later meanwhile) or was
    /// reverted already. `time` is when the end came.
    func beginRevert(_ batchID: Int, rows: [BatchRow], at time: Date, now: Date) throws(DatabaseError) -> Int? {
        try database.use { db throws(SQLiteError) -> Int? in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Int? in
                let open = try db.first(
                    "SELECT count(*) FROM batches WHERE id = ? AND ends_at <= ? AND revert_id IS NULL",
                    [.integer(batchID), .integer(StoredTime.milliseconds(now))]
                ) { $0.integer(0) } ?? 0
                guard open == 1 else { return nil }
                let scheduler = try db.first("SELECT applied_by FROM batches WHERE id = ?", [.integer(batchID)]) {
                    $0.isNull(0) ? nil : AccountName(stored: $0.text(0))
                } ?? nil
                let revertID = try insertBatch(
                    kind: .revert, action: nil, source: String(batchID), notes: [], state: .running, by: scheduler, db)
                try insert(rows, batchID: revertID, db)
                try db.run(
                    "UPDATE batches SET revert_id = ?, ended_at = ? WHERE id = ?",
                    [.integer(revertID), .integer(StoredTime.milliseconds(time)), .integer(batchID)])
                return revertID
            }
        }
    }

    /// Batches with a step still to come: scheduled ones (their start), and started windows
    /// not yet ended (their end).
    package func pendingSchedules() throws(DatabaseError) -> [Batch] {
        try database.use { db throws(SQLiteError) in
            try db.rows(
                """
                SELECT id, kind, state, created_at, finished_at, action, value, unit, source, notes,
                    starts_at, ends_at, started_at, ended_at, revert_id, revision, currency, made_by, applied_by
                FROM batches
                WHERE state = 'scheduled' OR (state IN ('running', 'finished') AND starts_at IS NOT NULL AND ends_at IS NOT NULL
                    AND revert_id IS NULL)
                ORDER BY id
                """, [], Self.readBatch)
        }
    }

    /// The products' fields a batch's rows change (its edits that are to be sent or were).
    package func changedFields(_ batchID: Int) throws(DatabaseError) -> Set<FieldKey> {
        let changing: Set<BatchRow.Status> = [.pending, .done]
        let rows = try rows(batchID).filter { $0.operation == .edit && changing.contains($0.status) }
        var keys = Set<FieldKey>()
        for row in rows {
            guard let id = row.productID else { continue }
            for field in row.after.setFields { keys.insert(FieldKey(productID: id, field: field)) }
        }
        return keys
    }

    /// Scheduled or started windows of other batches that change one of `fields` during
    /// `window`: what a new schedule may not overlap.
    package func overlaps(_ fields: Set<FieldKey>, during window: Range<Date>, except batchID: Int) throws(DatabaseError) -> [Batch] {
        var found: [Batch] = []
        for other in try pendingSchedules() {
            guard other.id != batchID, let schedule = other.schedule, schedule.window.overlaps(window) else { continue }
            if !(try changedFields(other.id)).isDisjoint(with: fields) { found.append(other) }
        }
        return found
    }
}
