import Foundation
import SQLite
import Testing

@Suite("A connection: statements, values, transactions, errors that name the file")
struct SQLiteConnectionTests {
    private struct Refused: Error {}

    private func entries(_ db: SQLiteConnection) throws -> [String] {
        try db.rows("SELECT body FROM entries ORDER BY id") { $0.text(0) }
    }

    private func journal(in folder: ScratchFolder) throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: folder.file("journal.sqlite"))
        try db.execute("CREATE TABLE entries (id INTEGER PRIMARY KEY, body TEXT NOT NULL, note TEXT)")
        return db
    }

    @Test func rowsWrittenInATransactionReadBackWithTheirIds() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)

        let ids = try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> [Int] in
            var ids: [Int] = []
            for body in ["first", "второй", "", "🧺 third"] {
                try db.run("INSERT INTO entries (body) VALUES (?)", [.text(body)])
                #expect(db.changes == 1)
                ids.append(db.lastInsertRowID)
            }
            return ids
        }

        #expect(ids == [1, 2, 3, 4])
        #expect(try entries(db) == ["first", "второй", "", "🧺 third"])
        // Another connection sees the commit.
        #expect(try entries(SQLiteConnection(path: folder.file("journal.sqlite"))) == ["first", "второй", "", "🧺 third"])
    }

    @Test func changesCountsTheRowsTheLastStatementTouched() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)
        for body in ["a", "b", "c"] { try db.run("INSERT INTO entries (body) VALUES (?)", [.text(body)]) }

        try db.run("UPDATE entries SET note = ? WHERE body <> ?", [.text("seen"), .text("b")])
        #expect(db.changes == 2)
        try db.run("DELETE FROM entries WHERE body = ?", ["absent"])
        #expect(db.changes == 0)
    }

    @Test func valuesRoundTrip() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)
        try db.run("INSERT INTO entries (id, body, note) VALUES (?, ?, ?)", [.integer(Int(Int32.max) + 7), "text", .null])

        let row = try db.first("SELECT id, body, note FROM entries") { ($0.integer(0), $0.text(1), $0.isNull(2), $0.isNull(1)) }

        #expect(row?.0 == Int(Int32.max) + 7)
        #expect(row?.1 == "text")
        #expect(row?.2 == true)
        #expect(row?.3 == false)
    }

    /// Bytes go in and come out as they are: every byte value, NUL included, an empty blob
    /// (not NULL) and one larger than a page.
    @Test func blobsRoundTripByteForByte() throws {
        let folder = try ScratchFolder()
        let db = try SQLiteConnection(path: folder.file("blobs.sqlite"))
        try db.execute("CREATE TABLE files (id INTEGER PRIMARY KEY, bytes BLOB)")
        let every = (0..<512).map { UInt8(truncatingIfNeeded: $0) }
        let large = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        for bytes in [every, [], large] { try db.run("INSERT INTO files (bytes) VALUES (?)", [.blob(bytes)]) }
        try db.run("INSERT INTO files (bytes) VALUES (?)", [.null])

        let rows = try db.rows("SELECT bytes, typeof(bytes), length(bytes) FROM files ORDER BY id") {
            ($0.blob(0), $0.text(1), $0.integer(2), $0.isNull(0))
        }

        #expect(rows.map(\.0) == [every, [], large, []])
        #expect(rows.map(\.1) == ["blob", "blob", "blob", "null"])
        #expect(rows.map(\.2) == [512, 0, 70_000, 0])
        #expect(rows.map(\.3) == [false, false, false, true])
        // The same statement again with other bytes: nothing of the last binding is left.
        try db.run("INSERT INTO files (bytes) VALUES (?)", [.blob([1, 2, 3])])
        #expect(try db.first("SELECT bytes FROM files ORDER BY id DESC LIMIT 1") { $0.blob(0) } == [1, 2, 3])
    }

    @Test func aThrowingTransactionLeavesNothingBehind() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)
        try db.run("INSERT INTO entries (body) VALUES (?)", ["kept"])

        #expect(throws: Refused.self) {
            try db.transaction(.immediate, mapError: { _ in Refused() }) { () throws(Refused) in
                do {
                    try db.run("INSERT INTO entries (body) VALUES (?)", ["rolled back"])
                } catch {
                    Issue.record("the insert failed: \(error)")
                }
                throw Refused()
            }
        }

        #expect(try entries(db) == ["kept"])
        // Out of the transaction: the next write commits on its own.
        try db.run("INSERT INTO entries (body) VALUES (?)", ["after"])
        #expect(try entries(SQLiteConnection(path: folder.file("journal.sqlite"))) == ["kept", "after"])
    }

    @Test func aFailedStatementNamesTheFileTheStatementAndSQLitesReason() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)

        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO entries (body) VALUES (?)", [.null])
        }

        #expect(error?.code == 1299)  // SQLITE_CONSTRAINT_NOTNULL
        #expect(error?.description.hasPrefix("\(folder.file("journal.sqlite")): step INSERT INTO entries") == true)
        #expect(error?.message.contains("NOT NULL") == true)
    }

    @Test func theWrongNumberOfValuesIsRefusedBeforeStepping() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)

        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO entries (body, note) VALUES (?, ?)", ["only one"])
        }

        #expect(error?.code == 25)  // SQLITE_RANGE
        #expect(error?.message == "1 values for 2 parameters")
        #expect(try entries(db).isEmpty)
    }

    /// A file that is not a database opens (SQLite reads lazily) and its first query throws,
    /// naming the file; nothing crashes and the file is left as it was.
    @Test func aDamagedFileIsAnErrorNamingIt() throws {
        let folder = try ScratchFolder()
        let path = folder.file("damaged.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: SQLiteError.self) {
            let db = try SQLiteConnection(path: path)
            _ = try db.rows("SELECT name FROM sqlite_master") { $0.text(0) }
        }

        #expect(error?.code == 26)  // SQLITE_NOTADB
        #expect(error?.file == path)
        #expect(error?.description.contains(path) == true)
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func writeAheadLogAndFullSyncAreSetAndKept() throws {
        let folder = try ScratchFolder()
        let db = try journal(in: folder)

        try db.useWriteAheadLog()
        try db.setSynchronous(.full)

        #expect(try db.first("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try db.first("PRAGMA synchronous") { $0.integer(0) } == 2)  // FULL
        try db.setSynchronous(.off)
        #expect(try db.first("PRAGMA synchronous") { $0.integer(0) } == 0)  // OFF
        // The journal mode is stored in the file: a new connection finds it.
        #expect(try SQLiteConnection(path: folder.file("journal.sqlite")).first("PRAGMA journal_mode") { $0.text(0) } == "wal")
    }

    @Test func aDatabaseThatCannotUseAWriteAheadLogSaysSo() throws {
        let db = try SQLiteConnection(path: ":memory:")

        let error = #expect(throws: SQLiteError.self) {
            try db.useWriteAheadLog()
        }

        #expect(error?.message == "the database stays in journal mode \"memory\"")
    }
}
