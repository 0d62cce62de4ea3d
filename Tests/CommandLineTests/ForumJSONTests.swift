import Foundation
import Testing

/// `--json` on the forum commands: the help names the fields, the output has exactly those
/// keys, and every key is snake_case.
@Suite(.serialized) struct ForumJSONTests {
    /// The fields a command's `--json` help lists ("Print JSON: a list of id, subject, ...").
    private func documentedFields(_ command: [String], _ sandbox: SandboxProcess) throws -> Set<String> {
        let help = try sandbox.run(command + ["--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let start = help.range(of: "Print JSON: ") else {
            Issue.record("\(command) --help does not list the JSON fields:\n\(help)")
            return []
        }
        let rest = help[start.upperBound...]
        let list = rest[..<(rest.firstIndex(of: ".") ?? rest.endIndex)].replacingOccurrences(of: "a list of ", with: "")
        return Set(list.components(separatedBy: ", "))
    }

    /// The keys of a JSON object, or of every object in a JSON list.
    private func keys(_ result: CommandResult) throws -> Set<String> {
        let value = try JSONSerialization.jsonObject(with: result.stdout)
        let objects = (value as? [[String: Any]]) ?? [(value as? [String: Any]) ?? [:]]
        #expect(!objects.isEmpty && !objects[0].isEmpty, "\(result.output)")
        return Set(objects.flatMap(\.keys))
    }

    private func expectDocumented(_ command: [String], _ sandbox: SandboxProcess, stdin: String = "") throws {
        let fields = try documentedFields(command, sandbox)
        let result = try sandbox.run(command + ["--json"], stdin: stdin)
        #expect(result.status == 0, "\(command): \(result.errorOutput)")
        let keys = try keys(result)
        #expect(keys == fields, "\(command): the output has \(keys.sorted()), the help lists \(fields.sorted())")
        #expect(keys.allSatisfy { $0 == $0.lowercased() && !$0.contains("-") }, "\(keys)")
    }

    @Test func everyForumCommandsJSONIsWhatItsHelpSays() throws {
        let sandbox = try SandboxProcess()
        // A profile with every optional field, logged in as the member who has a PM waiting.
        #expect(try sandbox.run(["profiles", "add", "member", "--base-url", sandbox.baseURL, "--username", "sandbox",
                                 "--dialect", "somethingawful", "--theme", "default", "--default"]).status == 0, "")
        try expectDocumented(["login", "--password-stdin"], sandbox, stdin: "sandbox\n")
        try expectDocumented(["whoami"], sandbox)
        try expectDocumented(["inbox", "list"], sandbox)
        try expectDocumented(["inbox", "show", "9000001"], sandbox)
        try expectDocumented(["smilies", "cheers"], sandbox)
        // The other profile has no theme, so its entry has fewer keys: check the default one.
        let fields = try documentedFields(["profiles", "list"], sandbox)
        let list = try #require(try JSONSerialization.jsonObject(with: try sandbox.run(["profiles", "list", "--json"]).stdout) as? [[String: Any]])
        #expect(Set(try #require(list.first { $0["name"] as? String == "member" }).keys) == fields)
    }

    @Test func inboxShowCallsItsArgumentTheSameInUsageAndText() throws {
        let sandbox = try SandboxProcess()
        let help = try sandbox.run(["inbox", "show", "--help"]).output
        #expect(help.contains("USAGE: missive inbox show [--profile <name>] [--timeout <seconds>] <id>"), "\(help)")
        #expect(help.contains("ID is the message's number"))
        #expect(!help.contains("<message>"))
        let list = try sandbox.run(["inbox", "list", "--help"]).output
        let folder = try #require(list.split(separator: "\n").first { $0.contains("--folder <folder>") })
        #expect(folder.components(separatedBy: "inbox").count == 2, "inbox is named once: \(folder)")
    }
}
