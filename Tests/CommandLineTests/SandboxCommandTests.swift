import Foundation
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
        for option in ["--port", "--data", "--flood", "--faults", "--seed", "dberror", "truncate"] {
            #expect(result.output.contains(option), "\(option)")
        }
        let program = try runMissive(["--help"], binary: "missive-sandbox")
        #expect(program.output.contains("slow=R:3s"))
        #expect(program.output.contains("probation"))
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
        let process = Process()
        process.executableURL = BuiltBinary.url("missive")
        process.arguments = ["sandbox", "--port", "0", "--data", data.path, "--flood", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The first line names the address: "Sandbox forum at http://127.0.0.1:PORT/ ...".
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += chunk
        }
        let line = String(decoding: firstLine, as: UTF8.self)
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let url = try #require(URL(string: "\(address)_sandbox/state.json"))
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let state = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect((state?["threads"] as? [Any])?.count == 4)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("sandbox.sqlite").path))

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
