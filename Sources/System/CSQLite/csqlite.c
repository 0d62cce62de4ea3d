#include <sqlite3.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

// SQLite is opened at its first use rather than linked. Debian builds libsqlite3 with BIND_NOW, so
// loading it made every start of missive resolve all of its 1,500 symbol bindings (about 1.1
// million instructions, a third of `missive --version`), though convert, preview and --version
// never open the store. These are the functions GRDB and the store call, under SQLite's own names,
// so the linker takes them instead of the library (Package.swift links with --as-needed, which
// then leaves libsqlite3 out of missive's NEEDED list); each forwards to the library, opened once.
// A function called here that is not in this table brings libsqlite3 back at every start, and
// StartupLibrariesTests says so.

// One line per function: return type, name without `sqlite3_`, parameters, arguments.
#define SQLITE_FUNCTIONS(CALL, VOID) \
    CALL(void*, aggregate_context, (sqlite3_context*a, int b), (a, b)) \
    CALL(int, backup_finish, (sqlite3_backup*a), (a)) \
    CALL(sqlite3_backup*, backup_init, (sqlite3*a, const char*b, sqlite3*c, const char*d), (a, b, c, d)) \
    CALL(int, backup_pagecount, (sqlite3_backup*a), (a)) \
    CALL(int, backup_remaining, (sqlite3_backup*a), (a)) \
    CALL(int, backup_step, (sqlite3_backup*a, int b), (a, b)) \
    CALL(int, bind_blob, (sqlite3_stmt*a, int b, const void*c, int d, void (*e)(void*)), (a, b, c, d, e)) \
    CALL(int, bind_double, (sqlite3_stmt*a, int b, double c), (a, b, c)) \
    CALL(int, bind_int64, (sqlite3_stmt*a, int b, sqlite3_int64 c), (a, b, c)) \
    CALL(int, bind_null, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(int, bind_parameter_count, (sqlite3_stmt*a), (a)) \
    CALL(const char*, bind_parameter_name, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(int, bind_pointer, (sqlite3_stmt*a, int b, void*c, const char*d, void (*e)(void*)), (a, b, c, d, e)) \
    CALL(int, bind_text, (sqlite3_stmt*a, int b, const char*c, int d, void (*e)(void*)), (a, b, c, d, e)) \
    CALL(int, blob_close, (sqlite3_blob*a), (a)) \
    CALL(int, blob_open, (sqlite3*a, const char*b, const char*c, const char*d, sqlite3_int64 e, int f, sqlite3_blob**g), (a, b, c, d, e, f, g)) \
    CALL(int, blob_read, (sqlite3_blob*a, void*b, int c, int d), (a, b, c, d)) \
    CALL(int, blob_write, (sqlite3_blob*a, const void*b, int c, int d), (a, b, c, d)) \
    CALL(int, busy_handler, (sqlite3*a, int (*b)(void*,int), void*c), (a, b, c)) \
    CALL(int, busy_timeout, (sqlite3*a, int b), (a, b)) \
    CALL(int, changes, (sqlite3*a), (a)) \
    CALL(int, clear_bindings, (sqlite3_stmt*a), (a)) \
    CALL(int, close, (sqlite3*a), (a)) \
    CALL(int, close_v2, (sqlite3*a), (a)) \
    CALL(const void*, column_blob, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(int, column_bytes, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(int, column_count, (sqlite3_stmt*a), (a)) \
    CALL(double, column_double, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(sqlite3_int64, column_int64, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(const char*, column_name, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(const unsigned char*, column_text, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(int, column_type, (sqlite3_stmt*a, int b), (a, b)) \
    CALL(void*, commit_hook, (sqlite3*a, int (*b)(void*), void*c), (a, b, c)) \
    CALL(int, compileoption_used, (const char*a), (a)) \
    CALL(int, create_collation_v2, (sqlite3*a, const char*b, int c, void*d, int (*e)(void*,int,const void*,int,const void*), void (*f)(void*)), (a, b, c, d, e, f)) \
    CALL(int, create_function_v2, (sqlite3*a, const char*b, int c, int d, void*e, void (*f)(sqlite3_context*,int,sqlite3_value**), void (*g)(sqlite3_context*,int,sqlite3_value**), void (*h)(sqlite3_context*), void (*i)(void*)), (a, b, c, d, e, f, g, h, i)) \
    CALL(sqlite3*, db_handle, (sqlite3_stmt*a), (a)) \
    CALL(int, db_release_memory, (sqlite3*a), (a)) \
    CALL(int, errcode, (sqlite3*a), (a)) \
    CALL(char*, expanded_sql, (sqlite3_stmt*a), (a)) \
    CALL(int, extended_result_codes, (sqlite3*a, int b), (a, b)) \
    CALL(int, finalize, (sqlite3_stmt*a), (a)) \
    VOID(void, free, (void*a), (a)) \
    CALL(int, get_autocommit, (sqlite3*a), (a)) \
    VOID(void, interrupt, (sqlite3*a), (a)) \
    CALL(sqlite3_int64, last_insert_rowid, (sqlite3*a), (a)) \
    CALL(int, libversion_number, (void), ()) \
    CALL(int, limit, (sqlite3*a, int b, int c), (a, b, c)) \
    CALL(sqlite3_stmt*, next_stmt, (sqlite3*a, sqlite3_stmt*b), (a, b)) \
    CALL(int, prepare_v2, (sqlite3*a, const char*b, int c, sqlite3_stmt**d, const char**e), (a, b, c, d, e)) \
    CALL(int, prepare_v3, (sqlite3*a, const char*b, int c, unsigned int d, sqlite3_stmt**e, const char**f), (a, b, c, d, e, f)) \
    CALL(int, reset, (sqlite3_stmt*a), (a)) \
    VOID(void, result_blob, (sqlite3_context*a, const void*b, int c, void (*d)(void*)), (a, b, c, d)) \
    VOID(void, result_double, (sqlite3_context*a, double b), (a, b)) \
    VOID(void, result_error, (sqlite3_context*a, const char*b, int c), (a, b, c)) \
    VOID(void, result_error_code, (sqlite3_context*a, int b), (a, b)) \
    VOID(void, result_int64, (sqlite3_context*a, sqlite3_int64 b), (a, b)) \
    VOID(void, result_null, (sqlite3_context*a), (a)) \
    VOID(void, result_text, (sqlite3_context*a, const char*b, int c, void (*d)(void*)), (a, b, c, d)) \
    CALL(void*, rollback_hook, (sqlite3*a, void (*b)(void *), void*c), (a, b, c)) \
    CALL(int, set_authorizer, (sqlite3*a, int (*b)(void*,int,const char*,const char*,const char*,const char*), void*c), (a, b, c)) \
    CALL(const char*, sql, (sqlite3_stmt*a), (a)) \
    CALL(int, step, (sqlite3_stmt*a), (a)) \
    CALL(int, stmt_busy, (sqlite3_stmt*a), (a)) \
    CALL(int, stmt_readonly, (sqlite3_stmt*a), (a)) \
    CALL(int, stricmp, (const char*a, const char*b), (a, b)) \
    CALL(int, total_changes, (sqlite3*a), (a)) \
    CALL(int, trace_v2, (sqlite3*a, unsigned b, int (*c)(unsigned,void*,void*,void*), void*d), (a, b, c, d)) \
    CALL(void*, update_hook, (sqlite3*a, void (*b)(void *,int ,char const *,char const *,sqlite3_int64), void*c), (a, b, c)) \
    CALL(void*, user_data, (sqlite3_context*a), (a)) \
    CALL(const void*, value_blob, (sqlite3_value*a), (a)) \
    CALL(int, value_bytes, (sqlite3_value*a), (a)) \
    CALL(double, value_double, (sqlite3_value*a), (a)) \
    CALL(sqlite3_int64, value_int64, (sqlite3_value*a), (a)) \
    CALL(const unsigned char*, value_text, (sqlite3_value*a), (a)) \
    CALL(int, value_type, (sqlite3_value*a), (a)) \
    CALL(int, wal_checkpoint_v2, (sqlite3*a, const char*b, int c, int*d, int*e), (a, b, c, d, e))

static struct {
#define FIELD(type, name, parameters, arguments) type (*name) parameters;
    SQLITE_FUNCTIONS(FIELD, FIELD)
    int (*open_v2)(const char *filename, sqlite3 **db, int flags, const char *vfs);
    const char *(*errmsg)(sqlite3 *db);
    const char *(*errstr)(int code);
    int (*config)(int option, ...);
    int (*db_config)(sqlite3 *db, int option, ...);
} real;
static int loaded;
// What went wrong, for sqlite3_errmsg: the store's error then names it.
static char failure[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define FIND(type, name, parameters, arguments) \
    if (!(real.name = (__typeof__(real.name))dlsym(library, "sqlite3_" #name))) { \
        snprintf(failure, sizeof failure, "libsqlite3.so.0 has no sqlite3_%s; install libsqlite3-0 3.40 or later", #name); \
        return; \
    }

static void load(void) {
    void *library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure, "SQLite could not be loaded (%s); install libsqlite3-0", dlerror());
        return;
    }
    SQLITE_FUNCTIONS(FIND, FIND)
    FIND(, open_v2, , )
    FIND(, errmsg, , )
    FIND(, errstr, , )
    FIND(, config, , )
    FIND(, db_config, , )
    loaded = 1;
}

/// Whether SQLite is there, loading it the first time.
static int ready(void) {
    pthread_once(&load_once, load);
    return loaded;
}

// Without the library no database opens, so nothing past sqlite3_open_v2 is reached with a handle;
// the zero the others answer then is never read as SQLite's.
#define DEFINE(type, name, parameters, arguments) \
    type sqlite3_##name parameters { return ready() ? real.name arguments : (type)0; }
#define DEFINE_VOID(type, name, parameters, arguments) \
    void sqlite3_##name parameters { if (ready()) real.name arguments; }
SQLITE_FUNCTIONS(DEFINE, DEFINE_VOID)

int sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    if (!ready()) {
        *db = NULL;
        return SQLITE_CANTOPEN;
    }
    return real.open_v2(filename, db, flags, vfs);
}

const char *sqlite3_errmsg(sqlite3 *db) {
    return ready() ? real.errmsg(db) : failure;
}

const char *sqlite3_errstr(int code) {
    return ready() ? real.errstr(code) : failure;
}

// The variadic two pass on three words: GRDB gives two (a log callback and its argument; a flag
// and where to put the old one) and no option of SQLite's takes more than three. An int given
// as one of them travels in a whole word, and SQLite reads it back as an int.
int sqlite3_config(int option, ...) {
    va_list list;
    va_start(list, option);
    void *first = va_arg(list, void *), *second = va_arg(list, void *), *third = va_arg(list, void *);
    va_end(list);
    return ready() ? real.config(option, first, second, third) : SQLITE_MISUSE;
}

int sqlite3_db_config(sqlite3 *db, int option, ...) {
    va_list list;
    va_start(list, option);
    void *first = va_arg(list, void *), *second = va_arg(list, void *), *third = va_arg(list, void *);
    va_end(list);
    return ready() ? real.db_config(db, option, first, second, third) : SQLITE_MISUSE;
}
