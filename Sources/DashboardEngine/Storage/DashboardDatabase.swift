import Foundation
import Glibc
import SQLite
import Synchronization

/// The dashboard's own SQLite database in the data directory (`dashboard.sqlite`): what the
/// market does not keep for us (batches, the history journal, the recycle bin). Each feature
/// owns its tables and declares its migrations (`SQLiteMigration`, the scheme the embedded
/// market's database uses too); whoever opens the database passes the one list
/// (`Engine.migrations`), and `init` applies the ones not applied yet, in order, each in its
/// own transaction, and remembers them in `migrations` with `clock`'s time.
///
/// Durability: WAL with `synchronous=FULL`, so a COMMIT returns after the log is on disk and
/// an acknowledged write survives kill -9 and a power cut. A file that is not a database
/// stops start-up with one line naming it; it is never replaced silently.
package final class DashboardDatabase: Sendable {
    let path: String
    private let connection: Mutex<SQLiteConnection>

    static let fileName = "dashboard.sqlite"

    /// Opens (creating if needed) the database in `directory` and applies `migrations`.
    package init(
        directory: URL, migrations: [SQLiteMigration], durable: Bool = true, clock: any WallClock
    ) throws(DashboardDatabaseError) {
        path = directory.appendingPathComponent(Self.fileName).path
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: Self.folderMode])
        } catch {
            throw DashboardDatabaseError(path: path, reason: "the folder cannot be created (\(error.localizedDescription))")
        }
        Self.keepPrivate(folder: directory.path)
        do {
            let db = try SQLiteConnection(path: path)
            // SQLite gives the -wal and -shm files the mode of the database file, so they are
            // owner-only from their creation below.
            for file in [path, path + "-wal", path + "-shm"] { Self.keepPrivate(file: file) }
            try db.execute("PRAGMA busy_timeout = 10000")
            try db.useWriteAheadLog()
            try db.setSynchronous(durable ? .full : .off)
            // Migrations run with foreign keys off, as SQLite's way of making a table anew asks
            // (`PRAGMA foreign_keys` cannot change inside their transactions): dropping the old
            // table then deletes none of the rows that refer to it.
            try db.execute("PRAGMA foreign_keys = OFF")
            // A name this build does not know is a newer build's table: its rows are left as
            // they are, as the dashboard has always done.
            try db.migrate(migrations, appliedAt: clock.now())
            try db.execute("PRAGMA foreign_keys = ON")
            connection = Mutex(db)
        } catch {
            throw DashboardDatabaseError(path: path, reason: error.description)
        }
    }

    /// The data directory's mode: the owner's only. It holds the accounts' password hashes and
    /// sessions, the history and the kept products, and a shared machine's other users have no
    /// business reading them.
    static let folderMode: Int = 0o700
    /// The database file's mode (and its -wal and -shm): the owner's only, so that a copy moved
    /// out of the folder stays private too.
    static let fileMode: mode_t = 0o600

    /// Takes the rights of the group and of others off the data directory. A directory made by
    /// an older build, by hand or by another program with wider rights is tightened at every
    /// start, as the folder's mode is what keeps its files private; a directory the process
    /// does not own, or a shared one (sticky, such as /tmp), is left as it is.
    static func keepPrivate(folder: String) {
        var status = stat()
        guard stat(folder, &status) == 0, status.st_uid == geteuid(), status.st_mode & S_ISVTX == 0,
            status.st_mode & 0o077 != 0
        else { return }
        _ = chmod(folder, status.st_mode & 0o700)
    }

    /// Sets an existing file of the database to owner-only.
    static func keepPrivate(file: String) {
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & 0o777 != fileMode else { return }
        _ = chmod(file, fileMode)
    }

    /// Folds the write-ahead log into `dashboard.sqlite` and empties it, at a clean stop: the
    /// file then holds everything on its own, so copying or moving it alone loses nothing.
    /// (After a kill the log is folded in at the next start, as SQLite always does.)
    func checkpoint() throws(DatabaseError) {
        try use { db throws(SQLiteError) in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Runs `body` with the connection, one caller at a time. Writers open their own
    /// transaction (`db.transaction(.immediate, ...)`). SQLite's error becomes a
    /// `DatabaseError` here, at the edge of the database: nothing above it names SQLite.
    func use<Result: Sendable>(_ body: (SQLiteConnection) throws(SQLiteError) -> Result) throws(DatabaseError) -> Result {
        do {
            return try connection.withLock { (db: inout SQLiteConnection) throws(SQLiteError) -> Result in
                try body(db)
            }
        } catch {
            throw DatabaseError(error)
        }
    }
}

/// An operation on the dashboard's database failed (the disk, a lock held too long, a file
/// that went bad). The pages word it as the dashboard's own records being unavailable; its
/// description, with SQLite's message, is for the log.
package struct DatabaseError: Error, CustomStringConvertible {
    package let description: String

    init(_ error: SQLiteError) {
        description = "the dashboard's database: \(error.description)"
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
