import Foundation
import SQLite
import Synchronization

/// The market's SQLite database: one writer connection and a few reader connections, each
/// behind its own lock. WAL mode lets readers work while a write commits.
///
/// Durability: `synchronous=FULL` when `durable`, so COMMIT returns only after the WAL is
/// fsynced: an acknowledged write survives kill -9 and a power cut. (NORMAL would survive
/// kill -9 but could lose the last commits on power loss; the market acknowledges a write
/// only after COMMIT, so we keep FULL. Tests pass `durable: false`: OFF, crash of the process
/// still safe, not of the machine.)
final class MarketDatabase: Sendable {
    let path: String
    private let writer: Mutex<SQLiteConnection>
    private let readers: [ReaderSlot]
    private let nextReader = Atomic<UInt>(0)

    private final class ReaderSlot: Sendable {
        let connection: Mutex<SQLiteConnection>
        init(_ connection: consuming sending SQLiteConnection) {
            self.connection = Mutex(connection)
        }
    }

    /// Opens (creating if needed) and migrates the database at `path`.
    init(path: String, durable: Bool, readers readerCount: Int = 3) throws(SQLiteError) {
        self.path = path
        let db = try SQLiteConnection(path: path)
        try db.execute("PRAGMA busy_timeout = 10000")
        // Stored in the file: "wal" from here on, for the reader connections too.
        try db.useWriteAheadLog()
        try db.execute("PRAGMA foreign_keys = ON")
        // After a checkpoint the WAL is cut back to this, not left at its largest size.
        try db.execute("PRAGMA journal_size_limit = 16777216")
        try db.setSynchronous(durable ? .full : .off)
        // The time a migration was applied is kept for a person reading the file only.
        try MarketSchema.migrate(db, at: Date())
        writer = Mutex(db)
        var slots: [ReaderSlot] = []
        for _ in 0..<max(1, readerCount) {
            let reader = try SQLiteConnection(path: path)
            try reader.execute("PRAGMA busy_timeout = 10000")
            try reader.execute("PRAGMA query_only = ON")
            slots.append(ReaderSlot(reader))
        }
        readers = slots
    }

    /// Runs `body` on the writer connection, one writer at a time. `body` opens its own
    /// transaction (`db.transaction(.immediate, ...)`).
    func write<Result: Sendable, Failure: Error>(
        _ body: (SQLiteConnection) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try writer.withLock { (db: inout SQLiteConnection) throws(Failure) -> Result in
            try body(db)
        }
    }

    /// Copies the WAL into the database and truncates it: after a large install, so the WAL
    /// does not stay as big as the catalog.
    func checkpoint() throws(SQLiteError) {
        try write { db throws(SQLiteError) in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Runs `body` in a read transaction (one consistent snapshot) on a free reader
    /// connection, or waits for one.
    func read<Result: Sendable>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        let start = Int(nextReader.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(readers.count))
        for step in 0..<readers.count {
            let slot = readers[(start + step) % readers.count]
            let result = try slot.connection.withLockIfAvailable { (db: inout SQLiteConnection) throws(SQLiteError) -> Result in
                try Self.snapshot(db, body)
            }
            if let result { return result }
        }
        return try readers[start].connection.withLock { (db: inout SQLiteConnection) throws(SQLiteError) -> Result in
            try Self.snapshot(db, body)
        }
    }

    private static func snapshot<Result>(
        _ db: SQLiteConnection, _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        try db.transaction(.deferred, mapError: { $0 }) { () throws(SQLiteError) -> Result in try body(db) }
    }
}
