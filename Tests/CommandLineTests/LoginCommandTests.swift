import Foundation
import Testing

/// `missive login` and `missive logout` against a running sandbox.
@Suite(.serialized) struct LoginCommandTests {
    @Test func loginWithThePasswordOnStdinKeepsAPrivateSessionAndNeverThePassword() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(result.status == 0)
        #expect(result.output.contains("Logged in to sandbox as Missive Tester"))
        let mode = try FileManager.default.attributesOfItem(atPath: sandbox.jar.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOf: sandbox.jar, encoding: .utf8).contains("\tbbuserid\t"))
        // No cookie carries the password itself.
        let values = try String(contentsOf: sandbox.jar, encoding: .utf8).split(separator: "\n").compactMap { $0.split(separator: "\t").last }
        #expect(!values.contains("sandbox"))
    }

    @Test func aWrongPasswordSaysSoWithStatus77() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--password-stdin"], stdin: "hunter2-\(UUID().uuidString)\n")
        #expect(result.status == 77)
        #expect(result.errorOutput.contains("did not accept that username and password"))
        #expect(!result.errorOutput.contains("hunter2") && !result.output.contains("hunter2"))
        // Nothing Missive wrote (config, data, state) holds the password.
        for directory in ["config", "data", "state"] {
            let files = FileManager.default.enumerator(at: sandbox.home.appendingPathComponent(directory), includingPropertiesForKeys: nil)
            for case let file as URL in files?.allObjects ?? [] where !file.hasDirectoryPath {
                #expect(!String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self).contains("hunter2"), "\(file.path)")
            }
        }
    }

    @Test func anEmptyPasswordOnStdinIsBadInput() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--password-stdin"], stdin: "\n")
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("password is empty"))
    }

    @Test func aForumThatIsNotRunningIsUnavailable() throws {
        let sandbox = try SandboxProcess()
        sandbox.stop()
        let result = try sandbox.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(result.status == 69)
        #expect(result.errorOutput.contains("cannot connect to 127.0.0.1"))
    }

    @Test func logoutEndsTheSession() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let result = try sandbox.run(["logout"])
        #expect(result.status == 0)
        #expect(result.output == "Logged out of sandbox.\n")
        #expect(try !String(contentsOf: sandbox.jar, encoding: .utf8).contains("bbuserid"))
        #expect(try sandbox.run(["whoami"]).status == 77)
    }

    /// Issue 31: the forum cannot be reached; the jar is emptied, and the logout says the forum
    /// did not end the session instead of claiming it logged out.
    @Test func logoutWithTheForumDownSaysTheForumDidNotEndIt() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        sandbox.stop()
        let result = try sandbox.run(["logout"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("Forgot the session of sandbox here; the forum did not end it ("), "\(result.output)")
        #expect(result.errorOutput.contains("may stay open at the forum"), "\(result.errorOutput)")
        #expect(try !String(contentsOf: sandbox.jar, encoding: .utf8).contains("bbuserid"))
    }

    /// Issue 31: a jar that cannot be emptied (immutable, as root can still be stopped) is a
    /// plain error (73 or 77), never "Logged out"; the forum ended the session all the same, so
    /// the cookies left behind no longer log anyone in.
    @Test(.enabled(if: ImmutableFiles.available)) func logoutThatCannotEmptyTheJarSaysSo() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let folder = sandbox.jar.deletingLastPathComponent()
        try ImmutableFiles.set(true, [sandbox.jar, folder])
        defer { try? ImmutableFiles.set(false, [sandbox.jar, folder]) }
        let result = try sandbox.run(["logout"])
        #expect([73, 77].contains(result.status), "\(result.status): \(result.output) \(result.errorOutput)")
        #expect(!result.output.contains("Logged out"), "\(result.output)")
        #expect(result.errorOutput.contains("not logged out here: the cookie jar \(sandbox.jar.path) could not be emptied"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("the forum ended the session"), "\(result.errorOutput)")
        #expect(try String(contentsOf: sandbox.jar, encoding: .utf8).contains("bbuserid"), "the jar is as it was")
        #expect(try sandbox.run(["whoami"]).status == 77, "the forum no longer knows the session")
    }

    @Test func loginJSONNamesTheUserAsTheForumDoes() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--password-stdin", "--json", "--username", "MISSIVE TESTER"], stdin: "sandbox\n")
        #expect(result.status == 0, "\(result.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["username"] as? String == "Missive Tester", "the forum's spelling, not what was typed")
        #expect(object["userid"] as? Int == 1005)
        #expect(object["logged_in"] as? Bool == true)
        #expect(object["profile"] as? String == "sandbox")
    }

    @Test func aWrongPasswordFailsEvenWithASessionInTheJar() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let result = try sandbox.run(["login", "--password-stdin", "--username", "Zoë"], stdin: "wrong\n")
        #expect(result.status == 77)
        #expect(result.errorOutput.contains("did not accept that username and password"))
        #expect(!result.output.contains("Logged in"))
    }

    @Test func logoutWithoutASessionCreatesNoJar() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["logout"])
        #expect(result.status == 0)
        #expect(result.output == "Not logged in to sandbox; nothing to forget.\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.jar.path))
    }

    /// Issue 12: with the jar a link, even "nothing to forget" truncated the link's target and chmod-ed it.
    @Test func loginAndLogoutRefuseAJarThatIsALinkAndLeaveItsTargetAlone() throws {
        let sandbox = try SandboxProcess()
        let victim = sandbox.home.appendingPathComponent("victim.txt")
        let original = "someone else's file\n"
        try original.write(to: victim, atomically: true, encoding: .utf8)
        _ = chmod(victim.path, 0o644)
        try FileManager.default.createDirectory(at: sandbox.jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: sandbox.jar, withDestinationURL: victim)

        for (arguments, stdin) in [(["logout"], ""), (["login", "--password-stdin"], "sandbox\n"), (["whoami"], "")] {
            let result = try sandbox.run(arguments, stdin: stdin)
            #expect(result.status == 73, "\(arguments): \(result.output) \(result.errorOutput)")
            #expect(result.errorOutput.contains("cookie jar \(sandbox.jar.path) is a symbolic link (to \(victim.path))"), "\(result.errorOutput)")
            #expect(result.errorOutput.contains("remove the link"), "\(result.errorOutput)")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == original)
        #expect(try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions] as? Int == 0o644)
    }

    /// Issue 12: a jar holding a 5 MB line made the right password "wrong".
    @Test func aDamagedJarIsNamedWithItsFixAndLogoutMendsIt() throws {
        let sandbox = try SandboxProcess()
        try FileManager.default.createDirectory(at: sandbox.jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        let line = "127.0.0.1\tFALSE\t/\tFALSE\t0\tjunk\t" + String(repeating: "x", count: 5 << 20) + "\n"
        try line.write(to: sandbox.jar, atomically: true, encoding: .utf8)

        let login = try sandbox.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(login.status == 65, "\(login.errorOutput)")
        #expect(!login.errorOutput.contains("did not accept"), "\(login.errorOutput)")
        #expect(login.errorOutput.contains("cookie jar \(sandbox.jar.path) cannot be used"), "\(login.errorOutput)")
        #expect(login.errorOutput.contains("or run `missive logout`"), "\(login.errorOutput)")

        let logout = try sandbox.run(["logout"])
        #expect(logout.status == 0, "\(logout.errorOutput)")
        #expect(logout.output.hasPrefix("Emptied the damaged cookie jar \(sandbox.jar.path)"), "\(logout.output)")
        let again = try sandbox.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(again.status == 0, "\(again.errorOutput)")
    }

    // MARK: --cookies: a session exported from a browser (the way past Cloudflare's bot check)

    @Test func cookiesFromABrowserLogInAndOnlyTheForumsOwnAreKept() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let session = try String(contentsOf: sandbox.jar, encoding: .utf8)
        try FileManager.default.removeItem(at: sandbox.jar)
        let export = sandbox.home.appendingPathComponent("cookies.txt")
        try ("# Netscape HTTP Cookie File\n#HttpOnly_.google.com\tTRUE\t/\tTRUE\t0\tSID\tnot-for-the-forum\n"
            + session + "example.com\tFALSE\t/\tFALSE\t0\ttracker\tzzz\n").write(to: export, atomically: true, encoding: .utf8)

        let result = try sandbox.run(["login", "--cookies", export.path])

        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Logged in to sandbox as Missive Tester (user 1005).\n")
        let jar = try String(contentsOf: sandbox.jar, encoding: .utf8)
        #expect(jar.contains("\tbbuserid\t1005"))
        #expect(!jar.contains("not-for-the-forum") && !jar.contains("tracker"), "\(jar)")
        #expect(try FileManager.default.attributesOfItem(atPath: sandbox.jar.path)[.posixPermissions] as? Int == 0o600)
        #expect(try sandbox.run(["whoami"]).status == 0)
    }

    @Test(arguments: [
        ("forums.somethingawful.com\tFALSE\t/\tFALSE\t0\tbbuserid\t5\n", 65, "holds no bbuserid cookie for 127.0.0.1"),
        ("127.0.0.1\tFALSE\t/\tFALSE\t0\tsessionhash\tabc\n", 65, "holds no bbuserid cookie for 127.0.0.1"),
        ("127.0.0.1\tFALSE\t/\tFALSE\t1000000000\tbbuserid\t1005\n", 65, "has expired"),
        ("127.0.0.1\tFALSE\t/\tFALSE\t0\tbbuserid\t1005\n127.0.0.1\tFALSE\t/\tFALSE\t0\tbbpassword\tforged\n", 77,
         "does not take the session"),
    ])
    func cookiesWithoutALiveSessionForTheForumAreRefused(file: String, status: Int32, message: String) throws {
        let sandbox = try SandboxProcess()
        let export = sandbox.home.appendingPathComponent("cookies.txt")
        try file.write(to: export, atomically: true, encoding: .utf8)
        let result = try sandbox.run(["login", "--cookies", export.path])
        #expect(result.status == status, "\(result.errorOutput)")
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        #expect(!result.output.contains("Logged in"))
    }

    @Test func aMissingCookieFileIsNamed() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--cookies", "/nonexistent/cookies.txt"])
        #expect(result.status == 66)
        #expect(result.errorOutput.contains("cannot read the cookies in /nonexistent/cookies.txt: it does not exist"), "\(result.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.jar.path))
    }

    @Test func anUnknownProfileIsAConfigurationError() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--profile", "nope", "--password-stdin"], stdin: "sandbox\n")
        #expect(result.status == 78)
        #expect(result.errorOutput.contains("no profile named \"nope\""))
    }
}

/// `chattr +i`: a file even root cannot change, where the file system has the flag (ext4).
enum ImmutableFiles {
    static let available: Bool = {
        guard getuid() == 0, let probe = try? makeTemporaryDirectory("missive-chattr") else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        let file = probe.appendingPathComponent("probe")
        guard FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)),
            (try? set(true, [file])) != nil else { return false }
        let stopped = (try? Data("y".utf8).write(to: file)) == nil
        try? set(false, [file])
        return stopped
    }()

    static func set(_ on: Bool, _ paths: [URL]) throws {
        let result = try runProgram(["chattr", on ? "+i" : "-i"] + paths.map(\.path))
        guard result.status == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
