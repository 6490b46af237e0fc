import CSQLite

/// A prepared statement. Its connection caches it by SQL text; `run`, `rows` and `first` bind,
/// step and reset it, so it is never left half-stepped holding a read lock.
final class SQLiteStatement {
    private let handle: OpaquePointer
    let sql: String

    /// SQLite's "copy the bytes now" destructor: `SQLITE_TRANSIENT` is a macro Swift cannot
    /// import (a cast of -1 to a function pointer).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(db, code: code, operation: "prepare \(sql)")
        }
        handle = statement
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to the parameters in order, steps every row through `read`, resets.
    func rows<Row>(_ values: [SQLiteValue], _ read: (SQLiteRow) throws(SQLiteError) -> Row) throws(SQLiteError) -> [Row] {
        defer { reset() }
        try bind(values)
        var result: [Row] = []
        while try step() {
            result.append(try read(SQLiteRow(handle)))
        }
        return result
    }

    /// Steps a statement that returns no rows (INSERT, UPDATE, DELETE).
    func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        defer { reset() }
        try bind(values)
        while try step() {}
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters",
                operation: "bind \(sql)")
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number):
                code = sqlite3_bind_int64(handle, index, Int64(number))
            case .text(let text) where text.isEmpty:
                code = sqlite3_bind_text(handle, index, "", 0, Self.transient)
            case .text(let text):
                var text = text
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text(handle, index, $0.baseAddress, Int32(clamping: $0.count), Self.transient)
                    }
                }
            case .null:
                code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else {
                throw SQLiteError(sqlite3_db_handle(handle), code: code, operation: "bind \(sql)")
            }
        }
    }

    private func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(sqlite3_db_handle(handle), code: code, operation: "step \(sql)")
        }
    }

    private func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}

/// The current row of a statement being stepped; valid only inside the `rows` closure.
package struct SQLiteRow {
    fileprivate let handle: OpaquePointer

    fileprivate init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    package func integer(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The column's text; `""` for NULL.
    package func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    package func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }
}
