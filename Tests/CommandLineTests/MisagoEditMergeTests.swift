import Foundation
import Testing

/// Issue 22 against the real Misago engine, through the built binary: the member's post is
/// edited meanwhile from a second session of the same account (a second profile, its own
/// cookie jar, `edit-post --send`), and the member's queued edit is merged with that change, or,
/// where the two overlap, not sent. What the engine holds is read from its own API; its PUTs to
/// the post from its own request log.
extension MisagoEndToEndTests {
    @Suite(.serialized) struct EditMerge {
        /// The sandbox tests' post, and their way of changing its lines.
        static let post = EditMergeTests.post

        static func changing(_ text: String, _ changes: [Int: String]) -> String {
            EditMergeTests.changing(text, changes)
        }

        struct World {
            var home: URL, environment: [String: String], base: URL, memberID: Int, thread: Int, post: Int, draft: Int

            func run(_ arguments: [String]) throws -> CommandResult {
                try runMissive(arguments, environment: environment)
            }

            func file(_ text: String) throws -> String {
                let url = home.appendingPathComponent("text-\(UUID().uuidString).txt")
                try text.write(to: url, atomically: true, encoding: .utf8)
                return url.path
            }

            /// PUTs (edits) to the post that reached the engine since `before` lines of its log.
            func edits(since before: Int) -> [String] {
                Faults.requestLog().dropFirst(before).filter { $0.hasPrefix("PUT /api/threads/\(thread)/posts/\(post)/ ") }
            }

            /// The post as the engine shows it (HTML).
            func content() throws -> String {
                try MisagoEndToEndTests.posts(by: memberID, on: base).first { $0["id"] as? Int == post }?["content"] as? String ?? ""
            }
        }

        /// A fresh member's post (in the admin's new thread), a second profile `phone` logged in
        /// as the same member, and the member's edit draft of the post with text `ours`, queued.
        static func world(ours: String) throws -> World {
            let member = try Faults.freshMember()
            let (home, environment, base, memberID) = try MisagoEndToEndTests.world(member: member)
            let thread = try MisagoEndToEndTests.openThread(in: home, environment: environment)
            let body = home.appendingPathComponent("post.txt")
            try post.write(to: body, atomically: true, encoding: .utf8)
            let posted = try runMissive(["reply", String(thread), "--profile", "member", "--format", "bbcode", "--no-edit",
                                         "--body-file", body.path, "--send"], environment: environment)
            #expect(posted.status == 0, "\(posted.errorOutput)")
            let said = posted.output + posted.errorOutput
            let postID = try #require(said.firstMatch(of: #/sent: post (\d+)/#).flatMap { Int($0.1) }, "\(said)")

            let add = try runMissive(["profiles", "add", "phone", "--engine", "misago", "--base-url", base.absoluteString,
                                      "--username", member], environment: environment)
            #expect(add.status == 0, "\(add.errorOutput)")
            let login = try runMissive(["login", "--profile", "phone", "--password-stdin"], stdin: Data((password + "\n").utf8),
                                       environment: environment)
            #expect(login.status == 0, "\(login.errorOutput)")

            var world = World(home: home, environment: environment, base: base, memberID: memberID, thread: thread, post: postID, draft: 0)
            let edit = try world.run(["edit-post", String(postID), "--profile", "member", "--no-edit", "--body-file", try world.file(ours),
                                      "--queue"])
            #expect(edit.status == 0, "\(edit.errorOutput)")
            world.draft = try #require(Int(edit.output.split(separator: "\n").first ?? ""), "\(edit.output)")
            return world
        }

        /// The phone edits the post (an ordinary edit of its own: nothing changed under it).
        static func phoneEdits(_ world: World, to text: String) throws {
            let edit = try world.run(["edit-post", String(world.post), "--profile", "phone", "--no-edit", "--body-file",
                                      try world.file(text), "--send"])
            #expect(edit.status == 0 && edit.errorOutput.contains("sent: edited post"), "\(edit.errorOutput)")
        }

        @Test func changesThatDoNotOverlapAreMergedOnTheEngine() throws {
            let world = try Self.world(ours: Self.changing(Self.post, [2: "Second line: the plan, deskword."]))
            defer { try? FileManager.default.removeItem(at: world.home) }
            try Self.phoneEdits(world, to: Self.changing(Self.post, [7: "Seventh line: signed, the tester, phoneword."]))
            let before = Faults.requestLog().count

            let send = try world.run(["send"])
            #expect(send.status == 0, "\(send.errorOutput)")
            #expect(send.errorOutput.contains("merged with a change made on the forum since the edit began (line 7)"), "\(send.errorOutput)")
            #expect(world.edits(since: before).count == 1, "one edit: the merged text")
            let content = try world.content()
            #expect(content.contains("deskword") && content.contains("phoneword"), "\(content)")
            let draft = try world.run(["drafts", "show", String(world.draft), "--json"])
            let shown = try #require(try JSONSerialization.jsonObject(with: draft.stdout) as? [String: Any])
            #expect(shown["body"] as? String == Self.changing(Self.post, [2: "Second line: the plan, deskword.",
                                                                          7: "Seventh line: signed, the tester, phoneword."]))
        }

        @Test func overlappingChangesAreNotSentAndTheEngineKeepsTheOtherSide() throws {
            let world = try Self.world(ours: Self.changing(Self.post, [4: "Fourth line: we meet on Saturday, deskword."]))
            defer { try? FileManager.default.removeItem(at: world.home) }
            try Self.phoneEdits(world, to: Self.changing(Self.post, [4: "Fourth line: we meet on Sunday, phoneword."]))
            let before = Faults.requestLog().count

            let send = try world.run(["send"])
            #expect(send.status != 0)
            #expect(send.errorOutput.contains("failed: the post changed on the forum since the edit began"), "\(send.errorOutput)")
            #expect(world.edits(since: before).isEmpty, "no edit reached the engine")
            let content = try world.content()
            #expect(content.contains("phoneword") && !content.contains("deskword"), "\(content)")
            // The admin's thread, the member's post, this edit, the phone's edit: the third item.
            let show = try world.run(["queue", "show", "3", "--json"])
            let item = try #require(try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any])
            #expect(item["kind"] as? String == "edit" && item["reason_code"] as? String == "edit-conflict", "\(item)")
            let draft = try world.run(["drafts", "show", String(world.draft), "--json"])
            let body = try #require(try JSONSerialization.jsonObject(with: draft.stdout) as? [String: Any])["body"] as? String
            #expect(body?.contains("<<<<<<< your edit\nFourth line: we meet on Saturday, deskword.\n=======\n"
                + "Fourth line: we meet on Sunday, phoneword.\n>>>>>>> the forum now") == true, "\(body ?? "")")
            #expect(try world.run(["queue", String(world.draft)]).status == 65)
        }
    }
}
