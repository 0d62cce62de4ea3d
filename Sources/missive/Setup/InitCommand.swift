import ArgumentParser
import Common
import Compose
import Foundation
import Store

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the config and the store; the default profile points at the local sandbox forum.",
        discussion: "Safe to run again: an existing config and store are kept as they are.")

    @Option(name: .long, help: ArgumentHelp("Also import the templates in DIR (your own; the starter ones come with Missive).", valueName: "dir"))
    var templates: String?

    func run() async throws {
        let paths = MissivePaths.resolve()
        do {
            try paths.createDirectories()
        } catch {
            throw CommandError(.cantCreate, "cannot create \(paths.config.path): \(error.localizedDescription)")
        }
        let configFile = Config.file(in: paths)
        if FileManager.default.fileExists(atPath: configFile.path) {
            _ = try Config.load(from: paths)  // a broken existing config is reported, not overwritten
            Console.note("kept the existing config \(configFile.path)")
        } else {
            try Config().saveNotingLink(to: paths)
            Console.note("wrote \(configFile.path) (default profile: sandbox)")
        }
        let workspace = try Workspace.open()
        Console.note("store ready: \(workspace.store.path)")
        try Self.addStarterTemplates(to: workspace)
        if let templates {
            var command = TemplatesImport()
            command.paths = [templates]
            try await command.run()
        }
    }

    /// The starter templates that the store does not have yet: one of the user's own with the
    /// same name wins, and running init again changes nothing.
    static func addStarterTemplates(to workspace: Workspace) throws {
        let existing = Set(try workspace.store.templates().map(\.name))
        var added: [(name: String, template: Template?)] = []
        for (file, text) in StarterTemplates.files {
            let template = try TemplateBuffer.parse(text, source: "starter template \(file)")
            if !existing.contains(template.name) { added.append((template.name, template)) }
        }
        guard !added.isEmpty else { return }
        _ = try workspace.store.changeTemplates(added, kind: .templateImport,
                                                summary: "add " + counted(added.count, "starter template"), now: workspace.now)
        Console.note("added the starter templates: \(added.map(\.name).joined(separator: ", ")) (`missive templates list`)")
    }
}
