import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `missive sandbox` as a user starts it: it execs the `missive-sandbox` binary next to it,
/// serves the forum on 127.0.0.1, and stops cleanly on SIGTERM.
@Suite struct SandboxCommandTests {
    @Test func helpDescribesTheOptionsAndTheFaultSpec() throws {
        let result = try runMissive(["sandbox", "--help"])
        #expect(result.status == 0)
        for option in ["--port", "--data", "--temp", "--flood", "--faults", "--seed", "dberror", "truncate", "cloudflare",
                       "closedredirect", "phantom", "--images-port", "--json"] {
            #expect(result.output.contains(option), "\(option)")
        }
        let program = try runMissive(["--help"], binary: "missive-sandbox")
        for text in ["slow=R:3s", "phantom=R", "probation", "noplatinum", "samart_tag", "tma_ama", "/_sandbox/standing", "/_sandbox/cloudflare",
                     "/_sandbox/requests.json", "--temp", "/_sandbox/image-fault", "/_sandbox/status.json"] {
            #expect(program.output.contains(text), "\(text)")
        }
    }

    @Test func tempAndDataExcludeEachOther() throws {
        for binary in ["missive", "missive-sandbox"] {
            let arguments = (binary == "missive" ? ["sandbox"] : []) + ["--port", "0", "--temp", "--data", "/tmp/x"]
            let result = try runMissive(arguments, binary: binary)
            #expect(result.status == 64, "\(binary)")
            #expect(result.errorOutput.contains("--temp and --data exclude each other"), "\(binary)")
        }
    }

    @Test func aTakenPortExitsWithItsOwnStatusAndSaysSoPlainly() async throws {
        let first = ChildProcess()
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL); first.waitUntilExit() } }
        let port = try await offThePool { try SandboxProcess.launch(first, ["--temp"]) }
        // The default image port (the forum's + 1) taken too, as a neighbouring ephemeral port
        // often is: the forum's own port is still the one named.
        let neighbour = try? SilentListener(port: port + 1)
        defer { withExtendedLifetime(neighbour) {} }
        let second = try runMissive(["sandbox", "--port", String(port), "--temp"])
        #expect(second.status == 75)
        // The program holding the port is a sandbox: it says so, and where its data is (issue 26).
        #expect(second.errorOutput.contains("a sandbox is already running on 127.0.0.1:\(port) (data in /"), "\(second.errorOutput)")
        #expect(second.errorOutput.contains("choose another port with --port N"), "\(second.errorOutput)")
    }

    /// Without --data the forum lives in MISSIVE_HOME/state/sandbox: a restart keeps its posts and
    /// the session, and logging in again works. With --temp it is new each time, so the client's
    /// jar holds a session the forum has never seen: that first login used to fail (exit 76), the
    /// login's own answer deleting the cookies it had just set.
    @Test func theDefaultDataSurvivesARestartAndLoggingInWorksAfterEveryRestart() async throws {
        let home = try makeTemporaryDirectory("sandbox-state")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["MISSIVE_HOME": home.path]
        var sandbox = ChildProcess()
        defer { if sandbox.isRunning { kill(sandbox.processIdentifier, SIGKILL) } }

        func start(_ arguments: [String], port: UInt16?) async throws -> UInt16 {
            let process = ChildProcess()
            process.environment = childEnvironment(environment)
            sandbox = process
            return try await offThePool { try SandboxProcess.launch(process, ["--flood", "0"] + arguments, port: port) }
        }
        func stop(_ port: UInt16) async {
            let process = sandbox
            _ = try? await offThePool {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            _ = await eventually(within: 5) { !SandboxProcess.accepts(port) }
        }
        func missive(_ arguments: [String], stdin: String = "") async throws -> CommandResult {
            try await offThePool { try runMissive(arguments, stdin: Data(stdin.utf8), environment: environment) }
        }

        let port = try await start([], port: nil)
        let file = home.appendingPathComponent("state/sandbox/sandbox.sqlite")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try await missive(["profiles", "add", "sandbox", "--base-url", "http://127.0.0.1:\(port)/"]).status == 0)
        let login = try await missive(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(login.status == 0, "\(login.errorOutput)")
        #expect(try await missive(["whoami"]).status == 0)

        await stop(port)
        _ = try await start([], port: port)
        #expect(try await missive(["whoami"]).status == 0, "the session was kept with the data")
        let again = try await missive(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(again.status == 0, "\(again.errorOutput)")

        await stop(port)
        _ = try await start(["--temp"], port: port)
        #expect(try await missive(["whoami"]).status != 0, "a new forum does not know the old session")
        let fresh = try await missive(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(fresh.status == 0, "\(fresh.errorOutput)")
        #expect(try await missive(["whoami"]).status == 0)
        await stop(port)
    }

    @Test func badOptionsAreUsageErrors() throws {
        let flood = try runMissive(["sandbox", "--flood=-3"])
        #expect(flood.status == 64)
        #expect(flood.errorOutput.contains("--flood"))
        let faults = try runMissive(["sandbox", "--port", "0", "--faults", "drop=2"])
        #expect(faults.status == 64)
        #expect(faults.errorOutput.contains("from 0 to 1"))
    }

    @Test func itServesTheForumAndStopsOnSIGTERM() async throws {
        let data = try makeTemporaryDirectory("sandbox-command")
        defer { try? FileManager.default.removeItem(at: data) }
        let process = ChildProcess()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The first line names the address: "Sandbox forum at http://127.0.0.1:PORT/ ...".
        let firstLine = try Self.start(process, ["--port", "0", "--data", data.path, "--flood", "0"])
        let line = String(decoding: firstLine, as: UTF8.self)
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let url = try #require(URL(string: "\(address)_sandbox/state.json"))
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let state = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect((state?["threads"] as? [Any])?.count == 8, "the seeded threads")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("sandbox.sqlite").path))

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    /// `--json`: one object naming both addresses, the same in `status.json` in the data directory
    /// while it runs (gone after it stops); the image host answers there, the forum does not.
    @Test func jsonNamesTheForumAndTheImageHostWhichHasItsOwnPort() async throws {
        let data = try makeTemporaryDirectory("sandbox-json")
        defer { try? FileManager.default.removeItem(at: data) }
        let process = ChildProcess()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let firstLine = try Self.start(process, ["--port", "0", "--data", data.path, "--flood", "0", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: firstLine) as? [String: Any])
        let forum = try #require((object["forum_url"] as? String).flatMap(URL.init(string:)))
        let images = try #require((object["images_url"] as? String).flatMap(URL.init(string:)))
        #expect(forum.port != images.port)
        #expect(object["data_directory"] as? String == data.path)
        #expect(object["pid"] as? Int == Int(process.processIdentifier), "missive execs the sandbox: one process")
        let file = data.appendingPathComponent("status.json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(saved?["images_url"] as? String == images.absoluteString)

        let (listing, listed) = try await URLSession.shared.data(from: images.appendingPathComponent("_sandbox/images.json"))
        #expect((listed as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: listing, as: UTF8.self) == "[]")
        let (status, _) = try await URLSession.shared.data(from: forum.appendingPathComponent("_sandbox/status.json"))
        #expect((try JSONSerialization.jsonObject(with: status) as? [String: Any])?["images_url"] as? String == images.absoluteString)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the status file goes with the sandbox")
    }

    /// Runs `missive sandbox ARGUMENTS` in `process` and returns the first line it prints.
    static func start(_ process: ChildProcess, _ arguments: [String]) throws -> Data {
        process.executableURL = BuiltBinary.url("missive")
        process.arguments = ["sandbox"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += chunk
        }
        return firstLine
    }
}
