import Foundation
import Testing

/// `missive icons FORUM`: the post icons and tag groups of a forum's new-thread form.
@Suite(.serialized) struct IconsCommandTests {
    @Test func iconsThenEachTagGroupForPeopleAndForScripts() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let forum = String(ThreadTagCommandTests.askTellForum)
        let json = try sandbox.run(["icons", forum, "--json"])
        #expect(json.status == 0, "\(json.errorOutput)")
        let listing = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(Set(listing.keys) == ["forum_id", "post_icons", "tag_groups"])
        #expect(listing["forum_id"] as? Int == ThreadTagCommandTests.askTellForum)
        let icons = try #require(listing["post_icons"] as? [[String: Any]])
        #expect(!icons.isEmpty)
        #expect(icons.allSatisfy { Set($0.keys) == ["id", "title", "image_url", "is_default"] })
        let groups = try #require(listing["tag_groups"] as? [[String: Any]])
        let group = try #require(groups.first)
        #expect(Set(group.keys) == ["name", "default", "tags"])
        let tags = try #require(group["tags"] as? [[String: Any]])
        #expect(tags.count >= 2)

        let text = try sandbox.run(["icons", forum])
        #expect(text.status == 0, "\(text.errorOutput)")
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Post icons (--icon ID):")
        let groupLine = try #require(lines.firstIndex { $0.hasPrefix("Tag group \(group["name"] as? String ?? "?")") })
        for icon in icons {
            let row = try #require(lines.firstIndex { $0.hasPrefix("  \(icon["id"] as? String ?? "?") ") }, "\(icon)")
            #expect(lines[row].contains(icon["title"] as? String ?? "?"))
            #expect(row < groupLine, "post icons come first")
        }
        for tag in tags {
            let row = try #require(lines.firstIndex { $0.hasPrefix("  \(tag["id"] as? String ?? "?") ") && $0.contains(tag["title"] as? String ?? "?") })
            #expect(row > groupLine)
        }
        // The forum's own URL names it too.
        #expect(try sandbox.run(["icons", "\(sandbox.baseURL)forumdisplay.php?forumid=\(forum)"]).output == text.output)
        // A forum without a tag group says so.
        #expect(try sandbox.run(["icons", String(ComposeIDs.generalForum)]).output.contains("No thread tags"))
    }

    @Test func loggedOutUnknownForumAndOfflineAreClear() throws {
        let sandbox = try SandboxProcess()
        let loggedOut = try sandbox.run(["icons", "3"])
        #expect(loggedOut.status == 77)
        #expect(loggedOut.errorOutput.contains("run `missive login`"), "\(loggedOut.errorOutput)")

        try sandbox.logIn()
        let unknown = try sandbox.run(["icons", "999"])
        #expect(unknown.status == 66)
        #expect(unknown.errorOutput.contains("forum 999 has no new-thread form"), "\(unknown.errorOutput)")

        let bad = try sandbox.run(["icons", "\(sandbox.baseURL)showthread.php?threadid=9"])
        #expect(bad.status == 64)
        #expect(bad.errorOutput.contains("names a thread, not a forum"))

        sandbox.stop()
        let offline = try sandbox.run(["icons", "3"])
        #expect(offline.status == 69)
        #expect(offline.errorOutput.contains("could not be reached"), "\(offline.errorOutput)")
    }
}
