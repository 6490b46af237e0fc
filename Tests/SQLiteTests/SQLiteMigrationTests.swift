import Foundation
import SQLite
import Testing

@Suite("Named migrations: each once, in order, all or nothing")
struct SQLiteMigrationTests {
    private struct Refused: Error {}

    private static let first = SQLiteMigration(name: "notes-1", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    private static let second = SQLiteMigration(name: "notes-2") { db throws(SQLiteError) in
        try db.execute("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
        try db.run("INSERT INTO notes (body, pinned) VALUES (?, 1)", [.text("welcome")])
    }
    private static let monday = Date(timeIntervalSince1970: 1_795_000_000)

    private func applied(_ db: SQLiteConnection) throws -> [String] {
        try db.rows("SELECT name FROM migrations ORDER BY rowid") { $0.text(0) }
    }

    @Test func appliesEachMigrationOnceInOrderAndRecordsWhen() throws {
        let folder = try ScratchFolder()
        let db = try SQLiteConnection(path: folder.file("notes.sqlite"))

        #expect(try db.migrate([Self.first], appliedAt: Self.monday).isEmpty)
        #expect(try db.migrate([Self.first, Self.second], appliedAt: Self.monday.addingTimeInterval(60)).isEmpty)
        // A third run finds nothing to do: the welcome note is not added twice.
        try db.migrate([Self.first, Self.second], appliedAt: Self.monday.addingTimeInterval(120))

        #expect(try applied(db) == ["notes-1", "notes-2"])
        #expect(try db.rows("SELECT body, pinned FROM notes") { "\($0.text(0)) \($0.integer(1))" } == ["welcome 1"])
        let times = try db.rows("SELECT applied_at FROM migrations ORDER BY rowid") { $0.integer(0) }
        #expect(times == [1_795_000_000, 1_795_000_060])
    }

    @Test func aMigrationThatFailsLeavesNothingOfItself() throws {
        let folder = try ScratchFolder()
        let db = try SQLiteConnection(path: folder.file("notes.sqlite"))
        let broken = SQLiteMigration(name: "notes-2") { db throws(SQLiteError) in
            try db.execute("CREATE TABLE tags (name TEXT)")
            try db.execute("INSERT INTO no_such_table VALUES (1)")
        }

        #expect(throws: SQLiteError.self) { try db.migrate([Self.first, broken], appliedAt: Self.monday) }

        #expect(try applied(db) == ["notes-1"])
        #expect(try db.first("SELECT 1 FROM sqlite_master WHERE name = 'tags'") { $0.integer(0) } == nil)
        // Fixed, it runs at the next start.
        try db.migrate([Self.first, Self.second], appliedAt: Self.monday)
        #expect(try applied(db) == ["notes-1", "notes-2"])
    }

    @Test func namesANewerBuildAppliedAreReturnedNotDropped() throws {
        let folder = try ScratchFolder()
        let db = try SQLiteConnection(path: folder.file("notes.sqlite"))
        try db.migrate([Self.first, Self.second], appliedAt: Self.monday)

        let unknown = try db.migrate([Self.first], appliedAt: Self.monday)

        #expect(unknown == ["notes-2"])
        #expect(try db.appliedMigrations() == ["notes-1", "notes-2"])
    }

    @Test func aDatabaseAnotherConnectionMigratedIsLeftAsItIs() throws {
        let folder = try ScratchFolder()
        let one = try SQLiteConnection(path: folder.file("notes.sqlite"))
        let other = try SQLiteConnection(path: folder.file("notes.sqlite"))
        try other.migrate([Self.first, Self.second], appliedAt: Self.monday)

        try one.migrate([Self.first, Self.second], appliedAt: Self.monday)

        #expect(try one.rows("SELECT count(*) FROM notes") { $0.integer(0) } == [1])
        #expect(try applied(one) == ["notes-1", "notes-2"])
    }

    @Test func migrationsRecordedAsAppliedAreNotRunAgain() throws {
        let folder = try ScratchFolder()
        let db = try SQLiteConnection(path: folder.file("notes.sqlite"))
        // A schema an older scheme built: the notes table, and no migrations table yet.
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")

        try db.recordApplied([Self.first], appliedAt: Self.monday)
        try db.recordApplied([Self.first], appliedAt: Self.monday.addingTimeInterval(60))
        try db.migrate([Self.first, Self.second], appliedAt: Self.monday.addingTimeInterval(120))

        #expect(try applied(db) == ["notes-1", "notes-2"])
        let times = try db.rows("SELECT applied_at FROM migrations ORDER BY rowid") { $0.integer(0) }
        #expect(times == [1_795_000_000, 1_795_000_120])
        #expect(try db.rows("SELECT body FROM notes") { $0.text(0) } == ["welcome"])
    }
}
