/// A prepared statement. Its connection caches it by SQL text; `run`, `rows` and `first` bind,
/// step and reset it, so it is never left half-stepped holding a read lock.
final class SQLiteStatement {
    private let lib: SQLiteLibrary
    private let handle: OpaquePointer
    let sql: String
    /// The connection's database file, for errors.
    private let file: String

    init(_ lib: SQLiteLibrary, _ db: OpaquePointer, sql: String, file: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = lib.sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            _ = lib.sqlite3_finalize(statement)
            throw SQLiteError(lib, db, code: code, operation: "prepare \(sql)", file: file)
        }
        self.lib = lib
        handle = statement
        self.sql = sql
        self.file = file
    }

    deinit {
        _ = lib.sqlite3_finalize(handle)
    }

    /// Binds `values` to the parameters in order, steps every row through `read`, resets.
    func rows<Row>(_ values: [SQLiteValue], _ read: (SQLiteRow) throws(SQLiteError) -> Row) throws(SQLiteError) -> [Row] {
        defer { reset() }
        try bind(values)
        var result: [Row] = []
        while try step() {
            result.append(try read(SQLiteRow(lib, handle)))
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
        let parameters = lib.sqlite3_bind_parameter_count(handle)
        guard Int(parameters) == values.count else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "\(values.count) values for \(parameters) parameters",
                operation: "bind \(sql)", file: file)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number):
                code = lib.sqlite3_bind_int64(handle, index, Int64(number))
            case .text(let text) where text.isEmpty:
                code = lib.sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
            case .text(let text):
                var text = text
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        lib.sqlite3_bind_text(handle, index, $0.baseAddress, Int32(clamping: $0.count), SQLITE_TRANSIENT)
                    }
                }
            case .blob(let bytes):
                guard bytes.count <= Int(Int32.max) else { throw failure(SQLITE_TOOBIG, "bind") }
                // An empty array may have no address, and a nil pointer would bind NULL: an empty
                // blob is bound from a one-byte array with a length of 0.
                let storage = bytes.isEmpty ? [0] : bytes
                code = storage.withUnsafeBytes { raw in
                    lib.sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(bytes.count), SQLITE_TRANSIENT)
                }
            case .null:
                code = lib.sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw failure(code, "bind") }
        }
    }

    private func step() throws(SQLiteError) -> Bool {
        switch lib.sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code, "step")
        }
    }

    /// The connection's error for `code` while doing `action`. Out of line, so the calls that
    /// succeed (a step per row) stay small enough to inline.
    @inline(never)
    private func failure(_ code: Int32, _ action: String) -> SQLiteError {
        SQLiteError(lib, lib.sqlite3_db_handle(handle), code: code, operation: "\(action) \(sql)", file: file)
    }

    private func reset() {
        _ = lib.sqlite3_reset(handle)
        _ = lib.sqlite3_clear_bindings(handle)
    }
}

/// The current row of a statement being stepped; valid only inside the `rows` closure.
package struct SQLiteRow {
    private let lib: SQLiteLibrary
    private let handle: OpaquePointer

    fileprivate init(_ lib: SQLiteLibrary, _ handle: OpaquePointer) {
        self.lib = lib
        self.handle = handle
    }

    package func integer(_ column: Int32) -> Int {
        Int(lib.sqlite3_column_int64(handle, column))
    }

    /// The column's text; `""` for NULL.
    package func text(_ column: Int32) -> String {
        guard let bytes = lib.sqlite3_column_text(handle, column) else { return "" }
        let count = Int(lib.sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes; empty for NULL.
    package func blob(_ column: Int32) -> [UInt8] {
        let count = Int(lib.sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = lib.sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    package func isNull(_ column: Int32) -> Bool {
        lib.sqlite3_column_type(handle, column) == SQLITE_NULL
    }
}
