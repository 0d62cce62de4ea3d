import Forum
import Foundation
import Testing

/// Text that Markdown would reinterpret at every turn: emphasis, headings, lists, block quotes,
/// code spans, a literal ``` line and a longer backtick run, link and tag brackets, HTML, entities,
/// a hard-break backslash, indentation, a tab, and characters outside ASCII.
let markdownHostileBBCode = """
    # not a heading
    *stars* and _under_scores_ and **bold** and __double__ and `code` and ``two`` backticks
    [b]real BBCode[/b] [not a tag] [url=https://example.com/a_b*c]link[/url] [link](https://x.test)
    ```
    a literal fence line, then a longer run: ````
    - not a bullet
    1. not a list
    > not a block quote
        four spaces of indentation
    \ttab, \\*escaped\\*, a backslash at the end \\
    <b>html</b> &amp; &lt;tag&gt; | a | b |
    Zoë's café ☕ and an emoji 😀
    ***
    """

/// A user of the sandbox driven through the real adapter over HTTP, for what `missive` cannot do
/// yet (post) and for what the forum gives (a quote, a post's source) to compare drafts with.
struct ForumUser {
    let adapter: SomethingAwfulAdapter

    init(_ sandbox: SandboxProcess, username: String = "Missive Tester") async throws {
        let base = try #require(URL(string: sandbox.baseURL))
        adapter = try SomethingAwfulAdapter(baseURL: base, settings: HTTPSettings(userAgent: "missive-tests"))
        _ = try await adapter.login(username: username, password: "sandbox")
    }

    /// Posts `text` as a reply and returns the new post's id.
    func post(_ text: String, in thread: Int = ComposeIDs.welcomeThread) async throws -> Int {
        let outcome = await adapter.reply(Reply(threadID: thread, bbcode: text))
        guard case let .sent(receipt) = outcome, let id = receipt.id else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "the fixture post was not sent: \(outcome)"])
        }
        return id
    }
}

/// The seeded sandbox's ids (Sources/Sandbox/Seed.swift).
enum ComposeIDs {
    static let generalForum = 1
    static let welcomeThread = 3_500_001
    /// By Zoë: nobody else may edit it.
    static let othersPost = 500_000_001
    /// By the member `sandbox`.
    static let membersPost = 500_000_002
    /// From Zoë in the member `sandbox`'s inbox.
    static let inboxMessage = 9_000_001
}

extension SandboxProcess {
    /// Runs missive with `editor` as EDITOR.
    func run(_ arguments: [String], editor: String) throws -> CommandResult {
        try runMissive(arguments, environment: environment.merging(["EDITOR": editor]) { _, new in new })
    }

    /// A profile `member` for the seeded user `sandbox`, logged in.
    func logInMember() throws {
        #expect(try run(["profiles", "add", "member", "--base-url", baseURL, "--username", "sandbox"]).status == 0)
        let login = try run(["login", "--profile", "member", "--password-stdin"], stdin: "sandbox\n")
        #expect(login.status == 0, "\(login.errorOutput)")
    }

    /// An editor script that adds `line` at the end of the body, as a person typing below the
    /// quote would; it leaves everything above untouched.
    func appendingEditor(_ line: String) throws -> String {
        let url = home.appendingPathComponent("append-\(UUID().uuidString).sh")
        let script = """
            #!/bin/sh
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            text = open(path, encoding="utf-8").read()
            footer = text.rindex("<!-- Missive:")
            open(path, "w", encoding="utf-8").write(text[:footer] + \(pythonLiteral(line + "\n\n")) + text[footer:])
            PY
            """
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// A file for --body-file.
    func file(_ text: String) throws -> String {
        let url = home.appendingPathComponent("body-\(UUID().uuidString).md")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// `drafts show ID --json` (at a revision, when given).
    func draft(_ id: String, revision: Int? = nil) throws -> [String: Any] {
        let result = try run(["drafts", "show", id, "--json"] + (revision.map { ["--revision", String($0)] } ?? []))
        #expect(result.status == 0, "\(result.errorOutput)")
        return (try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]) ?? [:]
    }

    func draftCount() throws -> Int {
        let result = try run(["drafts", "list", "--json"])
        return ((try JSONSerialization.jsonObject(with: result.stdout) as? [Any]) ?? []).count
    }

    /// What the converter sends for a draft body: `missive convert` without its final newline.
    func converted(_ body: String) throws -> String {
        let result = try run(["convert"], stdin: body)
        #expect(result.status == 0, "\(result.errorOutput)")
        var text = result.output
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

extension CommandResult {
    /// The draft id a creating command prints on stdout.
    var draftID: String { output.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// A port that accepts connections (the kernel's backlog does) and never answers: a forum that hangs.
final class SilentListener {
    let port: UInt16
    private let fd: Int32

    /// On `port`, or on a free one with 0.
    init(port wanted: UInt16 = 0) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = wanted.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 && listen(fd, 16) == 0
            }
        }
        guard fd >= 0, listening else {
            if fd >= 0 { close(fd) }
            throw CocoaError(.fileWriteUnknown)
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}
