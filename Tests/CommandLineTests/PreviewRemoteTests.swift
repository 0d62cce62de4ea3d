import Foundation
import Testing

/// `missive preview --remote` against a real `missive-sandbox` process: the forum's own
/// rendering (its quote headers and smilie pictures, which a local preview cannot know), as
/// text laid out like the local preview or inside the themed page; nothing posted; the forum's
/// refusals and a forum that is down as errors.
@Suite(.serialized) struct PreviewRemoteTests {
    /// `:cheers:` becomes a picture on the forum and stays as typed in a local preview.
    static let body = "[b]Hello[/b] from :cheers: the forum"

    /// Everything the terminal preview lays out: the forum's HTML for it must read back the same.
    static let richMarkdown = """
        Some **bold** text, _italics_ and a [link](https://example.com/x?a=1&b=2) that runs on long enough to wrap.

        > a quoted line
        >
        > and a second paragraph

        ```
        let x = 1 < 2 && "y"
            indented code that is longer than the narrow width
        ```

        1. one
        2. two with ![](https://i.example/a/rather/long/path/cat.png)

        - a bullet
        - ||hidden||
        """

    func buffer(_ sandbox: SandboxProcess, _ frontMatter: String, name: String = "draft.md") throws -> String {
        let url = sandbox.home.appendingPathComponent(name)
        try Data("---\n\(frontMatter)\nprofile: sandbox\nformat: bbcode\n---\n\(Self.body)\n".utf8).write(to: url)
        return url.path
    }

    /// How many posts the forum holds, from its state dump.
    func postCount(_ sandbox: SandboxProcess) throws -> Int {
        let url = try #require(URL(string: sandbox.baseURL + "_sandbox/state.json"))
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any]
        return (object?["posts"] as? [Any])?.count ?? -1
    }

    @Test func theForumsRenderingReadsAsTextLaidOutLikeTheLocalPreviewAndNothingIsPosted() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let file = sandbox.home.appendingPathComponent("rich.md")
        try Data("---\nkind: reply\nthread: 3500001\nprofile: sandbox\n---\n\(Self.richMarkdown)\n".utf8).write(to: file)
        let posts = try postCount(sandbox)

        for width in ["80", "32"] {
            let remote = try sandbox.run(["preview", file.path, "--remote", "--width", width])
            #expect(remote.status == 0, "\(remote.errorOutput)")
            let local = try sandbox.run(["preview", file.path, "--width", width])
            #expect(remote.output == local.output, "width \(width)")
            #expect(remote.output.contains("│ and a second paragraph") && remote.output.contains("2. two with"))
            // Drawn by the same renderer, so in the theme's colours too, cell for cell.
            let colours = ["--width", width, "--color", "truecolor", "--theme", "yospos"]
            let remoteColoured = try sandbox.run(["preview", file.path, "--remote"] + colours)
            #expect(remoteColoured.status == 0, "\(remoteColoured.errorOutput)")
            #expect(remoteColoured.output.contains("\u{1B}[0;1;38;2;"), "bold in a theme colour")
            #expect(remoteColoured.output == (try sandbox.run(["preview", file.path] + colours)).output, "width \(width)")
        }
        #expect(try postCount(sandbox) == posts, "a preview posts nothing")

        // What only the forum knows: it renders Something Awful's BBCode whatever dialect this
        // machine would draw with, so its quote says "posted:" where phpBB's says "wrote:".
        let bbcode = sandbox.home.appendingPathComponent("quote.bbcode")
        try Data("[quote=\"Kyle\"]hi[/quote]".utf8).write(to: bbcode)
        let arguments = ["preview", bbcode.path, "--format", "bbcode", "--dialect", "phpbb", "--thread", "3500001"]
        let forum = try sandbox.run(arguments + ["--remote"])
        #expect(forum.status == 0, "\(forum.errorOutput)")
        #expect(forum.output == " Missive Tester\n\n│ Kyle posted:\n│ hi\n")
        let local = try sandbox.run(Array(arguments.dropLast(2)))
        #expect(local.output == " Missive Tester\n\n│ Kyle wrote:\n│ hi\n")
    }

    @Test func hostileBrokenAndWideTextReadsBackSafely() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let file = sandbox.home.appendingPathComponent("broken.bbcode")
        let text = "[b]bold [i]unclosed 漢字テキストの長い行 and 😀😀 wide and a_very_long_word_that_will_not_fit_anywhere\n"
            + "[code]\ta\ttab\n\n  kept  spaces\n[/code]\n[quote]never closed [url=https://x.example/]link"
        try Data(text.utf8).write(to: file)
        let local = ["preview", file.path, "--format", "bbcode", "--width", "24"]
        let remote = try sandbox.run(local + ["--remote", "--thread", "3500001"])
        #expect(remote.status == 0, "\(remote.errorOutput)")
        #expect(remote.output == (try sandbox.run(local)).output, "wrapped by columns, wide characters counted as two")

        // Escape sequences in a post never reach the terminal as escapes.
        try Data("red \u{1B}[31mred\u{1B}]0;title\u{7} [code]\u{1B}[2J[/code]".utf8).write(to: file)
        let hostile = try sandbox.run(local + ["--remote", "--thread", "3500001"])
        #expect(hostile.status == 0, "\(hostile.errorOutput)")
        #expect(hostile.output.contains("[31mred") && hostile.output.contains("[2J"))
        #expect(!hostile.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(hostile.output)")
    }

    @Test func withHTMLTheForumsPostSitsInTheThemedPage() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let imported = try sandbox.run(["drafts", "import", try buffer(sandbox, "kind: reply\nthread: 3500001")])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        let draft = imported.output.trimmingCharacters(in: .whitespacesAndNewlines)

        let out = sandbox.home.appendingPathComponent("remote.html")
        let result = try sandbox.run(["preview", draft, "--remote", "--html", "--theme", "yospos", "--output", out.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        let page = try String(contentsOf: out, encoding: .utf8)
        let post = try #require(page.range(of: "<div class=\"postbody\">").map { String(page[$0.upperBound...]) })
        // The forum's picture, at the forum (the adapter makes its addresses absolute).
        #expect(post.hasPrefix("\n<b>Hello</b> from <img src=\"\(sandbox.baseURL)images/smilies/cheers.gif\""))
        #expect(post.contains("class=\"smilie\""))
        #expect(page.contains("<title>Forum preview: draft \(draft)</title>"))
        // yospos's own background, from the theme file, around the forum's markup.
        let theme = try sandbox.run(["themes", "show", "yospos", "--json"])
        let keys = try #require(try JSONSerialization.jsonObject(with: theme.stdout) as? [String: Any])["keys"] as? [[String: Any]]
        let background = try #require(keys?.first { $0["key"] as? String == "page.background" }?["value"] as? String)
        #expect(page.contains("background: \(background)"))
        #expect(page.contains("class=\"theme-yospos\""))
    }

    @Test func newThreadsFilesWithThreadAndTheFormsTheDraftNames() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        // Forum 2 takes new threads only after a preview, which is what this is.
        let thread = try buffer(sandbox, "kind: thread\nforum: 2\nsubject: Previewed first\nicon: 0", name: "thread.md")
        let newThread = try sandbox.run(["preview", thread, "--remote"])
        #expect(newThread.status == 0, "\(newThread.errorOutput)")
        #expect(newThread.output == " Missive Tester · new thread in forum 2: Previewed first\nHello from :cheers: the forum\n")

        let plain = sandbox.home.appendingPathComponent("plain.bbcode")
        try Data(Self.body.utf8).write(to: plain)
        let viaURL = try sandbox.run(["preview", plain.path, "--format", "bbcode", "--remote",
                                      "--thread", sandbox.baseURL + "showthread.php?threadid=3500001&pagenumber=1"])
        #expect(viaURL.status == 0, "\(viaURL.errorOutput)")
        // The same rendering; a plain file says nothing of where it goes.
        #expect(viaURL.output == " Missive Tester\nHello from :cheers: the forum\n", "\(viaURL.output)")

        let noTarget = try sandbox.run(["preview", plain.path, "--remote"])
        #expect(noTarget.status == 64)
        #expect(noTarget.errorOutput.contains("plain.bbcode has no front matter saying where it goes; give --thread"))
        let pm = try sandbox.run(["preview", try buffer(sandbox, "kind: pm\nto: sandbox\nsubject: hi", name: "pm.md"), "--remote"])
        #expect(pm.status == 64)
        #expect(pm.errorOutput.contains("no preview for private messages"))
    }

    @Test func theForumsRefusalsAndAForumThatIsDownAreErrors() throws {
        let sandbox = try SandboxProcess()
        let file = try buffer(sandbox, "kind: reply\nthread: 3500001")

        let loggedOut = try sandbox.run(["preview", file, "--remote"])
        #expect(loggedOut.status == 77)
        #expect(loggedOut.errorOutput == "missive: the forum refused: not logged in; run `missive login`\n")
        #expect(loggedOut.output.isEmpty)

        try sandbox.logIn()
        // Zoë's post: the forum's edit form says this user may not edit it.
        let others = try sandbox.run(["preview", try buffer(sandbox, "kind: edit\npost: 500000001", name: "edit.md"), "--remote"])
        #expect(others.status == 77)
        #expect(others.errorOutput.contains("permission"), "\(others.errorOutput)")
        let missing = try sandbox.run(["preview", file, "--remote", "--thread", "3599999"])
        #expect(missing.status != 0)
        #expect(missing.errorOutput.contains("Invalid thread"), "\(missing.errorOutput)")

        sandbox.stop()
        let down = try sandbox.run(["preview", file, "--remote", "--timeout", "5"])
        #expect(down.status == 69)
        #expect(down.errorOutput.hasPrefix("missive: "), "\(down.errorOutput)")
        #expect(down.output.isEmpty)
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() throws {
        let sandbox = try SandboxProcess()
        let file = try buffer(sandbox, "kind: reply\nthread: 3500001")
        let cases: [([String], String)] = [
            (["--thread", "3500001"], "--thread only goes with --remote"),
            (["--remote", "--timeout", "0"], "--timeout 0 is out of range; use 1 to 3600 seconds"),
            (["--remote", "--timeout", "9223372036854775807"], "out of range"),
            (["--remote", "--thread", "forumdisplay.php?forumid=1"], "forumdisplay.php?forumid=1"),
        ]
        for (options, message) in cases {
            let result = try sandbox.run(["preview", file] + options)
            #expect(result.status == 64, "\(options)")
            #expect(result.errorOutput.contains(message), "\(options): \(result.errorOutput)")
        }
    }
}
