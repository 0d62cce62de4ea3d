import Application
import ArgumentParser
import Common
import Compose
import Foundation

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the config and the store; the default profile points at the local sandbox forum.",
        discussion: "Safe to run again: an existing config and store are kept as they are.")

    @Option(name: .long, help: ArgumentHelp("Also import the templates in DIR (your own; the starter ones come with Missive).", valueName: "dir"))
    var templates: String?

    func run() async throws {
        let paths = Home.paths()
        do {
            try paths.createDirectories()
        } catch {
            throw CommandError(.cantCreate, "cannot create \(paths.config.path): \(error.localizedDescription)")
        }
        let configFile = Config.file(in: paths)
        if FileManager.default.fileExists(atPath: configFile.path) {
            _ = try Home.load()  // a broken existing config is reported, not overwritten
            Console.note("kept the existing config \(configFile.path)")
        } else {
            try Config().save(to: paths, console: TerminalConsole())
            Console.note("wrote \(configFile.path) (default profile: sandbox)")
        }
        let workspace = try Workspace.open()
        Console.note("store ready: \(workspace.storePath)")
        try workspace.addStarterTemplates().run(StarterTemplates.files.map { ($0.name, $0.text) })
        if let templates {
            var command = TemplatesCommand.Import()
            command.paths = [templates]
            try await command.run()
        }
        let config = try Home.load().config
        if config.defaultProfile == Config().defaultProfile {
            Console.note("next: start the practice forum in another terminal with `missive sandbox`, then `missive login` "
                + "(every password there is \"sandbox\") and `missive reply 3500001`; `missive --help` has the rest")
        } else {
            Console.note("next: `missive login` to profile \(config.defaultProfile), then `missive reply THREAD`; `missive --help` has the rest")
        }
    }
}
