import Foundation
import SQLite
import Testing

@testable import DashboardEngine

/// A migration written in Swift: applied once, in order with the SQL ones, inside its own
/// transaction, so a step that fails leaves nothing of itself and is tried again next time.
@Suite struct SwiftMigrationTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    static let notes = SQLiteMigration(
        name: "notes-1", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")

    /// Upper-cases every note, row by row, as a data step does.
    static let shout = SQLiteMigration(name: "notes-2") { db throws(SQLiteError) in
        for (id, text) in try db.rows("SELECT id, text FROM notes", [], { ($0.integer(0), $0.text(1)) }) {
            try db.run("UPDATE notes SET text = ? WHERE id = ?", [.text(text.uppercased()), .integer(id)])
        }
    }

    /// Changes a row, then fails.
    static let broken = SQLiteMigration(name: "notes-2") { db throws(SQLiteError) in
        try db.run("UPDATE notes SET text = 'half done'")
        try db.execute("INSERT INTO no_such_table VALUES (1)")
    }

    func texts(_ database: DashboardDatabase) throws -> [String] {
        try database.use { db throws(SQLiteError) in try db.rows("SELECT text FROM notes ORDER BY id") { $0.text(0) } }
    }

    @Test func aSwiftStep_runsOnceAfterTheSQLBeforeIt() throws {
        do {
            let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
            try database.use { db throws(SQLiteError) in try db.run("INSERT INTO notes (text) VALUES (?), (?)", [.text("one"), .text("two")]) }
        }
        let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes, Self.shout], durable: false, clock: ManualWallClock())
        #expect(try texts(database) == ["ONE", "TWO"])
        // Opened again, the step does not run again: a row added since stays as it is.
        try database.use { db throws(SQLiteError) in try db.run("INSERT INTO notes (text) VALUES (?)", [.text("three")]) }
        let again = try DashboardDatabase(directory: folder.url, migrations: [Self.notes, Self.shout], durable: false, clock: ManualWallClock())
        #expect(try texts(again) == ["ONE", "TWO", "three"])
        let applied = try again.use { db throws(SQLiteError) in try db.rows("SELECT name FROM migrations ORDER BY rowid") { $0.text(0) } }
        #expect(applied == ["notes-1", "notes-2"])
    }

    @Test func aSwiftStepThatFails_stopsTheOpen_andLeavesNothingOfItself() throws {
        do {
            let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
            try database.use { db throws(SQLiteError) in try db.run("INSERT INTO notes (text) VALUES (?)", [.text("one")]) }
        }
        #expect(throws: DashboardDatabaseError.self) {
            _ = try DashboardDatabase(directory: folder.url, migrations: [Self.notes, Self.broken], durable: false, clock: ManualWallClock())
        }
        let database = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        #expect(try texts(database) == ["one"], "the failed step's change is rolled back")
        let applied = try database.use { db throws(SQLiteError) in try db.rows("SELECT name FROM migrations ORDER BY rowid") { $0.text(0) } }
        #expect(applied == ["notes-1"], "and it is not recorded, so a fixed step runs next time")
    }
}
