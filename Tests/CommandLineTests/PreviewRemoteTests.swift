import Foundation
import Testing

/// `missive preview --remote` against a real `missive-sandbox` process: the forum's own
/// rendering (smilies turned into pictures, which only the forum does), as text or inside the
/// themed page; nothing posted; the forum's refusals and a forum that is down as errors.
@Suite(.serialized) struct PreviewRemoteTests {
    /// `:cheers:` becomes a picture on the forum and stays as typed in a local preview.
    static let body = "[b]Hello[/b] from :cheers: the forum"

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

    @Test func aReplyBufferShowsTheForumsRenderingAsTextAndNothingIsPosted() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let file = try buffer(sandbox, "kind: reply\nthread: 3500001")
        let posts = try postCount(sandbox)

        let remote = try sandbox.run(["preview", file, "--remote"])
        #expect(remote.status == 0, "\(remote.errorOutput)")
        #expect(remote.output == "Hello from the forum\n", "the smilie is the forum's picture, not text")
        let local = try sandbox.run(["preview", file])
        #expect(local.output.contains("Hello from :cheers: the forum"), "a local preview keeps the code")
        #expect(try postCount(sandbox) == posts, "a preview posts nothing")
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
        #expect(post.hasPrefix("\n<b>Hello</b> from <img src=\"/images/smilies/cheers.gif\""))
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
        #expect(newThread.output == "Hello from the forum\n")

        let plain = sandbox.home.appendingPathComponent("plain.bbcode")
        try Data(Self.body.utf8).write(to: plain)
        let viaURL = try sandbox.run(["preview", plain.path, "--format", "bbcode", "--remote",
                                      "--thread", sandbox.baseURL + "showthread.php?threadid=3500001&pagenumber=1"])
        #expect(viaURL.status == 0, "\(viaURL.errorOutput)")
        #expect(viaURL.output == "Hello from the forum\n")

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
            (["--remote", "--width", "60"], "--width lays out the local preview"),
            (["--remote", "--timeout", "0"], "--timeout 0 is too short"),
            (["--remote", "--thread", "forumdisplay.php?forumid=1"], "forumdisplay.php?forumid=1"),
        ]
        for (options, message) in cases {
            let result = try sandbox.run(["preview", file] + options)
            #expect(result.status == 64, "\(options)")
            #expect(result.errorOutput.contains(message), "\(options): \(result.errorOutput)")
        }
    }
}
