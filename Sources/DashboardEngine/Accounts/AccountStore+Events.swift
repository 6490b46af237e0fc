import Foundation
import SQLite

/// The accounts' history (table `account_events`): sign-ins, failed ones and every change to
/// an account, kept as long as the history journal keeps its entries and pruned on the same
/// clock. A change's event is written in the change's own transaction.
extension AccountStore {
    /// Writes one event, now.
    static func record(
        _ kind: AccountEvent.Kind, account: Int?, by actor: Int?, address: String?, before: Role? = nil, after: Role? = nil,
        at now: Int, _ db: SQLiteConnection
    ) throws(SQLiteError) {
        try db.run(
            "INSERT INTO account_events (at, kind, account_id, actor_id, address, role_before, role_after) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .integer(now), .text(kind.rawValue), account.map { .integer($0) } ?? .null, actor.map { .integer($0) } ?? .null,
                address.map { .text($0) } ?? .null, before.map { .text($0.rawValue) } ?? .null, after.map { .text($0.rawValue) } ?? .null,
            ])
    }

    /// Writes one event now, in a transaction of its own.
    func record(_ kind: AccountEvent.Kind, account: Int?, by actor: Int?, address: String?) throws(DatabaseError) {
        let now = StoredTime.milliseconds(clock.now())
        try database.use { db throws(SQLiteError) in
            try Self.record(kind, account: account, by: actor, address: address, at: now, db)
        }
    }

    /// A page of events, newest first.
    package func events(offset: Int, limit: Int) throws(DatabaseError) -> AccountEvent.Page {
        try database.use { db throws(SQLiteError) -> AccountEvent.Page in
            let total = try db.first("SELECT count(*) FROM account_events") { $0.integer(0) } ?? 0
            let events = try db.rows(
                """
                SELECT e.id, e.at, e.kind, e.account_id, a.name, e.actor_id, b.name, e.address, e.role_before, e.role_after
                FROM account_events e
                LEFT JOIN accounts a ON a.id = e.account_id
                LEFT JOIN accounts b ON b.id = e.actor_id
                ORDER BY e.id DESC LIMIT ? OFFSET ?
                """, [.integer(limit), .integer(offset)], Self.event)
            return AccountEvent.Page(events: events.compactMap { $0 }, total: total)
        }
    }

    /// Drops the events older than `eventDays` (at the engine's start and once a day).
    /// Returns how many went.
    @discardableResult
    package func pruneEvents() throws(DatabaseError) -> Int {
        let cutoff = StoredTime.milliseconds(clock.now().addingTimeInterval(-Double(eventDays) * 86_400))
        return try database.use { db throws(SQLiteError) -> Int in
            try db.run("DELETE FROM account_events WHERE at < ?", [.integer(cutoff)])
            return db.changes
        }
    }

    /// An event from its row; nil for a kind this version does not know.
    static func event(_ row: SQLiteRow) -> AccountEvent? {
        guard let kind = AccountEvent.Kind(rawValue: row.text(2)) else { return nil }
        func named(_ id: Int32, _ name: Int32) -> AccountEvent.Named? {
            guard !row.isNull(id) else { return nil }
            return AccountEvent.Named(id: row.integer(id), name: row.isNull(name) ? "" : row.text(name))
        }
        return AccountEvent(
            id: row.integer(0), at: StoredTime.date(milliseconds: row.integer(1)), kind: kind, account: named(3, 4), actor: named(5, 6),
            address: row.isNull(7) ? nil : row.text(7), roleBefore: row.isNull(8) ? nil : Role(rawValue: row.text(8)),
            roleAfter: row.isNull(9) ? nil : Role(rawValue: row.text(9)))
    }
}
