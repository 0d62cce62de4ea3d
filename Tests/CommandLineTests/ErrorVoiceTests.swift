import Foundation
import Testing

/// One voice for errors (issue 26): whatever goes wrong, and whichever part of Missive notices it
/// (the argument parser, a `validate()`, a use case, the store), standard error's first line starts
/// `missive: ` and the status is the one sysexits.h names for it.
@Suite struct ErrorVoiceTests {
    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        /// What the first line says after the prefix (a part of it).
        var says: String
        /// The start of the usage line that follows, for a mistake on the command line.
        var usage: String? = nil
        var description: String { "missive " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        // Unknown options, subcommands and arguments.
        Case(arguments: ["--frobnicate"], status: 64, says: "unknown option '--frobnicate'", usage: "Usage: missive <subcommand>"),
        Case(arguments: ["sned"], status: 64, says: "did you mean `missive send`?"),
        Case(arguments: ["drafts", "lst"], status: 64, says: "did you mean `missive drafts list`?"),
        Case(arguments: ["drafts", "list", "--frob"], status: 64, says: "unknown option '--frob'", usage: "Usage: missive drafts list"),
        Case(arguments: ["undo", "--frob"], status: 64, says: "unknown option '--frob'", usage: "Usage: missive undo"),
        Case(arguments: ["redo", "extra"], status: 64, says: "unexpected argument 'extra'", usage: "Usage: missive redo"),
        Case(arguments: ["images", "list", "--frob"], status: 64, says: "unknown option '--frob'"),
        Case(arguments: ["init", "--frob"], status: 64, says: "unknown option '--frob'"),
        Case(arguments: ["doctor", "--frob"], status: 64, says: "unknown option '--frob'"),
        Case(arguments: ["smilies", "--frob"], status: 64, says: "unknown option '--frob'"),
        // Missing arguments.
        Case(arguments: ["drafts", "show"], status: 64, says: "missing expected argument '<id>'", usage: "Usage: missive drafts show <id>"),
        Case(arguments: ["drafts", "search"], status: 64, says: "missing expected argument '<query> ...'"),
        Case(arguments: ["templates", "new"], status: 64, says: "missing expected argument '<name>'"),
        Case(arguments: ["profiles", "add"], status: 64, says: "missing expected argument '<name>'"),
        Case(arguments: ["reply"], status: 64, says: "missing expected argument '<thread>'", usage: "Usage: missive reply"),
        Case(arguments: ["pm"], status: 64, says: "missing expected argument '<user>'"),
        Case(arguments: ["thread"], status: 64, says: "missing expected argument '<forum>'"),
        Case(arguments: ["edit-post"], status: 64, says: "missing expected argument '<post>'"),
        Case(arguments: ["new"], status: 64, says: "missive new needs --template NAME"),
        Case(arguments: ["queue", "cancel"], status: 64, says: "give the outbox item ids", usage: "Usage: missive queue cancel"),
        // Bad values.
        Case(arguments: ["drafts", "show", "abc"], status: 64, says: "the value 'abc' is invalid for '<id>'"),
        Case(arguments: ["send", "--max-wait", "abc"], status: 64, says: "the value 'abc' is invalid for '--max-wait <seconds>'"),
        Case(arguments: ["history", "--limit", "x"], status: 64, says: "the value 'x' is invalid for '--limit <n>'"),
        Case(arguments: ["queue", "list", "--state", "lost"], status: 64, says: "unknown state 'lost'", usage: "Usage: missive queue list"),
        Case(arguments: ["queue", "list", "--limit", "0"], status: 64, says: "--limit must be at least 1"),
        Case(arguments: ["queue", "hold", "1", "1"], status: 64, says: "item 1 is named twice"),
        Case(arguments: ["convert", "--dialect", "ipb"], status: 64, says: "the value 'ipb' is invalid for '--dialect <dialect>'"),
        Case(arguments: ["render", "--to", "pdf"], status: 64, says: "the value 'pdf' is invalid for '--to <format>'"),
        Case(arguments: ["sandbox", "--port", "abc"], status: 64, says: "the value 'abc' is invalid for '--port <port>'"),
        Case(arguments: ["reply", "abc"], status: 64, says: "\"abc\" is not a thread id"),
        Case(arguments: ["inbox", "show", "abc"], status: 64, says: "\"abc\" is not a private message id"),
        Case(arguments: ["icons", "abc"], status: 64, says: "\"abc\" is not a forum id"),
        // Bad times: the usage is the one of what was typed, not of `queue add`, the default it runs.
        Case(arguments: ["queue", "1", "--at", "bad"], status: 64, says: "cannot read the time \"bad\"",
             usage: "Usage: missive queue [<draft> ...] [--at <when>]"),
        Case(arguments: ["queue", "1", "--at", "yesterday"], status: 64, says: "\"yesterday\": that time is in the past"),
        Case(arguments: ["queue", "1", "--at", "2001-01-01T00:00:00Z"], status: 64, says: "that time is in the past"),
        Case(arguments: ["queue", "1", "--at", "tomorow"], status: 64, says: "did you mean \"tomorrow\"?"),
        Case(arguments: ["queue", "add", "1", "--at", "tomorow 09:00"], status: 64, says: "did you mean \"tomorrow\"?",
             usage: "Usage: missive queue add [<draft> ...]"),
        Case(arguments: ["queue", "reschedule", "1", "--at", "fridya 10:00"], status: 64, says: "did you mean \"friday\"?",
             usage: "Usage: missive queue reschedule"),
        // Ids that name nothing.
        Case(arguments: ["drafts", "show", "999"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["drafts", "rm", "999"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["drafts", "history", "999"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["drafts", "diff", "999"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["drafts", "restore", "999", "1"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["preview", "999"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["queue", "999"], status: 66, says: "draft 999 does not exist"),
        Case(arguments: ["queue", "show", "999"], status: 66, says: "outbox item 999 does not exist"),
        Case(arguments: ["queue", "cancel", "999"], status: 66, says: "outbox item 999 does not exist"),
        Case(arguments: ["queue", "retry", "999"], status: 66, says: "outbox item 999 does not exist"),
        Case(arguments: ["templates", "show", "nope"], status: 66, says: "template 'nope' does not exist"),
        Case(arguments: ["templates", "rm", "nope"], status: 66, says: "template 'nope' does not exist"),
        Case(arguments: ["new", "--template", "nope"], status: 66, says: "template 'nope' does not exist"),
        // Names the configuration does not have.
        Case(arguments: ["profiles", "use", "nope"], status: 78, says: "no profile named \"nope\""),
        Case(arguments: ["login", "--profile", "nope"], status: 78, says: "no profile named \"nope\""),
        Case(arguments: ["themes", "show", "nope"], status: 78, says: "no theme named \"nope\""),
    ]

    @Test func everyErrorExitStartsWithMissiveAndHasItsStatus() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["init"]).status == 0)
        for example in Self.cases {
            let result = try home.run(example.arguments)
            let lines = result.errorOutput.split(separator: "\n", omittingEmptySubsequences: false)
            let first = lines.first.map(String.init) ?? ""
            #expect(result.status == example.status, "\(example): \(result.errorOutput)")
            #expect(first.hasPrefix("missive: "), "\(example): \(result.errorOutput)")
            #expect(first.contains(example.says), "\(example): \(first)")
            #expect(!result.errorOutput.contains("Error:"), "\(example): \(result.errorOutput)")
            if let usage = example.usage {
                #expect(lines.contains { $0.hasPrefix(usage) }, "\(example): \(result.errorOutput)")
            }
        }
    }

    /// Said once: one item waits, two items wait, and no "(s)" anywhere.
    @Test func countsAgreeWithTheirNouns() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let exported = home.root.appendingPathComponent("out").path
        let body = try home.file("one.md", Data("one draft".utf8))
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        let export = try home.run(["drafts", "export", "--to", exported])
        #expect(export.errorOutput.contains("wrote 1 draft to"), "\(export.errorOutput)")
        #expect(!export.errorOutput.contains("(s)"))
    }
}
