import ArgumentParser
import Common
import Foundation

@main
struct Missive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "missive",
        abstract: "Write forum posts and private messages in your own editor, in Markdown.",
        discussion: """
            Quick start, on the practice forum (every password there is "sandbox"):
              missive init             # config and store, for the sandbox
              missive sandbox &        # the practice forum on 127.0.0.1
              missive login            # as Missive Tester
              missive reply 3500001    # your $EDITOR opens; saving makes draft 1
              missive queue 1          # (missive preview 1 shows it first)
              missive send             # sends it; missive undo takes it back

            Drafts, revisions and templates live in a local SQLite store; Markdown is converted to \
            each forum's BBCode; a queued sender retries, waits out flood control, never posts \
            twice, and can undo. `missive help json` says how --json output is shaped.
            """,
        version: MissiveVersion.string,
        subcommands: [JSONHelpTopic.self],  // hidden: a help topic
        // Grouped as a person meets them: write, keep, send, then the forum and the tools.
        groupedSubcommands: [
            CommandGroup(name: "Write", subcommands: [
                ReplyCommand.self, ThreadCommand.self, PMCommand.self, EditPostCommand.self, NewCommand.self,
            ]),
            CommandGroup(name: "Drafts and templates", subcommands: [
                DraftsCommand.self, TemplatesCommand.self, PreviewCommand.self,
                UndoCommand.self, RedoCommand.self, HistoryCommand.self,
            ]),
            CommandGroup(name: "Send", subcommands: [QueueCommand.self, SendCommand.self, ServiceCommand.self, RemotesCommand.self, ImagesCommand.self]),
            CommandGroup(name: "Forum", subcommands: [
                ProfilesCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
                InboxCommand.self, StatusCommand.self, BookmarksCommand.self, ReadCommand.self, IgnoreCommand.self,
                SmiliesCommand.self, IconsCommand.self,
            ]),
            CommandGroup(name: "Markup", subcommands: [ConvertCommand.self, RenderCommand.self, ThemesCommand.self]),
            CommandGroup(name: "Set-up", subcommands: [InitCommand.self, DoctorCommand.self, SandboxCommand.self, CompletionCommand.self]),
        ]
    )

    /// Runs the chosen command, turning Missive's own errors into one line on stderr and
    /// the exit status the error names; the argument parser's own errors are said in the same voice
    /// (`ParserErrorVoice`), with the parser's status.
    static func main() async {
        // Building the whole command tree reflects over every subcommand (about 1.5 ms, a tenth of
        // a start-up), so the two commands scripts run over and over skip it: `--version`, and a
        // plain `convert`. Anything else (--help, a mistake) goes the whole way, so help and errors
        // read the same as before.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(MissiveVersion.string)
            return
        }
        do {
            // Run directly, not through the `as? AsyncParsableCommand` below: that cast scans every
            // protocol conformance in the binary (0.7 million instructions) when it fails.
            if arguments.first == "convert", let convert = ConvertRun.plain(Array(arguments.dropFirst())) {
                return try convert.run()
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as MissiveError {
            FileHandle.standardError.write(Data("missive: \(error.description)\n".utf8))
            Foundation.exit(error.status.rawValue)
        } catch {
            if let suggestion = CommandSuggestion.message(for: Array(CommandLine.arguments.dropFirst()), root: Missive.self) {
                FileHandle.standardError.write(Data("missive: \(suggestion)\n".utf8))
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            let (text, status) = ParserErrorVoice.message(for: error, arguments: arguments)
            // Help and --version are "errors" too, that print to stdout with status 0.
            if status == 0 { exit(withError: error) }
            if !text.isEmpty { FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8)) }
            Foundation.exit(status)
        }
    }
}

/// The one place Missive's version lives: scripts/version.sh reads this line for the Makefile, the
/// Debian package and the man pages. A new version also needs its entry in CHANGELOG.md.
enum MissiveVersion {
    static let string = "0.1.0"
}
