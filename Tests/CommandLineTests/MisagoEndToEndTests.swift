import Foundation
import Testing

/// The built `missive` against the real Misago engine (`scripts/engine.sh`, docs/misago.md): a
/// profile for it, a login, a reply written in the editor, queued and sent, and then found on
/// the engine through its own API; and a reply to a thread that is not there, refused.
@Suite(.serialized) struct MisagoEndToEndTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let password = "missive-engine-pw"

    /// The engine's address: started if it is not running, and stopped when this process ends if
    /// this process started it.
    static let engine: Result<URL, EngineError> = Result { () throws(EngineError) in
        let script = packageRoot.appendingPathComponent("scripts/engine.sh").path
        var environment = childEnvironment([:])
        environment["MISSIVE_ENGINE_HOME"] = ProcessInfo.processInfo.environment["MISSIVE_ENGINE_HOME"]
        let wasRunning = (try? runProgram(["bash", script, "status"], environment: environment).status) == 0
        guard let started = try? runProgram(["bash", script, "start"], environment: environment), started.status == 0,
            let line = started.output.split(separator: "\n").last, let url = URL(string: String(line))
        else { throw EngineError(description: "scripts/engine.sh start failed") }
        if !wasRunning { atexit { _ = try? runProgram(["bash", MisagoEndToEndTests.packageRoot.appendingPathComponent("scripts/engine.sh").path, "stop"]) } }
        return url
    }

    /// Where the engine lives (its `run/` has the PID, the port and the request log).
    static let engineHome = ProcessInfo.processInfo.environment["MISSIVE_ENGINE_HOME"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.appendingPathComponent(".cache/misago")

    /// Members of this process's own, one per test that needs its own flood interval (Misago
    /// counts it per user), made once through the engine's `manage.py shell` as engine.sh makes its
    /// member: with avatars, or pages answer 500.
    static let members: Result<[String], EngineError> = Result { () throws(EngineError) in
        _ = try engine.get()
        let names = (1...16).map { "c\(Int(Date().timeIntervalSince1970) % 10_000_000)m\($0)" }
        let code = """
            from django.contrib.auth import get_user_model
            from misago.conf.shortcuts import get_dynamic_settings
            from misago.users.setupnewuser import setup_new_user
            for name in [\(names.map { "'\($0)'" }.joined(separator: ", "))]:
                setup_new_user(get_dynamic_settings(), get_user_model().objects.create_user(name, name + '@example.com', '\(password)'))
            """
        let project = engineHome.appendingPathComponent("project")
        guard let made = try? runProgram([engineHome.appendingPathComponent("venv/bin/python").path, "-m", "django", "shell", "-c", code],
                                         environment: childEnvironment(["DJANGO_SETTINGS_MODULE": "missive_settings", "PYTHONPATH": project.path]),
                                         directory: project), made.status == 0
        else { throw EngineError(description: "could not make the test members") }
        return names
    }

    struct EngineError: Error, CustomStringConvertible {
        var description: String
    }

    /// A home with a profile `member` (`member`, by default the seeded MissiveMember, logged in)
    /// and `admin`, both on the engine, and nothing waiting before a send. Returns the home, its environment and the
    /// member's user id.
    static func world(member: String = "MissiveMember", config: [String] = []) throws -> (home: URL, environment: [String: String], base: URL, memberID: Int) {
        let base = try engine.get()
        let home = try makeTemporaryDirectory("missive-misago")
        let environment = ["MISSIVE_HOME": home.path]
        for (profile, user) in [("member", member), ("admin", "MissiveAdmin")] {
            let add = try runMissive(["profiles", "add", profile, "--engine", "misago", "--base-url", base.absoluteString,
                                      "--username", user], environment: environment)
            #expect(add.status == 0, "\(add.errorOutput)")
        }
        let configFile = home.appendingPathComponent("config/config.toml")
        let written = try String(contentsOf: configFile, encoding: .utf8)
            .replacingOccurrences(of: #"(?m)^undo_window = \d+.*$"#, with: "undo_window = 0", options: .regularExpression)
        #expect(written.contains("undo_window = 0\n"))
        // `config` lines (top-level keys: retry_base, reconcile_grace...) go at the top.
        try (config.map { $0 + "\n" }.joined() + written).write(to: configFile, atomically: true, encoding: .utf8)
        var memberID = 0
        for profile in ["member", "admin"] {
            let login = try runMissive(["login", "--profile", profile, "--password-stdin"], stdin: Data((password + "\n").utf8),
                                       environment: environment)
            #expect(login.status == 0, "\(login.errorOutput)")
            if profile == "member", let range = login.output.range(of: #"\(user (\d+)\)"#, options: .regularExpression) {
                memberID = Int(login.output[range].dropFirst(6).dropLast()) ?? 0
            }
        }
        return (home, environment, base, memberID)
    }

    /// The member's posts (newest page) whose HTML holds `token`, read from the engine's API.
    static func postsHolding(_ token: String, by user: Int, on base: URL) throws -> Int {
        try posts(by: user, on: base).filter { ($0["content"] as? String ?? "").contains(token) }.count
    }

    static func posts(by user: Int, on base: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: base.appendingPathComponent("api/users/\(user)/posts/"))
        let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return page["results"] as? [[String: Any]] ?? []
    }

    static func editor(appending line: String, in home: URL) throws -> String {
        let url = home.appendingPathComponent("editor.sh")
        try """
            #!/bin/sh
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            text = open(path, encoding="utf-8").read()
            footer = text.rindex("<!-- Missive:")
            open(path, "w", encoding="utf-8").write(text[:footer] + \(pythonLiteral(line + "\n\n")) + text[footer:])
            PY
            """.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// A new thread in the first category, opened by the admin (who has no flood interval); its id.
    static func openThread(in home: URL, environment: [String: String]) throws -> Int {
        let body = home.appendingPathComponent("opening.md")
        try "The thread the reply goes to.\n".write(to: body, atomically: true, encoding: .utf8)
        let opened = try runMissive(["thread", "3", "--subject", "A thread for the CLI", "--profile", "admin", "--no-edit",
                                     "--body-file", body.path, "--send"], environment: environment)
        #expect(opened.status == 0, "\(opened.errorOutput)")
        let said = opened.output + opened.errorOutput
        return try #require(said.range(of: #"/t/[^/]+/\d+/"#, options: .regularExpression)
            .flatMap { Int(said[$0].split(separator: "/").last ?? "") }, "\(said)")
    }

    @Test func aReplyWrittenInTheEditorIsSentAndLandsOnce() throws {
        let (home, environment, base, member) = try Self.world()
        defer { try? FileManager.default.removeItem(at: home) }
        // The thread is the admin's, so the member's reply is its first post in a while (Misago
        // refuses a user's posts that come closer together than its flood interval).
        let thread = try Self.openThread(in: home, environment: environment)

        let token = "misago-cli-\(UUID().uuidString.prefix(8))"
        let written = try runMissive(["reply", String(thread), "--profile", "member", "--queue"],
                                     environment: environment.merging(["EDITOR": try Self.editor(appending: "A **reply** \(token)", in: home)]) { _, new in new })
        #expect(written.status == 0, "\(written.errorOutput)")
        let sent = try runMissive(["send"], environment: environment)
        #expect(sent.status == 0, "\(sent.errorOutput)")
        #expect(sent.errorOutput.contains(": sent: post "), "\(sent.errorOutput)")
        #expect(try Self.postsHolding(token, by: member, on: base) == 1)
        // The author's bold reached the engine as markup it renders (BBCode's <b> or Markdown's
        // <strong>), not as asterisks.
        let contents = try Self.posts(by: member, on: base).map { $0["content"] as? String ?? "" }.filter { $0.contains(token) }
        #expect(contents.contains { $0.contains("<b>reply</b> \(token)") || $0.contains("<strong>reply</strong> \(token)") }, "\(contents)")

        // A second send has nothing left to do, and the post is still there once.
        #expect(try runMissive(["send"], environment: environment).status == 0)
        #expect(try Self.postsHolding(token, by: member, on: base) == 1)
    }

    @Test func aReplyToAThreadThatIsNotThereFails() throws {
        let (home, environment, base, member) = try Self.world()
        defer { try? FileManager.default.removeItem(at: home) }
        let token = "misago-nowhere-\(UUID().uuidString.prefix(8))"
        let body = home.appendingPathComponent("reply.md")
        try "Into no thread \(token)\n".write(to: body, atomically: true, encoding: .utf8)
        let queued = try runMissive(["reply", "999999", "--profile", "member", "--no-edit", "--body-file", body.path, "--queue"],
                                    environment: environment)
        #expect(queued.status == 0, "\(queued.errorOutput)")
        let sent = try runMissive(["send"], environment: environment)
        #expect(sent.status == 1, "\(sent.errorOutput)")
        #expect(sent.errorOutput.contains("failed: that thread does not exist on the forum"), "\(sent.errorOutput)")
        let show = try runMissive(["queue", "show", "1", "--json"], environment: environment)
        let item = try #require(try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any])
        #expect(item["state"] as? String == "failed" && item["post_id"] is NSNull, "\(item)")
        #expect(try Self.postsHolding(token, by: member, on: base) == 0)
    }
}
