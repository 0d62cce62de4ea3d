// The Store layer. SQLite through GRDB: drafts, revisions (FTS5), templates, outbox rows, command history.
// (This file only marks the module until its first real source lands; delete it then.)
