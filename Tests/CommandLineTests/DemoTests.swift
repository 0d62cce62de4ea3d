import Foundation
import TestSupport
import Testing

/// `make demo` as CI runs it: no terminal, no standard input, the binaries already built.
@Suite struct DemoTests {
    @Test func theDemoRunsTheWholeFlowAndExitsZero() async throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [BuiltBinary.packageRoot.appendingPathComponent("scripts/demo.sh").path]
        process.environment = childEnvironment(["BIN": BuiltBinary.directory.path])
        let log = try makeTemporaryDirectory("missive-demo-test").appendingPathComponent("demo.log")
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try await offThePool { process.waitUntilExit() }
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)

        #expect(process.terminationStatus == 0, "\(output)")
        // A reply from a template, without an editor.
        #expect(output.contains("Thanks Zoë for the help!"))
        // The injected database error shows as a retry, and everything ends sent.
        #expect(output.contains("retrying at") && output.contains("database is unavailable"))
        #expect(output.components(separatedBy: "): sent: ").count - 1 == 4)
        // The picture went up before its post, and the post shows it from the image host.
        #expect(output.contains("uploading image /") && output.contains("checkers.png (91 bytes)"))
        let picture = try #require(output.firstMatch(of: /(http:\/\/127\.0\.0\.1:\d+\/i\/\w+\.png)/)?.1)
        // The thread as the forum shows it: the three replies, once each, by the demo's account.
        let thread = try #require(output.components(separatedBy: "as the forum shows it").last)
        #expect(thread.components(separatedBy: "--- Missive Tester").count - 1 == 3)
        #expect(thread.contains("uploaded by Missive before this post: [img \(picture)]"))
        #expect(thread.contains("Thanks Zoë for the help! That fixed it.") && thread.contains("- retried after a database error"))
        #expect(output.contains("Missive demo"), "the PM in Sent Items")
        #expect(output.range(of: #"Open the forum: http://127\.0\.0\.1:\d+/showthread\.php\?threadid=3500001"#, options: .regularExpression) != nil)
    }
}
