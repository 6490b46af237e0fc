import Dispatch
import Foundation
import SQLite
import Synchronization

/// The accounts, their sessions, the sign-in and the first owner's setup, in the dashboard's
/// database (tables `accounts` and `sessions`, migration `accounts-1`; what happened to them
/// in `account_events`, migration `accounts-2`). Every time comes from the engine's clock.
///
/// Nothing secret is kept in clear: a password as its `PasswordHash`, a session id and a setup
/// token as their SHA-256 (they are 256 random bits, so a fast hash is enough: there is
/// nothing to guess from). The store logs nothing.
///
/// What may change is checked here, not by the pages: a name is unique without case, a new
/// password keeps to `PasswordPolicy`, and the last enabled owner can be neither disabled nor
/// demoted.
package final class AccountStore: Sendable {
    let database: DashboardDatabase
    let clock: any WallClock
    /// The iterations new password hashes take.
    package let hashing: PasswordHashing
    let throttle = SignInThrottle()
    let setup = Mutex<SetupToken?>(nil)
    /// How many days the accounts' events are kept: as long as the history journal's entries.
    package let eventDays: Int

    package init(
        database: DashboardDatabase, clock: any WallClock, hashing: PasswordHashing, eventDays: Int
    ) {
        self.database = database
        self.clock = clock
        self.hashing = hashing
        self.eventDays = eventDays
    }

    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(
            name: "accounts-1",
            sql: """
                CREATE TABLE accounts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    role TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    disabled INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    changed_at INTEGER NOT NULL
                );
                CREATE TABLE sessions (
                    id_hash BLOB PRIMARY KEY,
                    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    started_at INTEGER NOT NULL,
                    last_used_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX sessions_by_account ON sessions (account_id);
                """),
        SQLiteMigration(
            name: "accounts-2",
            sql: """
                CREATE TABLE account_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    account_id INTEGER,
                    actor_id INTEGER,
                    address TEXT,
                    role_before TEXT,
                    role_after TEXT
                );
                CREATE INDEX account_events_by_time ON account_events (at);
                """),
    ]

    // MARK: Reading

    /// Every account, by name.
    package func accounts() throws(DatabaseError) -> [Account] {
        try database.use { db throws(SQLiteError) in
            try db.rows("SELECT id, name, role, disabled, created_at, changed_at FROM accounts ORDER BY name_key", [], Self.account)
        }
    }

    package func account(id: Int) throws(DatabaseError) -> Account? {
        try database.use { db throws(SQLiteError) in try Self.account(id, db) }
    }

    /// Whether any account is an owner: the first owner's setup is over once one is.
    package func hasOwner() throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) in try Self.hasOwner(db) }
    }

    // MARK: Changing

    /// Adds an account. Throws `AccountNameProblem`, `PasswordProblem` or `DatabaseError`.
    package func add(name: String, password: String, role: Role, by origin: ChangedBy = .commandLine) async throws -> Account {
        let name = try AccountName(name)
        if let problem = PasswordPolicy.problem(password) { throw problem }
        // A taken name is told before the slow hash, and checked again as the row goes in.
        if try database.use({ db throws(SQLiteError) in try Self.isTaken(name, db) }) { throw AccountNameProblem(.taken) }
        let hash = await hash(password)
        let now = StoredTime.milliseconds(clock.now())
        let added = try database.use { db throws(SQLiteError) -> Account? in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Account? in
                if try Self.isTaken(name, db) { return nil }
                try Self.insert(name, role: role, hash: hash, at: now, db)
                let id = db.lastInsertRowID
                try Self.record(.added, account: id, by: origin.accountID, address: origin.address, after: role, at: now, db)
                return try Self.account(id, db)
            }
        }
        guard let added else { throw AccountNameProblem(.taken) }
        return added
    }

    /// Gives an account another role. Throws `AccountRefusal` (`.lastOwner` when it is the last
    /// enabled owner and `role` is not owner; `.notFound`) or `DatabaseError`.
    package func changeRole(_ accountID: Int, to role: Role, by origin: ChangedBy = .commandLine) throws {
        try change(accountID) { account, db throws(SQLiteError) -> AccountRefusal? in
            if account.role == .owner, role != .owner, !account.isDisabled, try Self.isLastEnabledOwner(accountID, db) {
                return AccountRefusal(.lastOwner)
            }
            let now = StoredTime.milliseconds(clock.now())
            try db.run("UPDATE accounts SET role = ?, changed_at = ? WHERE id = ?", [.text(role.rawValue), .integer(now), .integer(accountID)])
            if account.role != role {
                try Self.record(
                    .roleChanged, account: accountID, by: origin.accountID, address: origin.address, before: account.role, after: role, at: now,
                    db)
            }
            return nil
        }
    }

    /// Disables an account (its sessions end, and it cannot sign in) or enables it again.
    /// Throws `AccountRefusal` (`.lastOwner` when it is the last enabled owner; `.notFound`)
    /// or `DatabaseError`.
    package func setDisabled(_ accountID: Int, _ disabled: Bool, by origin: ChangedBy = .commandLine) throws {
        try change(accountID) { account, db throws(SQLiteError) -> AccountRefusal? in
            if disabled, account.role == .owner, !account.isDisabled, try Self.isLastEnabledOwner(accountID, db) {
                return AccountRefusal(.lastOwner)
            }
            let now = StoredTime.milliseconds(clock.now())
            try db.run(
                "UPDATE accounts SET disabled = ?, changed_at = ? WHERE id = ?", [.integer(disabled ? 1 : 0), .integer(now), .integer(accountID)])
            if disabled { try db.run("DELETE FROM sessions WHERE account_id = ?", [.integer(accountID)]) }
            if account.isDisabled != disabled {
                try Self.record(disabled ? .disabled : .enabled, account: accountID, by: origin.accountID, address: origin.address, at: now, db)
            }
            return nil
        }
    }

    /// Sets an account's password (an owner's reset, or the command line's for a forgotten
    /// one). Every session of the account ends but `keepingSession` (the one that made the
    /// change, when it is the account's own). Throws `PasswordProblem`, `AccountRefusal`
    /// (`.notFound`) or `DatabaseError`.
    package func resetPassword(
        _ accountID: Int, to password: String, keepingSession: String? = nil, by origin: ChangedBy = .commandLine
    ) async throws {
        if let problem = PasswordPolicy.problem(password) { throw problem }
        let hash = await hash(password)
        try setHash(accountID, hash, keepingSession: keepingSession, event: .passwordReset, by: origin)
    }

    /// Changes an account's own password, given its current one ("my account"), from
    /// `address`. Every other session of the account ends. Throws `AccountRefusal`
    /// (`.wrongPassword`, `.tooManyTries`, `.notFound`), `PasswordProblem` or `DatabaseError`.
    ///
    /// A wrong current password counts in the sign-in throttle as a failed sign-in of the
    /// account from `address`, and a try during the throttle's wait is refused without checking
    /// it, so this form cannot guess a password faster than the sign-in form; both refusals
    /// carry when the next try is allowed.
    package func changePassword(_ accountID: Int, current: String, new: String, keepingSession: String?, address: String) async throws {
        if let problem = PasswordPolicy.problem(new) { throw problem }
        let stored = try database.use { db throws(SQLiteError) in
            try db.first("SELECT password_hash, name_key FROM accounts WHERE id = ?", [.integer(accountID)]) { (hash: $0.text(0), key: $0.text(1)) }
        }
        guard let stored else { throw AccountRefusal(.notFound) }
        if let next = throttle.waitUntil(name: stored.key, address: address, now: clock.now()) {
            if throttle.noteRefusal(name: stored.key, address: address) {
                try record(.throttled, account: accountID, by: accountID, address: address)
            }
            throw AccountRefusal(.tooManyTries, nextTryAt: next)
        }
        let hash = PasswordHash(stored: stored.hash) ?? .unmatchable(hashing)
        guard await Self.offThePool({ hash.verify(current) }) else {
            let next = throttle.failed(name: stored.key, address: address, now: clock.now())
            throw AccountRefusal(.wrongPassword, nextTryAt: next)
        }
        throttle.succeeded(name: stored.key)
        try setHash(
            accountID, await self.hash(new), keepingSession: keepingSession, event: .passwordChanged,
            by: ChangedBy(accountID: accountID, address: address))
    }

    /// Stores a new password's hash and ends every session of the account but `keepingSession`;
    /// `event` says whose change it was.
    func setHash(_ accountID: Int, _ hash: PasswordHash, keepingSession: String?, event: AccountEvent.Kind, by origin: ChangedBy) throws {
        let kept = keepingSession.flatMap(Self.idHash)
        try change(accountID) { _, db throws(SQLiteError) -> AccountRefusal? in
            let now = StoredTime.milliseconds(clock.now())
            try db.run("UPDATE accounts SET password_hash = ?, changed_at = ? WHERE id = ?", [.text(hash.stored), .integer(now), .integer(accountID)])
            try db.run(
                "DELETE FROM sessions WHERE account_id = ? AND id_hash IS NOT ?", [.integer(accountID), kept.map { .blob($0) } ?? .null])
            try Self.record(event, account: accountID, by: origin.accountID, address: origin.address, at: now, db)
            return nil
        }
    }

    /// Stores the same password's hash made again with today's iterations: the password did
    /// not change, so no session ends and the account's change time stays.
    func storeRehash(_ accountID: Int, _ hash: PasswordHash) throws(DatabaseError) {
        try database.use { db throws(SQLiteError) in
            try db.run("UPDATE accounts SET password_hash = ? WHERE id = ?", [.text(hash.stored), .integer(accountID)])
        }
    }

    /// Runs `body` on the account in one transaction; throws what it refuses, or `.notFound`.
    private func change(
        _ accountID: Int, _ body: (Account, SQLiteConnection) throws(SQLiteError) -> AccountRefusal?
    ) throws {
        let refusal = try database.use { db throws(SQLiteError) -> AccountRefusal? in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> AccountRefusal? in
                guard let account = try Self.account(accountID, db) else { return AccountRefusal(.notFound) }
                return try body(account, db)
            }
        }
        if let refusal { throw refusal }
    }

    /// A new hash of `password`, made on a Dispatch thread: a hash takes a good part of a
    /// second on purpose, and the page handlers share Swift's few task threads.
    func hash(_ password: String) async -> PasswordHash {
        let hashing = self.hashing
        return await Self.offThePool { PasswordHash(password: password, hashing: hashing) }
    }

    static func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    // MARK: Rows

    /// An account from `id, name, role, disabled, created_at, changed_at`.
    static func account(_ row: SQLiteRow) -> Account {
        Account(
            id: row.integer(0), name: row.text(1), role: Role(rawValue: row.text(2)) ?? .viewer, isDisabled: row.integer(3) != 0,
            createdAt: StoredTime.date(milliseconds: row.integer(4)), changedAt: StoredTime.date(milliseconds: row.integer(5)))
    }

    static func account(_ id: Int, _ db: SQLiteConnection) throws(SQLiteError) -> Account? {
        try db.first("SELECT id, name, role, disabled, created_at, changed_at FROM accounts WHERE id = ?", [.integer(id)], account)
    }

    static func isTaken(_ name: AccountName, _ db: SQLiteConnection) throws(SQLiteError) -> Bool {
        try db.first("SELECT 1 FROM accounts WHERE name_key = ?", [.text(name.key)]) { _ in true } ?? false
    }

    static func hasOwner(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
        try db.first("SELECT 1 FROM accounts WHERE role = 'owner' LIMIT 1") { _ in true } ?? false
    }

    /// Whether no enabled owner but `accountID` exists.
    static func isLastEnabledOwner(_ accountID: Int, _ db: SQLiteConnection) throws(SQLiteError) -> Bool {
        let others = try db.first(
            "SELECT count(*) FROM accounts WHERE role = 'owner' AND disabled = 0 AND id != ?", [.integer(accountID)]
        ) { $0.integer(0) }
        return others == 0
    }

    static func insert(_ name: AccountName, role: Role, hash: PasswordHash, at now: Int, _ db: SQLiteConnection) throws(SQLiteError) {
        try db.run(
            "INSERT INTO accounts (name, name_key, role, password_hash, created_at, changed_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(name.text), .text(name.key), .text(role.rawValue), .text(hash.stored), .integer(now), .integer(now)])
    }
}
