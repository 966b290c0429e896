// SQLite 3 system library (libsqlite3-dev). Static inline wrappers replace the few calls Swift
// cannot reach directly (SQLITE_TRANSIENT is a cast of -1 to a function pointer).
#ifndef GARDEN_CSQLITE_SHIM_H
#define GARDEN_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline int garden_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

static inline int garden_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *data, int length) {
    return sqlite3_bind_blob(stmt, index, data, length, SQLITE_TRANSIENT);
}
#endif
