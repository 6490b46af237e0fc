/// One SQLite connection with its prepared statements, cached by SQL text. Not safe to share:
/// its owner keeps it behind a `Mutex` (as LocalMarket's `MarketDatabase` does), so one
/// thread uses it at a time, and it is opened without SQLite's own per-connection mutex
/// (`SQLITE_OPEN_NOMUTEX`).
package final class SQLiteConnection {
    private let lib: SQLiteLibrary
    private let db: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    package let path: String

    /// Opens (creating if needed) the database file at `path` with the system's SQLite.
    package convenience init(path: String) throws(SQLiteError) {
        try self.init(path: path, library: SQLiteLibrary.system)
    }

    /// Opens `path` with `library`, or throws why there is none (the missing library named,
    /// with the package that provides it) rather than failing at the first call.
    package init(path: String, library: Result<SQLiteLibrary, SQLiteError>) throws(SQLiteError) {
        let lib: SQLiteLibrary
        switch library {
        case .success(let loaded): lib = loaded
        case .failure(let error): throw error.on(path, "open")
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = lib.sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(lib, handle, code: code, operation: "open", file: path)
            _ = lib.sqlite3_close_v2(handle)
            throw error
        }
        self.lib = lib
        db = handle
        self.path = path
        _ = lib.sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        statements.removeAll()  // finalizes them before the close
        _ = lib.sqlite3_close_v2(db)
    }

    /// Runs fixed SQL with no parameters (schema, pragmas, BEGIN/COMMIT); several statements
    /// may be separated by `;`. Never pass text that holds a value from outside.
    package func execute(_ sql: StaticString) throws(SQLiteError) {
        let text = sql.description
        var message: UnsafeMutablePointer<CChar>?
        let code = lib.sqlite3_exec(db, text, nil, nil, &message)
        guard code == SQLITE_OK else {
            var error = SQLiteError(lib, db, code: code, operation: text, file: path)
            if let message {
                // sqlite3_exec's own message names the statement of several that failed.
                error = SQLiteError(code: error.code, message: String(cString: message), operation: text, file: path)
            }
            lib.sqlite3_free(message)
            throw error
        }
    }

    package func run(_ sql: StaticString, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        try statement(sql).run(values)
    }

    package func rows<Row>(
        _ sql: StaticString, _ values: [SQLiteValue] = [], _ read: (SQLiteRow) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        try statement(sql).rows(values, read)
    }

    package func first<Row>(
        _ sql: StaticString, _ values: [SQLiteValue] = [], _ read: (SQLiteRow) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> Row? {
        try statement(sql).rows(values, read).first
    }

    /// The rowid of the last row an INSERT on this connection added (0 before any).
    package var lastInsertRowID: Int {
        Int(lib.sqlite3_last_insert_rowid(db))
    }

    /// How many rows the last INSERT, UPDATE or DELETE on this connection changed.
    package var changes: Int {
        Int(lib.sqlite3_changes(db))
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    /// `.immediate` takes the write lock at BEGIN (for writers, so two never deadlock upgrading
    /// a read); `.deferred` is a consistent snapshot for readers.
    package func transaction<Result, Failure: Error>(
        _ kind: TransactionKind, mapError: (SQLiteError) -> Failure,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        do {
            try execute(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        } catch {
            throw mapError(error)
        }
        let result: Result
        do {
            result = try body()
        } catch {
            rollback()
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            rollback()
            throw mapError(error)
        }
        return result
    }

    package enum TransactionKind {
        case immediate
        case deferred
    }

    private func rollback() {
        if lib.sqlite3_get_autocommit(db) == 0 { _ = lib.sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
    }

    private func statement(_ sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
        let text = sql.description
        if let cached = statements[text] { return cached }
        let statement = try SQLiteStatement(lib, db, sql: text, file: path)
        statements[text] = statement
        return statement
    }
}
