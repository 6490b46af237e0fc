import Foundation
import SQLite
import Testing

@Suite("libsqlite3 is bound at run time, and its absence is one clear error")
struct SQLiteLibraryTests {
    /// A library every Linux (and macOS) system has, with no SQLite in it.
    #if canImport(Darwin)
    private static let libraryWithoutSQLite = "/usr/lib/libSystem.B.dylib"
    #else
    private static let libraryWithoutSQLite = "libm.so.6"
    #endif

    @Test func theSystemLibraryLoads() throws {
        let library = try SQLiteLibrary.system.get()
        #expect(library.version.hasPrefix("3."), "\(library.version)")
    }

    @Test func aMissingLibraryIsNamedWithThePackageToInstall() throws {
        let result = SQLiteLibrary.load(names: ["libsqlite3-absent-for-a-test.so.0"])
        guard case .failure(let error) = result else {
            Issue.record("a library that does not exist loaded")
            return
        }
        #expect(error.message.hasPrefix("SQLite's run-time library libsqlite3-absent-for-a-test.so.0 was not found"))
        #if !canImport(Darwin)
        #expect(error.message.contains("install the package libsqlite3-0"))
        #endif
    }

    /// Opening a database without the library throws (no crash at the first call), names the
    /// file, and creates nothing.
    @Test func openingADatabaseWithoutTheLibraryThrowsThatError() throws {
        let folder = try ScratchFolder()
        let path = folder.file("never.sqlite")
        let missing = SQLiteLibrary.load(names: ["libsqlite3-absent-for-a-test.so.0"])

        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteConnection(path: path, library: missing)
        }

        #expect(error?.file == path)
        #expect(error?.description.hasPrefix("\(path): open: SQLite's run-time library libsqlite3-absent-for-a-test.so.0 was not found") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aLibraryWithoutSQLiteNamesTheFirstMissingFunction() {
        let result = SQLiteLibrary.load(names: [Self.libraryWithoutSQLite])
        guard case .failure(let error) = result else {
            Issue.record("\(Self.libraryWithoutSQLite) passed for SQLite")
            return
        }
        #expect(error.message == "\(Self.libraryWithoutSQLite) has no function sqlite3_open_v2: SQLite 3.20 or newer is needed")
    }

    @Test func theNextNameIsTriedWhenOneIsMissing() throws {
        let library = try SQLiteLibrary.load(names: ["libsqlite3-absent-for-a-test.so.0"] + SQLiteLibrary.standardNames).get()
        #expect(library.version.hasPrefix("3."))
    }
}
