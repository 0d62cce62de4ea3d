import Foundation
import Testing

/// scripts/bench-forum.sh's driver takes the password on standard input, never as an argument
/// (which `ps` shows to everyone on the machine).
@Suite(.serialized) struct ForumBenchTests {
    @Test func thePasswordComesOnStandardInput() throws {
        let sandbox = try SandboxProcess()
        let arguments = [sandbox.baseURL, "3500001", "2", "sandbox"]
        let bench = try runMissive(arguments, stdin: Data("sandbox\n".utf8), binary: "forum-bench")
        #expect(bench.status == 0, "\(bench.errorOutput)")
        #expect(bench.output.contains("adapter: 2 replies in"))

        let asArgument = try runMissive(arguments + ["sandbox"], binary: "forum-bench")
        #expect(asArgument.status == 64)
        #expect(asArgument.errorOutput.contains("usage: forum-bench BASE_URL THREAD COUNT USER < PASSWORD"))
        let nothing = try runMissive(arguments, binary: "forum-bench")
        #expect(nothing.status == 64)
        #expect(nothing.errorOutput.contains("no password on standard input"))
    }
}
