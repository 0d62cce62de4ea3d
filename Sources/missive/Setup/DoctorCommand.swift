import Application
import ArgumentParser
import Common
import Foundation
import Outbox

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store's integrity and report paths, counts, the editor, the sender service and overdue items.",
        discussion: "Exits 0 when all is well, 65 when the store is damaged or its schema is incomplete.")

    @Flag(help: "Print the report as JSON for scripts (the exit status is the same).")
    var json = false

    func run() async throws {
        let now = Date()
        let found = try Workspace.open(recover: false).diagnoseSetup().run(now: now)
        let report = found.store, overdue = found.mostOverdue, editor = found.editor, service = found.service
        if json {
            try printJSON(DoctorJSON(
                config: found.configFile, configExists: found.configExists, store: report.path,
                readOnly: report.readOnly, mode: found.storeMode, buffers: found.buffers,
                migrations: report.appliedMigrations.count, knownMigrations: report.knownMigrations.count,
                journal: report.journalMode, drafts: ["open": report.openDrafts, "sent": report.sentDrafts, "deleted": report.deletedDrafts],
                revisions: report.revisions, templates: report.templates, history: report.historyEntries, outbox: report.outbox,
                editor: editor?.value, editorSource: editor.map { "\($0.source)" }, leftoverBuffers: found.leftoverBuffers,
                keptBuffers: found.keptBuffers, problems: report.problems, unreadableDrafts: report.unreadableDrafts,
                healthy: report.healthy, service: service.json,
                mostOverdue: overdue.map { OverdueJSON($0, now: now) }))
            if !report.healthy { throw CommandError(.dataError, "the store needs attention") }
            return
        }
        Console.print("config:    \(found.configFile)\(found.configExists ? "" : " (absent: defaults in use)")")
        Console.print("store:     \(report.path)\(report.readOnly ? " (read-only)" : "")  mode \(found.storeMode)")
        Console.print("buffers:   \(found.buffers)")
        Console.print("schema:    \(report.appliedMigrations.count) of \(report.knownMigrations.count) migrations, journal \(report.journalMode)")
        Console.print("drafts:    \(report.openDrafts) open, \(report.sentDrafts) sent, \(report.deletedDrafts) deleted, \(report.revisions) revisions")
        Console.print("outbox:    \(Self.outboxLine(report.outbox))")
        Console.print("service:   \(UserUnit.name): \(service.summary)"
            + (service.watcher.map { "; pid \($0) watches this store" } ?? "; no sender watches this store now"))
        Console.print("overdue:   " + (overdue.map { Self.overdueLine($0, now: now) } ?? "none"))
        Console.print("templates: \(report.templates)")
        Console.print("history:   \(report.historyEntries) of at most \(ListHistory.kept) entries")
        if let editor {
            Console.print("editor:    \(editor.value) (from \(editor.source))")
        } else {
            Console.print("editor:    none (the terminal is dumb and no editor is set)")
        }
        if found.leftoverBuffers > 0 {
            Console.print("leftovers: \(counted(found.leftoverBuffers, "buffer")) from unfinished sessions; the next command recovers them")
        }
        for file in found.keptBuffers {
            Console.print("kept:      \(file): a text set aside, never a draft; `missive drafts import \(file)` makes it one")
        }
        Console.print("integrity: \(report.problems.isEmpty ? "ok" : report.problems.joined(separator: "; "))")
        if !report.unreadableDrafts.isEmpty {
            Console.print("damaged:   " + Self.damagedLine(report.unreadableDrafts, path: report.path))
        }
        if !report.healthy {
            throw CommandError(.dataError, "the store needs attention (see above)")
        }
    }

    /// "drafts 3, 7 cannot be read: ..." with what to do about it.
    static func damagedLine(_ ids: [Int64], path: String) -> String {
        let names = ids.count == 1 ? "draft \(ids[0]) cannot be read" : "drafts \(ids.map(String.init).joined(separator: ", ")) cannot be read"
        return names + " (a damaged page of the store hides them); restore \(path) from a backup, save the drafts that can "
            + "still be read with `missive drafts export DIR`, or rebuild the file with SQLite's .recover "
            + "(`sqlite3 \(path) .recover | sqlite3 recovered.sqlite`)"
    }

    /// "2 queued, 1 unknown, 40 sent", with a word on what needs the user; "empty" when it is.
    static func outboxLine(_ counts: [String: Int]) -> String {
        let parts = QueueCommand.List.states.compactMap { state in counts[state].map { "\($0) \(state)" } }
        guard !parts.isEmpty else { return "empty" }
        var hints: [String] = []
        if counts["unknown", default: 0] > 0 { hints.append("unknown items are checked with the forum by the next `missive send`") }
        if counts["failed", default: 0] > 0 { hints.append("`missive queue list --state failed` says why") }
        return parts.joined(separator: ", ") + (hints.isEmpty ? "" : " (" + hints.joined(separator: "; ") + ")")
    }

    /// "item 3 (draft d7, thread 3500001), due 09:00, overdue by 2 h 14 min; ..."
    static func overdueLine(_ row: OutboxRow, now: Date) -> String {
        let due = row.due ?? now
        return "item \(row.id) (" + (row.draftID.map { "draft d\($0), " } ?? "") + "\(row.target)), due \(LocalClock.time(due, now: now)), "
            + "overdue by \(LocalClock.span(now.timeIntervalSince(due))): the next `missive send` sends it "
            + "(or holds it, past a late_limit)"
    }
}

/// `missive doctor --json`.
struct DoctorJSON: Encodable {
    var config: String
    var configExists: Bool
    var store: String
    var readOnly: Bool
    var mode: String
    var buffers: String
    var migrations: Int
    var knownMigrations: Int
    var journal: String
    var drafts: [String: Int]
    var revisions: Int
    var templates: Int
    var history: Int
    var outbox: [String: Int]
    @JSONNull var editor: String? = nil
    @JSONNull var editorSource: String? = nil
    var leftoverBuffers: Int
    var keptBuffers: [String]
    var problems: [String]
    var unreadableDrafts: [Int64]
    var healthy: Bool
    var service: ServiceJSON
    @JSONNull var mostOverdue: OverdueJSON?
}

/// The most overdue item in `doctor --json`: its time (UTC) and how late it is now, in seconds.
struct OverdueJSON: Encodable {
    var id: Int64
    @JSONNull var draft: Int64?
    var target: String
    var due: String
    var overdueSeconds: Int

    init(_ row: OutboxRow, now: Date) {
        id = row.id
        draft = row.draftID
        target = row.target
        let due = row.due ?? now
        self.due = Timestamp.iso8601(due)
        overdueSeconds = Int(now.timeIntervalSince(due))
    }
}
