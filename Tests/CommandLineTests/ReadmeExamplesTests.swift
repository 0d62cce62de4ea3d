import Foundation
import Testing

/// The README's session is meant to be copied: the thread, post and forum ids it names exist on a
/// fresh sandbox (issue 13), and what it shows runs there.
@Suite struct ReadmeExamplesTests {
    /// The session block of README.md, one command per line, without the comments.
    static func sessionCommands() throws -> [[String]] {
        let readme = try String(contentsOf: BuiltBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## A session\n\n```\n"),
              let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex)
        else { return [] }
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            return command.split(separator: " ").map(String.init)
        }
    }

    @Test func theIdsTheSessionNamesExistOnAFreshSandbox() throws {
        let commands = try Self.sessionCommands()
        #expect(commands.count > 10, "the README has its session block")
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        try sandbox.logIn()
        var checked = 0
        for words in commands where words.count >= 3 && words[0] == "missive" {
            let id = words[2]
            guard id.allSatisfy(\.isNumber) else { continue }
            switch words[1] {
            case "reply":
                // The reply form of the thread, and of the quoted post, must open.
                let quote = words.firstIndex(of: "--quote").map { words[$0 + 1] }
                let result = try sandbox.run(["preview", "--remote", "--thread", id, "--format", "bbcode", "-"], stdin: "x")
                #expect(result.status == 0, "thread \(id): \(result.errorOutput)")
                if let quote {
                    let quoted = try sandbox.run(["reply", id, "--quote", quote, "--no-edit", "--body-file", "/dev/null"])
                    #expect(!quoted.errorOutput.contains("does not exist"), "post \(quote): \(quoted.errorOutput)")
                }
                checked += 1
            case "icons", "thread":
                let result = try sandbox.run(["icons", id])
                #expect(result.status == 0, "forum \(id): \(result.errorOutput)")
                checked += 1
            default:
                continue
            }
        }
        #expect(checked >= 3)
    }
}
