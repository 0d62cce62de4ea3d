import Foundation
import Testing

/// The starter templates as a new user meets them (issue 26): `templates list` says what each asks
/// for, none puts instructions into a body, and the README's `missive new --template thanks
/// --var name=Zoë` makes a draft on a fresh `missive init` beside a sandbox.
@Suite struct StarterTemplateTests {
    @Test func templatesListShowsEachTemplatesVariablesWithTheirDefaults() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["init"]).status == 0)
        let list = try home.run(["templates", "list"])
        #expect(list.status == 0, "\(list.errorOutput)")
        let header = try #require(list.output.split(separator: "\n").first)
        #expect(header.wholeMatch(of: /NAME +KIND +VARIABLES +SUMMARY/) != nil, "\(list.output)")
        let rows = Dictionary(list.output.split(separator: "\n").dropFirst().map { line in
            (String(line.prefix { $0 != " " }), String(line))
        }, uniquingKeysWith: { first, _ in first })
        #expect(rows["thanks"]?.contains("subject=Thanks for the help, name, signoff=Cheers") == true, "\(list.output)")
        #expect(rows["thanks-thread"]?.contains("thread, name=everyone, what=That fixed it., fix") == true, "\(list.output)")
        // A child lists what it inherits from its parent too (new-thread's forum).
        #expect(rows["thread-recap"]?.contains("forum") == true && rows["thread-recap"]?.contains("topic") == true, "\(list.output)")
        // Every column starts under its header.
        let variables = header.distance(from: header.startIndex, to: try #require(header.range(of: "VARIABLES")).lowerBound)
        for row in rows.values {
            #expect(row.unicodeScalars.count > variables && Array(row.unicodeScalars)[variables - 1] == " "
                && Array(row.unicodeScalars)[variables] != " ", "\(row)")
        }
        #expect(try home.run(["templates", "list", "--json"]).output.contains("\"summary\""), "--json keeps its shape")
    }

    @Test(arguments: ["thanks.md", "thanks-thread.md", "new-thread.md", "pm-reply.md", "thread-recap.md"])
    func noStarterTemplateCarriesInstructionsForItsBody(file: String) throws {
        let text = try String(contentsOf: BuiltBinary.packageRoot.appendingPathComponent("drafts/templates/\(file)"), encoding: .utf8)
        // Instructions read "(what worked, in a sentence or two)" or "What this thread is about, in one sentence."
        for instruction in ["in a sentence", "in one sentence", "|(", "TODO", "..."] {
            #expect(!text.contains(instruction), "\(file) carries \"\(instruction)\"")
        }
    }

    @Test func theReadmesThanksLineWorksOnAFreshInitBesideTheSandbox() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let initialised = try sandbox.run(["init"])
        #expect(initialised.status == 0, "\(initialised.errorOutput)")
        try sandbox.logIn()
        // As the README has it, with an editor that saves the buffer as it opened.
        let made = try sandbox.run(["new", "--template", "thanks", "--var", "name=Zoë"], editor: "true")
        #expect(made.status == 0, "\(made.errorOutput)")
        let shown = try sandbox.run(["drafts", "show", "1", "--json"])
        let draft = try #require(try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any], "\(shown.output)")
        #expect(draft["kind"] as? String == "pm" && draft["to"] as? String == "Zoë", "\(draft)")
        #expect((draft["body"] as? String)?.hasPrefix("Hi Zoë,\n\nThanks for the help!") == true, "\(draft)")
        // Zoë is one of the sandbox's accounts: the message can go to her.
        let queued = try sandbox.run(["queue", "1"])
        #expect(queued.status == 0 && queued.errorOutput.contains("queued item 1 (draft d1): PM to Zoë"), "\(queued.errorOutput)")
    }
}
