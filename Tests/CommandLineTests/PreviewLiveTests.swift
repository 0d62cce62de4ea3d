import Foundation
import Testing

/// `missive preview FILE --live` through the binary: the address alone on standard output, the
/// rendered post behind it, a redraw after each save, and a clean stop on SIGTERM.
@Suite struct PreviewLiveTests {
    @Test func theAddressServesTheRenderedPostAndFollowsEachSave() async throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let post = home.appendingPathComponent("post.md")
        try "Hello **bold world**\n".write(to: post, atomically: false, encoding: .utf8)
        let live = try LivePreviewProcess(["preview", post.path, "--live", "--port", "0"], environment: ["MISSIVE_HOME": home.path],
                                          directory: home)
        let address = try #require(await live.address(), "\(live.errorOutput)")
        let lines = live.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line on standard output: \(live.output)")
        #expect(address.absoluteString.wholeMatch(of: #/http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}/#) != nil, "\(address)")
        #expect(live.errorOutput.contains("live preview of \(post.path)"), "\(live.errorOutput)")

        let first = try await LivePreviewProcess.get(address)
        #expect(first.status == 200)
        #expect(first.body.contains("<b>bold world</b>"), "\(first.body)")
        #expect(first.body.contains("<title>Live preview: post.md</title>"))

        // Saved as vim saves: a new file renamed over the old one.
        let saved = home.appendingPathComponent("post.md.new")
        try "Now **redrawn text**\n".write(to: saved, atomically: false, encoding: .utf8)
        #expect(rename(saved.path, post.path) == 0)
        let source = try #require(LivePreviewProcess.route("/page", of: address))
        #expect(await eventually(within: 15) { try await LivePreviewProcess.get(source).body.contains("<b>redrawn text</b>") })

        live.signal(SIGTERM)
        #expect(await live.exitStatus(within: 10) == 0, "\(live.errorOutput)")
        #expect(live.errorOutput.contains("live preview stopped (SIGTERM)"), "\(live.errorOutput)")
        await #expect(throws: (any Error).self) { _ = try await LivePreviewProcess.get(address) }
    }

    /// The server is `missive-live`, a child of missive: when missive dies without a word
    /// (SIGKILL: no handler runs), its input closes and the server ends too; nothing is left
    /// listening on the port.
    @Test func theServerDoesNotOutliveAMissiveKilledWithSIGKILL() async throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let post = home.appendingPathComponent("post.md")
        try "killed **mid-preview**\n".write(to: post, atomically: false, encoding: .utf8)
        let live = try LivePreviewProcess(["preview", post.path, "--live", "--port", "0"], environment: ["MISSIVE_HOME": home.path],
                                          directory: home)
        let address = try #require(await live.address(), "\(live.errorOutput)")
        #expect(try await LivePreviewProcess.get(address).body.contains("<b>mid-preview</b>"))
        let servers = Self.liveServers(childOf: live.process.processIdentifier)
        #expect(servers.count == 1, "one missive-live, missive's child: \(servers)")
        live.signal(SIGKILL)
        _ = await live.exitStatus(within: 10)
        #expect(await eventually(within: 10) { servers.allSatisfy(Self.ended) }, "missive-live \(servers) outlived missive")
        await #expect(throws: (any Error).self) { _ = try await LivePreviewProcess.get(address) }
    }

    /// Gone, or a zombie its new parent has not reaped yet (it runs no more either way).
    static func ended(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return true
        }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// The pids of `missive-live` processes whose parent is `parent` (from /proc).
    static func liveServers(childOf parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let name = stat[stat.index(after: stat.firstIndex(of: "(") ?? stat.startIndex)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return name == "missive-live" && fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// A draft id is followed through the store: a save by `drafts edit` redraws the page.
    @Test func aDraftIsRedrawnWhenItIsSavedInTheStore() async throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["MISSIVE_HOME": home.path]
        let drafts = home.appendingPathComponent("import")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try "---\nkind: reply\nthread: 3500001\nformat: markdown\n---\nDraft **one**\n"
            .write(to: drafts.appendingPathComponent("a.md"), atomically: false, encoding: .utf8)
        let imported = try runMissive(["drafts", "import", drafts.path], environment: environment)
        #expect(imported.output == "1\n", "\(imported.errorOutput)")
        let live = try LivePreviewProcess(["preview", "1", "--live"], environment: environment, directory: home)
        let address = try #require(await live.address(), "\(live.errorOutput)")
        let source = try #require(LivePreviewProcess.route("/page", of: address))
        #expect(try await LivePreviewProcess.get(source).body.contains("Draft <b>one</b>"))

        let editor = home.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nsed -i 's/Draft \\*\\*one\\*\\*/Draft **two**/' \"$1\"\n".write(to: editor, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let edited = try await offThePool { try runMissive(["drafts", "edit", "1"], environment: environment.merging(["EDITOR": editor.path]) { $1 }) }
        #expect(edited.status == 0, "\(edited.errorOutput)")
        #expect(await eventually(within: 15) { try await LivePreviewProcess.get(source).body.contains("Draft <b>two</b>") })
        live.signal(SIGTERM)
        #expect(await live.exitStatus(within: 10) == 0)
    }

    /// A buffer's context, below its cut line, is not part of the post and is not shown.
    @Test func aBuffersContextBelowTheCutLineIsLeftOut() async throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let buffer = home.appendingPathComponent("reply.md")
        try """
            ---
            kind: reply
            thread: 3500001
            format: markdown
            ---
            My answer is **yes**.

            ------------------------ >8 ------------------------ 0123456789ab
            Someone's post I am answering: CONTEXT-ONLY
            """.write(to: buffer, atomically: false, encoding: .utf8)
        let live = try LivePreviewProcess(["preview", buffer.path, "--live"], environment: ["MISSIVE_HOME": home.path], directory: home)
        let address = try #require(await live.address(), "\(live.errorOutput)")
        let page = try await LivePreviewProcess.get(address)
        #expect(page.body.contains("My answer is <b>yes</b>."), "\(page.body)")
        #expect(!page.body.contains("CONTEXT-ONLY") && !page.body.contains(">8"), "\(page.body)")
        live.signal(SIGINT)
        #expect(await live.exitStatus(within: 10) == 0)
        #expect(live.errorOutput.contains("live preview stopped (SIGINT)"), "\(live.errorOutput)")
    }

    @Test func aTakenPortIsAClearErrorWithItsOwnStatus() async throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let post = home.appendingPathComponent("post.md")
        try "text\n".write(to: post, atomically: false, encoding: .utf8)
        let first = try LivePreviewProcess(["preview", post.path, "--live"], environment: ["MISSIVE_HOME": home.path], directory: home)
        let address = try #require(await first.address(), "\(first.errorOutput)")
        let port = try #require(address.port)
        let environment = ["MISSIVE_HOME": home.path]
        let second = try await offThePool { try runMissive(["preview", post.path, "--live", "--port", String(port)], environment: environment) }
        #expect(second.status == 75, "\(second.errorOutput)")
        #expect(second.errorOutput == "missive: port \(port) on 127.0.0.1 is already in use; give another --port, or --port 0 for a free one\n")
        #expect(second.output.isEmpty)
        first.signal(SIGTERM)
        #expect(await first.exitStatus(within: 10) == 0)
    }

    @Test(arguments: [
        (["--live", "--html"], "--html does not go with --live"),
        (["--live", "--remote"], "--remote does not go with --live"),
        (["--port", "8080"], "--port only goes with --live"),
        (["--live", "--port", "70000"], "--port 70000 is out of range"),
    ])
    func optionsThatDoNotGoWithLiveAreRefused(options: [String], message: String) throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let post = home.appendingPathComponent("post.md")
        try "text\n".write(to: post, atomically: false, encoding: .utf8)
        let result = try runMissive(["preview", post.path] + options, environment: ["MISSIVE_HOME": home.path])
        #expect(result.status == 64, "\(result.errorOutput)")
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
    }

    @Test func aMissingFileIsSaidBeforeAnythingListens() throws {
        let home = try makeTemporaryDirectory("missive-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try runMissive(["preview", home.appendingPathComponent("nope.md").path, "--live"], environment: ["MISSIVE_HOME": home.path])
        #expect(result.status == 66, "\(result.errorOutput)")
        #expect(result.output.isEmpty)
    }
}
