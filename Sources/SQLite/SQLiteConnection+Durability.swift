/// The settings that decide what a commit survives, for a caller that keeps data it has
/// acknowledged (the market's writes, a journal).
extension SQLiteConnection {
    /// When a COMMIT returns relative to the disk (`PRAGMA synchronous`).
    package enum Synchronous: Sendable {
        /// No fsync: a crash of the process is survived, a power cut may lose recent commits
        /// or, outside WAL mode, damage the file (for tests).
        case off
        /// In WAL mode, fsync at checkpoints only: the last commits may be lost on power loss.
        case normal
        /// In WAL mode, fsync of the WAL at every COMMIT: a commit that returned survives a
        /// power cut.
        case full
    }

    /// Writes through a write-ahead log (`PRAGMA journal_mode = WAL`): readers on other
    /// connections keep their snapshot while a write commits. The mode is kept in the file.
    /// Throws if SQLite keeps another mode: it answers with the mode in force, and some
    /// databases (in memory, on a file system without shared memory) cannot use WAL.
    package func useWriteAheadLog() throws(SQLiteError) {
        let mode = try first("PRAGMA journal_mode = WAL") { $0.text(0) } ?? ""
        guard mode.lowercased() == "wal" else {
            throw SQLiteError(
                code: 0, message: "the database stays in journal mode \"\(mode)\"", operation: "PRAGMA journal_mode = WAL",
                file: path)
        }
    }

    /// Sets `PRAGMA synchronous` for this connection (it is not stored in the file: every
    /// connection that writes sets it).
    package func setSynchronous(_ level: Synchronous) throws(SQLiteError) {
        switch level {
        case .off: try execute("PRAGMA synchronous = OFF")
        case .normal: try execute("PRAGMA synchronous = NORMAL")
        case .full: try execute("PRAGMA synchronous = FULL")
        }
    }
}
