// SQLite's C constants and callback types that this module uses, written out here because
// there is no header to import them from (`SQLiteLibrary` binds the functions at run time).
// The values are SQLite's stable ABI: documented at sqlite.org/rescode.html and
// sqlite.org/c3ref/constlist.html, and never changed within SQLite 3.

// Result codes.
let SQLITE_OK: Int32 = 0
let SQLITE_TOOBIG: Int32 = 18
let SQLITE_RANGE: Int32 = 25
let SQLITE_ROW: Int32 = 100
let SQLITE_DONE: Int32 = 101

// Flags of sqlite3_open_v2.
let SQLITE_OPEN_READWRITE: Int32 = 0x0000_0002
let SQLITE_OPEN_CREATE: Int32 = 0x0000_0004
let SQLITE_OPEN_NOMUTEX: Int32 = 0x0000_8000

// Flags of sqlite3_prepare_v3.
let SQLITE_PREPARE_PERSISTENT: UInt32 = 0x01

// Fundamental datatypes (sqlite3_column_type).
let SQLITE_NULL: Int32 = 5

/// `sqlite3_destructor_type`: what SQLite calls to free a bound text or blob.
typealias SQLiteDestructor = @convention(c) (_ memory: UnsafeMutableRawPointer?) -> Void

/// `SQLITE_TRANSIENT`, the destructor value -1: SQLite copies the bytes before the bind call
/// returns, so a Swift string's bytes need to live only for the call.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: SQLiteDestructor.self)

/// The row callback of `sqlite3_exec` (we always pass none).
typealias SQLiteExecCallback = @convention(c) (
    _ context: UnsafeMutableRawPointer?, _ columns: Int32, _ values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32
