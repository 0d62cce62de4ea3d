// Nothing to import: this target defines SQLite's own functions, which GRDB calls by their names
// (see csqlite.c). A C target needs a public header, so this one says so.
