import Foundation
import Testing

/// `missive preview DRAFT` and editor-buffer files: the draft's own profile, format and forum
/// decide the dialect and the theme, as configured per profile and per forum.
@Suite struct PreviewDraftTests {
    let home: URL
    var environment: [String: String] { ["MISSIVE_HOME": home.path] }

    init() throws {
        home = try makeTemporaryDirectory("preview-drafts")
        let config = home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("""
            default_profile = "sandbox"
            [profiles.sandbox]
            base_url = "http://127.0.0.1:8642/"
            username = "Missive Tester"
            theme = "dark"
            [profiles.sandbox.forum_themes]
            219 = "yospos"
            [profiles.phpbb]
            base_url = "https://board.example/"
            dialect = "phpbb"
            theme = "macinyos"
            """.utf8).write(to: config.appendingPathComponent("config.toml"))
    }

    /// Saves a draft with `arguments` (a creating command) and `body`; returns its id.
    func draft(_ arguments: [String], body: String) throws -> String {
        let result = try runMissive(arguments + ["--body-file", "-", "--no-edit"], stdin: Data(body.utf8), environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func page(_ arguments: [String]) throws -> String {
        let result = try runMissive(["preview"] + arguments + ["--html"], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        return result.output
    }

    @Test func aDraftTakesTheThemeOfItsForumThenOfItsProfile() throws {
        let thread = try draft(["thread", "219", "--subject", "new yospos thread"], body: "**hi**")
        let reply = try draft(["reply", "3507451"], body: "**hi**")
        let threadPage = try page([thread])
        #expect(threadPage.contains("<body class=\"theme-yospos\">"))
        #expect(threadPage.contains("<title>Preview: new yospos thread</title>"))
        #expect(threadPage.contains("<b>hi</b>"))
        #expect(try page([reply]).contains("<body class=\"theme-dark\">"))
        #expect(try page([reply, "--theme", "fyad"]).contains("<body class=\"theme-fyad\">"))
    }

    @Test func aDraftUsesItsProfilesDialectAndItsFormat() throws {
        let markdown = try draft(["reply", "1", "--profile", "phpbb"], body: "> quoted\n\n*it*")
        let text = try runMissive(["preview", markdown], environment: environment)
        #expect(text.output.hasPrefix(" phpbb · reply to thread 1\n"))  // no username: the profile's name
        #expect(text.output.contains("│ quoted"))
        #expect(try page([markdown]).contains("theme-macinyos"))

        let bbcode = try draft(["reply", "2", "--format", "bbcode"], body: "**not bold** [b]bold[/b]")
        let shown = try runMissive(["preview", bbcode], environment: environment)
        #expect(shown.output.hasSuffix("**not bold** bold\n"))
    }

    @Test func anEditorBufferFileBringsItsOwnFrontMatter() throws {
        let buffer = home.appendingPathComponent("buffer.md")
        try Data("""
            <!-- Missive: a note -->
            ---
            kind: thread
            forum: 219
            subject: from a file
            profile: sandbox
            format: bbcode
            ---
            [i]x[/i] *y*
            """.utf8).write(to: buffer)
        let html = try page([buffer.path])
        #expect(html.contains("theme-yospos") && html.contains("<title>Preview: from a file</title>"))
        #expect(html.contains("<i>x</i> *y*"))

        try Data("---\nkind: reply\nthread: soon\n---\nbody\n".utf8).write(to: buffer)
        let bad = try runMissive(["preview", buffer.path], environment: environment)
        #expect(bad.status == 65)
        #expect(bad.errorOutput.contains("buffer.md") && bad.errorOutput.contains("3"))
    }

    @Test func aMissingDraftIsNoInput() throws {
        _ = try draft(["reply", "5"], body: "x")
        let result = try runMissive(["preview", "999"], environment: environment)
        #expect(result.status == 66)
        #expect(result.errorOutput.contains("999"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aFileNamedLikeADraftIdIsTheFile() throws {
        _ = try draft(["reply", "5"], body: "from the draft")
        let directory = home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("from the file".utf8).write(to: directory.appendingPathComponent("1"))
        let result = try runProgram([BuiltBinary.url("missive").path, "preview", "1"],
                                    environment: ["MISSIVE_HOME": home.path, "PATH": "/usr/bin:/bin"], directory: directory)
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("from the file\n"))
    }
}
