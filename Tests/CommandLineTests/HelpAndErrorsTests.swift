import Foundation
import Testing

/// The command line's own contract: help that teaches, and argument errors with a usage status.
@Suite struct HelpAndErrorsTests {
    @Test func helpNamesTheProgramAndExitsZero() throws {
        let result = try runMissive(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: missive"))
    }

    /// Help opens with the quick start, one command a line in the order a newcomer runs them,
    /// each line whole in the 80 columns help is laid out in when piped (a wrapped comment broke
    /// the column of '#'s).
    @Test func helpOpensWithAQuickStartThatFitsEightyColumns() throws {
        let help = try runMissive(["--help"]).output
        let start = try #require(help.components(separatedBy: "Quick start").dropFirst().first, "\(help)")
        let lines = start.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }
        #expect(lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
            == ["missive init", "missive sandbox", "missive login", "missive reply", "missive queue", "missive send"], "\(help)")
        #expect(lines.allSatisfy { $0.hasPrefix("  missive ") && $0.count <= 80 }, "\(help)")
        let comments = lines.map { line in line.distance(from: line.startIndex, to: line.firstIndex(of: "#") ?? line.endIndex) }
        #expect(Set(comments).count == 1, "one column of comments: \(help)")
    }

    /// Every command is listed once, under the group a person looks in for it.
    @Test func helpGroupsEveryCommand() throws {
        let help = try runMissive(["--help"]).output
        let groups: [(String, [String])] = [
            ("WRITE", ["reply", "thread", "pm", "edit-post", "new"]),
            ("DRAFTS AND TEMPLATES", ["drafts", "templates", "preview", "undo", "redo", "history"]),
            ("SEND", ["queue", "send"]),
            ("FORUM", ["profiles", "login", "logout", "whoami", "inbox", "status", "bookmarks", "read", "ignore", "smilies", "icons"]),
            ("MARKUP", ["convert", "render", "themes"]),
            ("SET-UP", ["init", "doctor", "sandbox"]),
        ]
        let sections = help.components(separatedBy: " SUBCOMMANDS:\n")
        for (name, commands) in groups {
            let index = try #require(sections.firstIndex { $0.hasSuffix("\n" + name) }, "no \(name) group in:\n\(help)")
            let listed = sections[index + 1].split(separator: "\n").compactMap { line -> String? in
                line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
            }
            #expect(listed.prefix(commands.count).elementsEqual(commands), "\(name): \(listed)")
        }
        // A command missing from the groups would be missing from help altogether.
        for command in groups.flatMap(\.1) {
            #expect(try runMissive([command, "--help"]).status == 0, "\(command) --help")
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try runMissive(["--version"])
        #expect(result.status == 0)
        #expect(result.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try runMissive(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(!result.errorOutput.isEmpty)
    }

    /// As git does: a mistyped subcommand names the closest one (issue 13); nothing close, no guess.
    @Test(arguments: [
        (["sned"], "'sned' is not a missive command; did you mean `missive send`?"),
        (["drafts", "lst"], "did you mean `missive drafts list`?"),
        (["queu", "list"], "did you mean `missive queue`?"),
        (["templ"], "did you mean `missive templates`?"),
    ])
    func aMistypedSubcommandSuggestsTheClosest(arguments: [String], suggestion: String) throws {
        let result = try runMissive(arguments)
        #expect(result.status == 64)
        #expect(result.errorOutput.contains(suggestion), "\(result.errorOutput)")
    }

    @Test func nothingCloseIsNoGuess() throws {
        let result = try runMissive(["xyzzy"])
        #expect(result.status == 64)
        #expect(!result.errorOutput.contains("did you mean"), "\(result.errorOutput)")
    }
}
