import Foundation
import SQLite
import Synchronization

/// Writes whose answer was lost (no answer in time, an answer that could not be read, or a
/// stop while the write was at the market) are never sent again by the journal: once the
/// write's deadline has passed, `OutcomeCheck` reads the market and the entry records what was
/// found, with the time of the check (`checked_at`): done, not done (`not-applied`), changed
/// elsewhere, or, for a create found more than once, still unknown with the products found.
extension HistoryJournal {
    /// At start-up: a check for every entry whose outcome is unknown and not yet checked. One
    /// whose write never left (a delete stopped before the recycle bin had kept the product,
    /// so it has no send time) is recorded as not sent.
    func resumeChecks() async {
        let unchecked: [JournalEntry]
        do {
            unchecked = try await database.background { db throws(SQLiteError) in
                try db.rows(
                    """
                    SELECT id, at, kind, product_id, product_name, cause, batch_id, batch_row, target_entry, before, after,
                        outcome, result, failure_code, failure_message, note, sent_at, checked_at, known_ids, found_ids, by_account
                    FROM journal WHERE outcome = 'unknown' AND checked_at IS NULL ORDER BY id
                    """, [], Self.entry(from:))
            }
        } catch {
            logger.log(.error, "history: the writes of unknown outcome could not be read: \(error)")
            return
        }
        for entry in unchecked {
            if entry.sentAt == nil, entry.kind == .delete {
                if let written = await finish(entry.id, .failed(WriteError(code: .stopping))) {
                    await tellWriteEnded(written, .failed(WriteError(code: .stopping)))
                }
            } else {
                scheduleCheck(entry)
            }
        }
    }

    /// Waits until the checks running now have recorded what they found (a test seam).
    package func waitForChecks() async {
        await checks.waitForAll()
    }

    /// Stops waiting: the checks left are done at the next start.
    func stopChecks() {
        checks.cancelAll()
    }

    /// Checks `entry` once its deadline has passed, unless no check is configured, or the
    /// entry is not a write this dashboard sent.
    func scheduleCheck(_ entry: JournalEntry) {
        guard let check = outcomeCheck, entry.kind != .outside else { return }
        let sentAt = entry.sentAt ?? entry.at
        let attempt = OutcomeCheck.Attempt(
            kind: entry.kind, productID: entry.productID, before: entry.before, after: entry.after, sentAt: sentAt,
            knownIDs: entry.knownIDs)
        let clock = self.clock
        let logger = self.logger
        checks.start(entry.id) { [self] in
            do {
                try await clock.sleep(until: check.deadline(sentAt: sentAt), for: .outcomeCheck)
            } catch {
                return
            }
            // A market that cannot be read is asked again, less often each time.
            var pause: TimeInterval = 30
            while !Task.isCancelled {
                do {
                    let verdict = try await check.verdict(for: attempt)
                    await record(verdict, of: entry)
                    return
                } catch {
                    logger.log(.info, "history: entry \(entry.id) could not be checked with the market yet: \(error)")
                    guard (try? await clock.sleep(until: clock.now().addingTimeInterval(pause), for: .outcomeCheck)) != nil else { return }
                    pause = min(pause * 2, 600)
                }
            }
        }
    }

    /// What the check found, on the entry; `writeEnds` hears how the write ended.
    /// An entry a count confirmed meanwhile is left as it is.
    private func record(_ verdict: OutcomeCheck.Verdict, of entry: JournalEntry) async {
        let time = SQLiteValue.integer(StoredTime.milliseconds(clock.now()))
        let id = SQLiteValue.integer(entry.id)
        let outcome: WriteOutcome?
        let update: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void
        switch verdict {
        case .applied(let productID, let fields):
            outcome = .done(fields, productID: productID)
            update = { db throws(SQLiteError) in
                try db.run(
                    "UPDATE journal SET outcome = 'done', result = ?, product_id = ?, checked_at = ? WHERE id = ? AND outcome = 'unknown'",
                    [.optional(fields?.storedText), .integer(productID), time, id])
            }
        case .notApplied:
            outcome = .failed(WriteError(code: .notApplied))
            update = { db throws(SQLiteError) in
                try db.run("UPDATE journal SET outcome = 'failed', failure_code = 'not-applied', checked_at = ? WHERE id = ? AND outcome = 'unknown'", [time, id])
            }
        case .changedElsewhere(let fields):
            outcome = .failed(WriteError(code: .changedElsewhere))
            update = { db throws(SQLiteError) in
                try db.run(
                    "UPDATE journal SET outcome = 'failed', failure_code = 'changed-elsewhere', result = ?, checked_at = ? WHERE id = ? AND outcome = 'unknown'",
                    [.text(fields.storedText), time, id])
            }
        case .unsure(let found):
            outcome = nil
            update = { db throws(SQLiteError) in
                try db.run("UPDATE journal SET found_ids = ?, checked_at = ? WHERE id = ? AND outcome = 'unknown'", [.text(Self.list(found)), time, id])
            }
        }
        do {
            let written = try await database.background { db throws(SQLiteError) in
                try update(db)
                return db.changes > 0 ? try Self.entry(entry.id, db) : nil
            }
            if let written, let outcome { await tellWriteEnded(written, outcome) }
        } catch {
            logger.log(.error, "history: what the market showed for entry \(entry.id) could not be recorded: \(error)")
        }
    }
}

/// The journal's running checks, one per entry, so a second start of the same check is
/// ignored and a test can wait for them all.
final class CheckTasks: Sendable {
    private let tasks = Mutex<[Int: Task<Void, Never>]>([:])

    func start(_ entry: Int, _ body: @escaping @Sendable () async -> Void) {
        tasks.withLock { tasks in
            guard tasks[entry] == nil else { return }
            tasks[entry] = Task {
                await body()
                _ = self.tasks.withLock { $0.removeValue(forKey: entry) }
            }
        }
    }

    func waitForAll() async {
        while let next = tasks.withLock({ $0.values.first }) { await next.value }
    }

    func cancelAll() {
        tasks.withLock { $0.values.forEach { $0.cancel() } }
    }
}
