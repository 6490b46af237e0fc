// SQLite's C API for the embedded market's storage. The system library (libsqlite3-dev on
// Debian, the SDK on macOS) is linked by module.modulemap; nothing here is compiled.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
