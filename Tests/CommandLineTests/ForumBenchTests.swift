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

    /// scripts/bench-html.sh's driver: both parsers read the page and report a rate.
    @Test func parseHTMLTimesBothParsers() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("parse-html-\(UUID().uuidString).html")
        try Data("<html><head><div id=loggedinusername>x</div></head><body class=showthread><p>text</body></html>".utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }
        for parser in ["document", "libxml2"] {
            let run = try runMissive(["parse-html", parser, page.path, "3"], binary: "forum-bench")
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(run.output.contains("\(parser): 3 pages of "))
            #expect(run.output.contains("pages/s; peak RSS"))
        }
        let wrong = try runMissive(["parse-html", "tidy", page.path, "3"], binary: "forum-bench")
        #expect(wrong.status == 64)
        #expect(wrong.errorOutput.contains("usage: forum-bench parse-html document|libxml2 FILE COUNT"))
    }
}
