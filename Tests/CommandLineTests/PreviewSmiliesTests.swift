import Foundation
import Testing

/// Smilies in the HTML preview: the forum's pictures once `missive smilies` has cached the list
/// (here, the sandbox's), their codes before that; never inside code.
@Suite struct PreviewSmiliesTests {
    @Test func smiliesAreDrawnWithTheForumsPicturesOnceTheListIsCached() throws {
        let sandbox = try SandboxProcess()
        let post = sandbox.home.appendingPathComponent("post.md")
        try "Well done :cheers: and `:cheers:` in code\n".write(to: post, atomically: false, encoding: .utf8)

        let before = try sandbox.run(["preview", post.path, "--html"])
        #expect(before.status == 0, "\(before.errorOutput)")
        #expect(before.output.contains("Well done :cheers: and"), "no list yet: the code as typed")
        #expect(!before.output.contains("class=\"smilie\""))

        #expect(try sandbox.run(["smilies"]).status == 0)
        let after = try sandbox.run(["preview", post.path, "--html"])
        #expect(after.status == 0, "\(after.errorOutput)")
        let picture = "<img src=\"\(sandbox.baseURL)images/smilies/cheers.gif\" alt=\"\" title=\":cheers:\" class=\"smilie\">"
        #expect(after.output.contains("Well done \(picture) and"), "\(after.output)")
        #expect(after.output.components(separatedBy: "class=\"smilie\"").count == 2, "the code in code stays as typed")
    }
}
