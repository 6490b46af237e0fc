import Foundation
import SQLite

/// Sessions: a random 256-bit id in the browser's cookie, its SHA-256 in the `sessions` table.
/// A session ends after `idleLimit` without a request and after `lifetime` whatever happens,
/// on sign-out, when its account is disabled, and (all but the one that made it) when its
/// account's password changes.
extension AccountStore {
    /// How long a session lives without a request.
    package static let idleLimit: TimeInterval = 12 * 3600
    /// How long a session lives at most.
    package static let lifetime: TimeInterval = 30 * 24 * 3600
    /// How often a session's last use is written: reading pages does not write the database on
    /// every request, and the idle limit is out by a minute at most.
    static let lastUseGranularity: TimeInterval = 60
    static let sessionIDBytes = 32

    /// Starts a session for the account; returns its id (43 characters of base64url), which
    /// only the browser keeps. Sessions past their time are removed here. With `signingIn`
    /// (the client's address), it is a sign-in: the account's event is written with it.
    package func start(_ accountID: Int, signingIn address: String? = nil) throws(DatabaseError) -> String {
        let id = SecretBytes.base64URL(SecretBytes.random(Self.sessionIDBytes))
        let now = clock.now()
        let idleSince = StoredTime.milliseconds(now.addingTimeInterval(-Self.idleLimit))
        let startedSince = StoredTime.milliseconds(now.addingTimeInterval(-Self.lifetime))
        try database.use { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                try db.run(
                    "DELETE FROM sessions WHERE last_used_at <= ? OR started_at <= ?", [.integer(idleSince), .integer(startedSince)])
                try db.run(
                    "INSERT INTO sessions (id_hash, account_id, started_at, last_used_at) VALUES (?, ?, ?, ?)",
                    [.blob(SHA256.hash(id.utf8)), .integer(accountID), .integer(StoredTime.milliseconds(now)), .integer(StoredTime.milliseconds(now))])
                if let address {
                    try Self.record(.signedIn, account: accountID, by: accountID, address: address, at: StoredTime.milliseconds(now), db)
                }
            }
        }
        return id
    }

    /// The account of the session `id`, or nil when there is none: never started, ended,
    /// past its idle limit or its lifetime (then it is removed), or its account disabled. A
    /// session in use is marked used, at most once every `lastUseGranularity`.
    package func session(for id: String) throws(DatabaseError) -> SessionAccount? {
        guard let idHash = Self.idHash(id) else { return nil }
        let now = clock.now()
        let nowMilliseconds = StoredTime.milliseconds(now)
        return try database.use { db throws(SQLiteError) -> SessionAccount? in
            let found = try db.first(
                """
                SELECT sessions.account_id, sessions.started_at, sessions.last_used_at, accounts.name, accounts.role, accounts.disabled
                FROM sessions JOIN accounts ON accounts.id = sessions.account_id WHERE sessions.id_hash = ?
                """, [.blob(idHash)]
            ) { row in
                (
                    account: SessionAccount(
                        accountID: row.integer(0), name: row.text(3), role: Role(rawValue: row.text(4)) ?? .viewer,
                        startedAt: StoredTime.date(milliseconds: row.integer(1))),
                    lastUsed: StoredTime.date(milliseconds: row.integer(2)), disabled: row.integer(5) != 0
                )
            }
            guard let found else { return nil }
            if found.disabled || now.timeIntervalSince(found.lastUsed) >= Self.idleLimit
                || now.timeIntervalSince(found.account.startedAt) >= Self.lifetime
            {
                try db.run("DELETE FROM sessions WHERE id_hash = ?", [.blob(idHash)])
                return nil
            }
            if now.timeIntervalSince(found.lastUsed) >= Self.lastUseGranularity {
                try db.run("UPDATE sessions SET last_used_at = ? WHERE id_hash = ?", [.integer(nowMilliseconds), .blob(idHash)])
            }
            return found.account
        }
    }

    /// Ends the session `id` (sign-out from `address`): its account's event is written.
    /// Nothing happens for an id that is not a session.
    package func end(_ id: String, address: String? = nil) throws(DatabaseError) {
        guard let idHash = Self.idHash(id) else { return }
        let now = StoredTime.milliseconds(clock.now())
        try database.use { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                guard let account = try db.first("SELECT account_id FROM sessions WHERE id_hash = ?", [.blob(idHash)], { $0.integer(0) })
                else { return }
                try db.run("DELETE FROM sessions WHERE id_hash = ?", [.blob(idHash)])
                try Self.record(.signedOut, account: account, by: account, address: address, at: now, db)
            }
        }
    }

    /// Ends every session of the account ("sign out everywhere", from `address`).
    package func endAll(_ accountID: Int, address: String? = nil) throws(DatabaseError) {
        let now = StoredTime.milliseconds(clock.now())
        try database.use { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                try db.run("DELETE FROM sessions WHERE account_id = ?", [.integer(accountID)])
                try Self.record(.signedOutEverywhere, account: accountID, by: accountID, address: address, at: now, db)
            }
        }
    }

    /// The stored form of a session id: its SHA-256, or nil for text that is not an id
    /// `start` makes (refused before it is hashed or looked up).
    static func idHash(_ id: String) -> [UInt8]? {
        guard SecretBytes.isBase64URL(id, byteCount: sessionIDBytes) else { return nil }
        return SHA256.hash(id.utf8)
    }
}
