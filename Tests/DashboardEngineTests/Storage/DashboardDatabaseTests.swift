import SQLite
import Foundation
import Testing

@testable import DashboardEngine

@Suite struct DashboardDatabaseTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    static let notes = SQLiteMigration(
        name: "notes-1", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    static let noteTags = SQLiteMigration(name: "notes-2", sql: "ALTER TABLE notes ADD COLUMN tag TEXT")

    @Test func migrations_applyOnce_inOrder_andWhatWasWrittenStays() throws {
        do {
            let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
            try database.use { db throws(SQLiteError) in try db.run("INSERT INTO notes (text) VALUES (?)", [.text("kept")]) }
        }
        // Opened again with one more migration: the first is not run again (it would fail:
        // the table exists), the second is, and the row is still there.
        let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes, Self.noteTags], durable: false, clock: ManualWallClock())
        let rows = try database.use { db throws(SQLiteError) in try db.rows("SELECT text, tag FROM notes") { ($0.text(0), $0.isNull(1)) } }
        #expect(rows.count == 1)
        #expect(rows.first?.0 == "kept")
        #expect(rows.first?.1 == true)
        let applied = try database.use { db throws(SQLiteError) in try db.rows("SELECT name FROM migrations ORDER BY rowid") { $0.text(0) } }
        #expect(applied == ["notes-1", "notes-2"])
    }

    /// After a clean stop's checkpoint, `dashboard.sqlite` holds every commit on its own: a
    /// copy of that one file, without its -wal, has them all.
    @Test func aCheckpoint_leavesEverythingInTheOneFile() throws {
        let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        try database.use { db throws(SQLiteError) in
            for number in 1...50 { try db.run("INSERT INTO notes (text) VALUES (?)", [.text("note \(number)")]) }
        }
        let file = folder.url.appendingPathComponent(DashboardDatabase.fileName)
        let log = URL(fileURLWithPath: file.path + "-wal")
        let logged = try #require(try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int)
        #expect(logged > 0, "the commits are in the write-ahead log before the checkpoint")
        try database.checkpoint()
        #expect(try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int == 0)

        let copy = TemporaryDirectory()
        defer { copy.remove() }
        try FileManager.default.createDirectory(at: copy.url, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: copy.url.appendingPathComponent(DashboardDatabase.fileName))
        let copied = try DashboardDatabase(directory: copy.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        #expect(try copied.use { db throws(SQLiteError) in try db.rows("SELECT count(*) FROM notes") { $0.integer(0) } } == [50])
    }

    @Test func aFileThatIsNotADatabase_stopsWithOneLineNamingIt_andIsLeftAsItWas() throws {
        let file = folder.url.appendingPathComponent(DashboardDatabase.fileName)
        let garbage = Data(repeating: 0x41, count: 8192)
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try garbage.write(to: file)
        #expect {
            _ = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        } throws: { error in
            let line = String(describing: error)
            return line.contains(file.path) && line.contains("cannot be used") && !line.contains("\n")
        }
        #expect(try Data(contentsOf: file) == garbage, "never replaced silently")
    }
}
