import Foundation
import Testing

@Suite(.serialized) struct WhoamiCommandTests {
    @Test func whoamiAsksTheForum() throws {
        let sandbox = try SandboxProcess()
        let before = try sandbox.run(["whoami"])
        #expect(before.status == 77)
        #expect(before.errorOutput.contains("not logged in to sandbox (no saved session); run `missive login --profile sandbox`"))

        try sandbox.logIn()
        let after = try sandbox.run(["whoami", "--json"])
        #expect(after.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: after.stdout) as? [String: Any])
        #expect(object["logged_in"] as? Bool == true)
        #expect(object["username"] as? String == "Missive Tester")
        #expect(object["profile"] as? String == "sandbox")
        #expect(object["base_url"] as? String == sandbox.baseURL)
        #expect((object["userid"] as? Int ?? 0) > 0)
    }

    @Test func withoutASessionWhoamiNeitherAsksTheForumNorWritesAJar() throws {
        let sandbox = try SandboxProcess()
        // With the forum gone, "not logged in" (77) rather than "cannot connect" (69) shows
        // that nothing was asked.
        sandbox.stop()
        let result = try sandbox.run(["whoami"])
        #expect(result.status == 77)
        #expect(result.errorOutput.contains("(no saved session)"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.jar.path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.jar.deletingLastPathComponent().path))
    }

    @Test func whoamiLeavesTheJarAsItWas() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let before = try Data(contentsOf: sandbox.jar)
        let modified = try FileManager.default.attributesOfItem(atPath: sandbox.jar.path)[.modificationDate] as? Date
        #expect(try sandbox.run(["whoami"]).status == 0)
        #expect(try Data(contentsOf: sandbox.jar) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: sandbox.jar.path)[.modificationDate] as? Date == modified)
    }

    @Test func aTimeoutOutsideOneSecondToAnHourIsAUsageError() throws {
        let sandbox = try SandboxProcess()
        for timeout in ["9223372036854775807", "3601", "0"] {
            let result = try sandbox.run(["whoami", "--timeout", timeout])
            #expect(result.status == 64, "--timeout \(timeout): \(result.errorOutput)")
            #expect(result.errorOutput.contains("--timeout must be from 1 to 3600 seconds"))
        }
        #expect(try sandbox.run(["whoami", "--timeout", "3600"]).status == 77)
    }

    @Test func theProxyTheEnvironmentNamesIsUsed() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let (deadProxy, held) = try SandboxProcess.refusingPort()
        defer { withExtendedLifetime(held) {} }
        var environment = sandbox.environment
        environment["http_proxy"] = "http://127.0.0.1:\(deadProxy)/"
        let viaProxy = try runMissive(["whoami"], environment: environment)
        #expect(viaProxy.status == 69)
        #expect(viaProxy.errorOutput.contains("port \(deadProxy)"))
        environment["no_proxy"] = "127.0.0.1"
        #expect(try runMissive(["whoami"], environment: environment).status == 0)
    }
}
