import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Compose with real vim in a tmux terminal against a sandbox process: the cursor opens on the
/// body's first line, the notices are on screen when vim opens, and `:w` then `:cq` makes no draft
/// and names the file the text was kept in.
@Suite(.serialized) struct ComposeVimTests {
    static let vim = "vim -N -u NONE -i NONE"

    /// `missive ARGUMENTS` in a terminal with vim as EDITOR, once vim shows the front matter.
    func openInVim(_ arguments: [String], _ sandbox: SandboxProcess) throws -> TmuxTerminal {
        let command = ([BuiltBinary.url("missive").path] + arguments).map(TmuxTerminal.quote).joined(separator: " ")
        let terminal = try TmuxTerminal(command: command, environment: childEnvironment(sandbox.environment.merging(
            ["EDITOR": Self.vim]) { $1 }), term: "xterm")
        let opened = waitUntil { ((try? terminal.capture()) ?? "").contains("kind: reply") }
        #expect(opened, "vim showed the buffer: \((try? terminal.capture()) ?? "")")
        return terminal
    }

    func keys(_ terminal: TmuxTerminal, _ keys: String...) throws {
        try terminal.tmux(["send-keys", "-t", terminal.session] + keys)
    }

    /// Typed the moment vim opens, with no motion first: the text lands on the body's first line.
    @Test func theCursorOpensOnTheFirstBodyLine() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let terminal = try openInVim(["reply", "3500001"], sandbox)
        try keys(terminal, "-l", "ihello")
        try keys(terminal, "Escape")
        try keys(terminal, ":wq", "Enter")
        let screen = try terminal.waitForExit()
        #expect(screen.contains("[exit 0]"), "\(screen)")
        let drafts = try sandbox.run(["drafts", "list", "--json"])
        let list = (try JSONSerialization.jsonObject(with: drafts.stdout) as? [[String: Any]]) ?? []
        let id = try #require(list.first?["id"] as? Int, "\(screen)")
        let draft = try sandbox.draft(String(id))
        #expect(draft["body"] as? String == "hello")
        #expect(draft["kind"] as? String == "reply")
        #expect(draft["thread"] as? Int == 3_500_001)
        #expect(draft["format"] as? String == "markdown")
        #expect(draft["problem"] == nil || draft["problem"] is NSNull, "\(draft)")
    }

    @Test func theNoticesAreOnScreenWhenVimOpens() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let started = try sandbox.run(["reply", "3500001", "--body-file", try sandbox.file("started earlier"), "--no-edit"])
        #expect(started.status == 0, "\(started.errorOutput)")
        let terminal = try openInVim(["reply", "3500001"], sandbox)
        let screen = try terminal.capture()
        #expect(screen.contains("<!-- Missive: draft \(started.draftID) for thread 3500001 is open: continuing it"), "\(screen)")
        // The cursor is on the body, which is on screen too, and so is the context below it.
        #expect(screen.contains("started earlier"))
        try keys(terminal, ":wq", "Enter")
        let after = try terminal.waitForExit()
        #expect(after.contains("[exit 0]"), "\(after)")

        // Logged out: the line that says so, and what to run, is on screen as vim opens.
        let loggedOut = try SandboxProcess()
        let second = try openInVim(["reply", "3500001"], loggedOut)
        let shown = try second.capture()
        #expect(shown.contains("not logged in"), "\(shown)")
        #expect(shown.contains("`missive login`"), "\(shown)")
        try keys(second, ":q", "Enter")
        _ = try second.waitForExit()
    }

    @Test func writeThenColonCqLeavesNoDraftAndNamesTheKeptFile() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let terminal = try openInVim(["reply", "3500001"], sandbox)
        try keys(terminal, "-l", "iwritten, then called off")
        try keys(terminal, "Escape")
        try keys(terminal, ":w", "Enter")
        try keys(terminal, ":cq", "Enter")
        let screen = try terminal.waitForExit()
        #expect(screen.contains("[exit 1]"), "\(screen)")
        #expect(screen.contains("editor exited with status 1: nothing saved (your text is in "), "\(screen)")
        let range = try #require(screen.range(of: #"/\S*/kept-new-[0-9a-f]+\.md"#, options: .regularExpression), "\(screen)")
        let kept = String(screen[range])
        #expect(try String(contentsOfFile: kept, encoding: .utf8).contains("written, then called off"))
        // The next commands recover nothing: the text stays where the message said.
        for _ in 0..<2 {
            #expect(try sandbox.draftCount() == 0)
        }
        #expect(exists(kept))
    }

    /// `reply --live` with real vim: the address is in the buffer; each `:w` is on the page the
    /// browser redraws from (the body only, never the context); after `:wq` nothing answers there.
    @Test func theLivePreviewFollowsVimsSavesAndStopsWithIt() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let terminal = try openInVim(["reply", "3500001", "--live"], sandbox)
        let buffers = sandbox.home.appendingPathComponent("state/buffers")
        let names = try FileManager.default.contentsOfDirectory(atPath: buffers.path).filter { $0.hasSuffix(".md") }
        let buffer = try String(contentsOf: buffers.appendingPathComponent(try #require(names.first)), encoding: .utf8)
        let address = try #require(buffer.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/).map { String($0.output) })
        let page = try #require(URL(string: address.replacingOccurrences(of: "/?token=", with: "/page?token=")))
        func fetch() async -> String? {
            guard let (data, _) = try? await URLSession.shared.data(for: URLRequest(url: page, timeoutInterval: 2)) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }

        try keys(terminal, "-l", "iWritten **in vim** and seen live")
        try keys(terminal, "Escape")
        try keys(terminal, ":w", "Enter")
        var shown = ""
        for _ in 0..<50 where !shown.contains("seen live") {
            shown = await fetch() ?? ""
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(shown.contains("seen live"), "the saved body is on the page: \(shown)")
        #expect(!shown.contains("This is a practice forum"), "no context post on the page")

        try keys(terminal, ":wq", "Enter")
        let screen = try terminal.waitForExit()
        #expect(screen.contains("[exit 0]"), "\(screen)")
        #expect(await fetch() == nil, "the live preview stopped with vim")
    }
}
