import CSQLite

/// A failed SQLite call, with SQLite's own message (`sqlite3_errmsg`) and extended result code,
/// and what we were doing when it failed.
package struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_FOREIGNKEY` (787).
    package let code: Int32
    package let message: String
    /// `open /path/market.sqlite`, `prepare INSERT INTO products...`, `step`, `COMMIT`...
    package let operation: String

    package init(code: Int32, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// The error the connection `db` last reported.
    init(_ db: OpaquePointer?, code: Int32, operation: String) {
        self.code = db.map { sqlite3_extended_errcode($0) } ?? code
        self.message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.operation = operation
    }

    package var description: String {
        "\(operation): \(message) (SQLite code \(code))"
    }
}
