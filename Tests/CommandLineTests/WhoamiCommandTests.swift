import Foundation
import Testing

@Suite(.serialized) struct WhoamiCommandTests {
    @Test func whoamiAsksTheForum() throws {
        let sandbox = try SandboxProcess()
        let before = try sandbox.run(["whoami"])
        #expect(before.status == 77)
        #expect(before.errorOutput.contains("not logged in to sandbox; run `missive login --profile sandbox`"))

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

    @Test func theProxyTheEnvironmentNamesIsUsed() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let deadProxy = try SandboxProcess.freePort()
        var environment = sandbox.environment
        environment["http_proxy"] = "http://127.0.0.1:\(deadProxy)/"
        let viaProxy = try runMissive(["whoami"], environment: environment)
        #expect(viaProxy.status == 69)
        #expect(viaProxy.errorOutput.contains("port \(deadProxy)"))
        environment["no_proxy"] = "127.0.0.1"
        #expect(try runMissive(["whoami"], environment: environment).status == 0)
    }
}
