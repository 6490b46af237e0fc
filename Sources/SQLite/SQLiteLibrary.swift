#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLite's C API, bound at run time: the system's libsqlite3 opened with `dlopen` once and
/// each function below looked up once with `dlsym`, then called through its pointer (as fast
/// as a call into a shared library linked at build time, which goes through a pointer too).
///
/// So the build needs no SQLite header (Debian's `libsqlite3-dev`): only the run-time library,
/// which every Swift install on Linux already has (`libsqlite3-0`, which SwiftPM itself uses).
/// Each property is the C function of the same name, declared with the types SQLite's C
/// header gives it (`sqlite3 *` and `sqlite3_stmt *` as `OpaquePointer`, `int` as `Int32`,
/// `sqlite3_int64` as `Int64`); SQLite keeps these signatures stable across every 3.x
/// release. Only the functions this module calls are here; `SQLiteABI.swift` has the
/// constants.
package final class SQLiteLibrary: Sendable {
    /// The library's file names, tried in order: the run-time library's soname, then the
    /// development symlink (a system that has only that one).
    #if canImport(Darwin)
    package static let standardNames = ["libsqlite3.dylib"]
    #else
    package static let standardNames = ["libsqlite3.so.0", "libsqlite3.so"]
    #endif

    /// The system's SQLite, loaded on first use and kept for the life of the process (a
    /// `static let` is initialized once, thread-safely), or why it cannot be loaded.
    package static let system: Result<SQLiteLibrary, SQLiteError> = load(names: standardNames)

    /// Opens the first of `names` that `dlopen` finds and binds every function, or says what
    /// is missing: the library (`SQLiteError.libraryNotFound`) or a function in it (a SQLite
    /// older than 3.20, which added `sqlite3_prepare_v3`).
    package static func load(names: [String]) -> Result<SQLiteLibrary, SQLiteError> {
        var firstFailure: String?
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                // Never closed: the functions stay in use until the process ends.
                return Result { () throws(SQLiteError) in try SQLiteLibrary(handle: handle, name: name) }
            }
            if firstFailure == nil { firstFailure = dlerror().map { String(cString: $0) } ?? "dlopen failed" }
        }
        return .failure(.libraryNotFound(names.first ?? "libsqlite3", reason: firstFailure ?? "no library name given"))
    }

    /// The version of the library bound, e.g. "3.46.1".
    package var version: String {
        sqlite3_libversion().map { String(cString: $0) } ?? "unknown"
    }

    // Connections.
    let sqlite3_open_v2: @convention(c) (
        _ filename: UnsafePointer<CChar>?, _ db: UnsafeMutablePointer<OpaquePointer?>?, _ flags: Int32,
        _ vfs: UnsafePointer<CChar>?
    ) -> Int32
    let sqlite3_close_v2: @convention(c) (_ db: OpaquePointer?) -> Int32
    let sqlite3_extended_result_codes: @convention(c) (_ db: OpaquePointer?, _ onoff: Int32) -> Int32
    let sqlite3_exec: @convention(c) (
        _ db: OpaquePointer?, _ sql: UnsafePointer<CChar>?, _ callback: SQLiteExecCallback?,
        _ context: UnsafeMutableRawPointer?, _ errmsg: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> Int32
    let sqlite3_get_autocommit: @convention(c) (_ db: OpaquePointer?) -> Int32
    let sqlite3_last_insert_rowid: @convention(c) (_ db: OpaquePointer?) -> Int64
    let sqlite3_changes: @convention(c) (_ db: OpaquePointer?) -> Int32
    let sqlite3_libversion: @convention(c) () -> UnsafePointer<CChar>?

    // Errors.
    let sqlite3_errmsg: @convention(c) (_ db: OpaquePointer?) -> UnsafePointer<CChar>?
    let sqlite3_errstr: @convention(c) (_ code: Int32) -> UnsafePointer<CChar>?
    let sqlite3_extended_errcode: @convention(c) (_ db: OpaquePointer?) -> Int32
    let sqlite3_free: @convention(c) (_ memory: UnsafeMutableRawPointer?) -> Void

    // Statements.
    let sqlite3_prepare_v3: @convention(c) (
        _ db: OpaquePointer?, _ sql: UnsafePointer<CChar>?, _ bytes: Int32, _ flags: UInt32,
        _ statement: UnsafeMutablePointer<OpaquePointer?>?, _ tail: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32
    let sqlite3_finalize: @convention(c) (_ statement: OpaquePointer?) -> Int32
    let sqlite3_db_handle: @convention(c) (_ statement: OpaquePointer?) -> OpaquePointer?
    let sqlite3_bind_parameter_count: @convention(c) (_ statement: OpaquePointer?) -> Int32
    let sqlite3_bind_int64: @convention(c) (_ statement: OpaquePointer?, _ index: Int32, _ value: Int64) -> Int32
    let sqlite3_bind_text: @convention(c) (
        _ statement: OpaquePointer?, _ index: Int32, _ text: UnsafePointer<CChar>?, _ bytes: Int32,
        _ destructor: SQLiteDestructor?
    ) -> Int32
    let sqlite3_bind_blob: @convention(c) (
        _ statement: OpaquePointer?, _ index: Int32, _ bytes: UnsafeRawPointer?, _ count: Int32,
        _ destructor: SQLiteDestructor?
    ) -> Int32
    let sqlite3_bind_null: @convention(c) (_ statement: OpaquePointer?, _ index: Int32) -> Int32
    let sqlite3_step: @convention(c) (_ statement: OpaquePointer?) -> Int32
    let sqlite3_reset: @convention(c) (_ statement: OpaquePointer?) -> Int32
    let sqlite3_clear_bindings: @convention(c) (_ statement: OpaquePointer?) -> Int32
    let sqlite3_column_int64: @convention(c) (_ statement: OpaquePointer?, _ column: Int32) -> Int64
    let sqlite3_column_text: @convention(c) (_ statement: OpaquePointer?, _ column: Int32) -> UnsafePointer<UInt8>?
    let sqlite3_column_blob: @convention(c) (_ statement: OpaquePointer?, _ column: Int32) -> UnsafeRawPointer?
    let sqlite3_column_bytes: @convention(c) (_ statement: OpaquePointer?, _ column: Int32) -> Int32
    let sqlite3_column_type: @convention(c) (_ statement: OpaquePointer?, _ column: Int32) -> Int32

    private init(handle: UnsafeMutableRawPointer, name: String) throws(SQLiteError) {
        // The function named `symbol` in the library, as the C function type it is declared
        // with above (inferred from the property it is assigned to).
        func bind<Function>(_ symbol: String) throws(SQLiteError) -> Function {
            guard let address = dlsym(handle, symbol) else {
                throw SQLiteError(
                    code: 0, message: "\(name) has no function \(symbol): SQLite 3.20 or newer is needed",
                    operation: "load SQLite")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        sqlite3_open_v2 = try bind("sqlite3_open_v2")
        sqlite3_close_v2 = try bind("sqlite3_close_v2")
        sqlite3_extended_result_codes = try bind("sqlite3_extended_result_codes")
        sqlite3_exec = try bind("sqlite3_exec")
        sqlite3_get_autocommit = try bind("sqlite3_get_autocommit")
        sqlite3_last_insert_rowid = try bind("sqlite3_last_insert_rowid")
        sqlite3_changes = try bind("sqlite3_changes")
        sqlite3_libversion = try bind("sqlite3_libversion")
        sqlite3_errmsg = try bind("sqlite3_errmsg")
        sqlite3_errstr = try bind("sqlite3_errstr")
        sqlite3_extended_errcode = try bind("sqlite3_extended_errcode")
        sqlite3_free = try bind("sqlite3_free")
        sqlite3_prepare_v3 = try bind("sqlite3_prepare_v3")
        sqlite3_finalize = try bind("sqlite3_finalize")
        sqlite3_db_handle = try bind("sqlite3_db_handle")
        sqlite3_bind_parameter_count = try bind("sqlite3_bind_parameter_count")
        sqlite3_bind_int64 = try bind("sqlite3_bind_int64")
        sqlite3_bind_text = try bind("sqlite3_bind_text")
        sqlite3_bind_blob = try bind("sqlite3_bind_blob")
        sqlite3_bind_null = try bind("sqlite3_bind_null")
        sqlite3_step = try bind("sqlite3_step")
        sqlite3_reset = try bind("sqlite3_reset")
        sqlite3_clear_bindings = try bind("sqlite3_clear_bindings")
        sqlite3_column_int64 = try bind("sqlite3_column_int64")
        sqlite3_column_text = try bind("sqlite3_column_text")
        sqlite3_column_blob = try bind("sqlite3_column_blob")
        sqlite3_column_bytes = try bind("sqlite3_column_bytes")
        sqlite3_column_type = try bind("sqlite3_column_type")
    }
}
