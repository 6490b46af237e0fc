import Foundation
import SQLite
import Synchronization

/// The dashboard's own SQLite database in the data directory (`dashboard.sqlite`): what the
/// market does not keep for us (batches, the history journal, the recycle bin). Each feature
/// owns its tables and declares its migrations; whoever opens the database passes the one list
/// (`Engine.migrations`), and `init` applies the ones not applied yet, in order, each in its
/// own transaction, and remembers them in `migrations` with `clock`'s time.
///
/// Durability: WAL with `synchronous=FULL`, so a COMMIT returns after the log is on disk and
/// an acknowledged write survives kill -9 and a power cut. A file that is not a database
/// stops start-up with one line naming it; it is never replaced silently.
package final class DashboardDatabase: Sendable {
    /// One step of one feature's schema or data: applied once, in order, in one transaction
    /// with the row that records it, never changed after release. Most are SQL; a step that
    /// rewrites stored values from one format to the next is Swift, run with the connection.
    package struct Migration: Sendable {
        /// Unique and stable: `batches-1`, `journal-1`, ...
        let name: String
        let run: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void

        package init(name: String, sql: StaticString) {
            self.name = name
            run = { db throws(SQLiteError) in try db.execute(sql) }
        }

        package init(name: String, run: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Void) {
            self.name = name
            self.run = run
        }
    }

    let path: String
    private let connection: Mutex<SQLiteConnection>

    static let fileName = "dashboard.sqlite"

    /// Opens (creating if needed) the database in `directory` and applies `migrations`.
    package init(
        directory: URL, migrations: [Migration], durable: Bool = true, clock: any WallClock = SystemWallClock()
    ) throws(DashboardDatabaseError) {
        path = directory.appendingPathComponent(Self.fileName).path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DashboardDatabaseError(path: path, reason: "the folder cannot be created (\(error.localizedDescription))")
        }
        do {
            let db = try SQLiteConnection(path: path)
            try db.execute("PRAGMA busy_timeout = 10000")
            try db.useWriteAheadLog()
            try db.setSynchronous(durable ? .full : .off)
            // Migrations run with foreign keys off, as SQLite's way of making a table anew asks
            // (`PRAGMA foreign_keys` cannot change inside their transactions): dropping the old
            // table then deletes none of the rows that refer to it.
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
            let applied = Set(try db.rows("SELECT name FROM migrations") { $0.text(0) })
            for migration in migrations where !applied.contains(migration.name) {
                try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                    try migration.run(db)
                    try db.run(
                        "INSERT INTO migrations (name, applied_at) VALUES (?, ?)",
                        [.text(migration.name), .integer(Int(clock.now().timeIntervalSince1970))])
                }
            }
            try db.execute("PRAGMA foreign_keys = ON")
            connection = Mutex(db)
        } catch {
            throw DashboardDatabaseError(path: path, reason: error.description)
        }
    }

    /// Folds the write-ahead log into `dashboard.sqlite` and empties it, at a clean stop: the
    /// file then holds everything on its own, so copying or moving it alone loses nothing.
    /// (After a kill the log is folded in at the next start, as SQLite always does.)
    package func checkpoint() throws(SQLiteError) {
        try use { db throws(SQLiteError) in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Runs `body` with the connection, one caller at a time. Writers open their own
    /// transaction (`db.transaction(.immediate, ...)`).
    func use<Result: Sendable, Failure: Error>(
        _ body: (SQLiteConnection) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try connection.withLock { (db: inout SQLiteConnection) throws(Failure) -> Result in
            try body(db)
        }
    }
}

/// The dashboard's database cannot be used: start-up stops with this line.
package struct DashboardDatabaseError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    package var description: String {
        "the dashboard's database \(path) cannot be used: \(reason). Move the file away to start with an empty one "
            + "(batches, history and the recycle bin live there)."
    }
}
