/// A failed SQLite call, with SQLite's own message (`sqlite3_errmsg`) and extended result code,
/// what we were doing when it failed, and on which database file.
package struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_FOREIGNKEY` (787); 0 (`SQLITE_OK`)
    /// for a failure that is not SQLite's own (the library missing, a value we cannot read).
    package let code: Int32
    package let message: String
    /// `open`, `prepare INSERT INTO products...`, `step SELECT ...`, `COMMIT`...
    package let operation: String
    /// The database file of the connection that failed; nil when there is none.
    package let file: String?

    package init(code: Int32, message: String, operation: String, file: String? = nil) {
        self.code = code
        self.message = message
        self.operation = operation
        self.file = file
    }

    /// The error the connection `db` last reported, or SQLite's text for `code` without one.
    init(_ library: SQLiteLibrary, _ db: OpaquePointer?, code: Int32, operation: String, file: String?) {
        let text = db.map { library.sqlite3_errmsg($0) } ?? library.sqlite3_errstr(code)
        self.code = db.map { library.sqlite3_extended_errcode($0) } ?? code
        self.message = text.map { String(cString: $0) } ?? "SQLite error \(code)"
        self.operation = operation
        self.file = file
    }

    /// The system has no SQLite library (`dlopen` failed on `name`; `reason` is `dlerror`'s).
    static func libraryNotFound(_ name: String, reason: String) -> SQLiteError {
        #if canImport(Darwin)
        let remedy = ""
        #else
        let remedy = "; install the package libsqlite3-0"
        #endif
        return SQLiteError(
            code: 0, message: "SQLite's run-time library \(name) was not found\(remedy) (\(reason))",
            operation: "load SQLite")
    }

    /// The same failure, as met by the connection to `file` doing `operation`.
    func on(_ file: String, _ operation: String) -> SQLiteError {
        SQLiteError(code: code, message: message, operation: operation, file: file)
    }

    /// `/data/market.sqlite: step SELECT ...: database disk image is malformed (SQLite code 11)`
    package var description: String {
        let place = file.map { "\($0): " } ?? ""
        let number = code == 0 ? "" : " (SQLite code \(code))"
        return "\(place)\(operation): \(message)\(number)"
    }
}
