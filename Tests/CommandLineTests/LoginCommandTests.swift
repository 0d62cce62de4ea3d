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

    @Test func anUnknownProfileIsAConfigurationError() throws {
        let sandbox = try SandboxProcess()
        let result = try sandbox.run(["login", "--profile", "nope", "--password-stdin"], stdin: "sandbox\n")
        #expect(result.status == 78)
        #expect(result.errorOutput.contains("no profile named \"nope\""))
    }
}
