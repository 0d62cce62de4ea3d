import ArgumentParser
import Common
import Compose
import Foundation
import Store

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store's integrity and report paths, counts and the editor in use.",
        discussion: "Exits 0 when all is well, 65 when the store is damaged or its schema is incomplete.")

    func run() async throws {
        let workspace = try Workspace.open(recover: false)
        let report = try workspace.store.report()
        let paths = workspace.paths
        let configFile = Config.file(in: paths).path
        Console.print("config:    \(configFile)\(FileManager.default.fileExists(atPath: configFile) ? "" : " (absent: defaults in use)")")
        Console.print("store:     \(report.path)\(report.readOnly ? " (read-only)" : "")  mode \(mode(of: report.path))")
        Console.print("buffers:   \(BufferDirectory(paths: paths).url.path)")
        Console.print("schema:    \(report.appliedMigrations.count) of \(report.knownMigrations.count) migrations, journal \(report.journalMode)")
        Console.print("drafts:    \(report.openDrafts) open, \(report.deletedDrafts) deleted, \(report.revisions) revisions")
        Console.print("templates: \(report.templates)")
        Console.print("history:   \(report.historyEntries) of at most \(Store.historyLimit) entries")
        let environment = ProcessInfo.processInfo.environment
        if let editor = try? EditorCommand.resolve(environment: environment, configured: workspace.config.editor) {
            Console.print("editor:    \(editor.value) (from \(editor.source))")
        } else {
            Console.print("editor:    none (the terminal is dumb and no editor is set)")
        }
        let leftovers = BufferDirectory(paths: paths).leftovers()
        if !leftovers.isEmpty {
            Console.print("leftovers: \(leftovers.count) buffer(s) from unfinished sessions; the next command recovers them")
        }
        Console.print("integrity: \(report.problems.isEmpty ? "ok" : report.problems.joined(separator: "; "))")
        if !report.healthy {
            throw CommandError(.dataError, "the store needs attention (see above)")
        }
    }

    private func mode(of path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return String(attributes?[.posixPermissions] as? Int ?? 0, radix: 8)
    }
}
