import Foundation
import Glibc
import SQLite
import Testing

@testable import DashboardEngine

/// The data directory and the database's files are the owner's only (`stat`).
@Suite struct DataFolderModeTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    static let notes = SQLiteMigration(name: "notes-1", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")

    @Test func aNewFolder_is0700_andTheDatabaseFiles_0600() throws {
        let directory = folder.url.appendingPathComponent("data")
        let database = try DashboardDatabase(directory: directory, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        try database.use { db throws(SQLiteError) in try db.run("INSERT INTO notes (text) VALUES (?)", [.text("a note")]) }
        let file = directory.appendingPathComponent(DashboardDatabase.fileName).path
        #expect(Self.mode(directory.path) == 0o700)
        #expect(Self.mode(file) == 0o600)
        #expect(Self.mode(file + "-wal") == 0o600)
        #expect(Self.mode(file + "-shm") == 0o600)
    }

    /// A folder and a database file left with wider rights are tightened at the next start.
    @Test func anExistingFolderWithWiderRights_isTightenedAtStart() throws {
        let directory = folder.url.appendingPathComponent("data")
        do { _ = try DashboardDatabase(directory: directory, migrations: [Self.notes], durable: false, clock: ManualWallClock()) }
        let file = directory.appendingPathComponent(DashboardDatabase.fileName).path
        #expect(chmod(directory.path, 0o755) == 0)
        #expect(chmod(file, 0o644) == 0)
        _ = try DashboardDatabase(directory: directory, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        #expect(Self.mode(directory.path) == 0o700)
        #expect(Self.mode(file) == 0o600)
    }

    /// A shared folder (sticky, such as /tmp) given as the data directory is left as it is.
    @Test func aStickyFolder_isLeftAsItIs() throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        #expect(chmod(folder.url.path, 0o1777) == 0)
        _ = try DashboardDatabase(directory: folder.url, migrations: [Self.notes], durable: false, clock: ManualWallClock())
        #expect(Self.mode(folder.url.path) == 0o1777)
        #expect(Self.mode(folder.url.appendingPathComponent(DashboardDatabase.fileName).path) == 0o600)
    }
}
