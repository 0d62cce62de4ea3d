import Foundation
import Testing

/// The README's sandbox commands that had no Misago test of their own, run on a Misago profile
/// against the real engine, in the order a new user meets them: each works, or refuses with a
/// message that says why (post icons and smilies, which the engine does not have; forwarding a
/// private thread, which it cannot do).
extension MisagoEndToEndTests {
    @Suite struct CommandTable {
        struct Step: CustomStringConvertible {
            var arguments: [String]
            var status: Int32
            /// Something the output (standard output and error together) must say.
            var says: String
            var description: String { arguments.joined(separator: " ") }
        }

        @Test func everyCommandWorksOrSaysWhyNot() throws {
            let name = try Faults.freshMember()
            let world = try MisagoEndToEndTests.world(member: name)
            defer { try? FileManager.default.removeItem(at: world.home) }
            let thread = try MisagoEndToEndTests.openThread(in: world.home, environment: world.environment)
            let token = "misago-table-\(UUID().uuidString.prefix(8))"
            let body = world.home.appendingPathComponent("body.md")
            try "A body with **bold** \(token)\n".write(to: body, atomically: true, encoding: .utf8)
            let edited = world.home.appendingPathComponent("edited.md")
            try "Edited \(token)\n".write(to: edited, atomically: true, encoding: .utf8)
            let member = ["--profile", "member"]
            let write = member + ["--no-edit", "--body-file", body.path, "--send"]

            let steps: [Step] = [
                Step(arguments: ["whoami"] + member, status: 0, says: "\(name) (user \(world.memberID)) on member"),
                Step(arguments: ["icons", "3"] + member, status: 0, says: "Post icons (--icon ID):\n  none"),
                Step(arguments: ["smilies", "--refresh"] + member, status: 65, says: "Misago has no smilie codes"),
                Step(arguments: ["reply", String(thread)] + write, status: 0, says: ": sent: post "),
                Step(arguments: ["edit-post", "{post}"] + member + ["--no-edit", "--body-file", edited.path, "--send"], status: 0,
                     says: ": sent: edited post "),
                Step(arguments: ["pm", "MissiveAdmin", "--subject", "Table \(token)"] + write, status: 0, says: ": sent: private message "),
                Step(arguments: ["inbox", "list", "--folder", "sent"] + member, status: 0, says: "Table \(token)"),
                Step(arguments: ["inbox", "list"] + member, status: 0, says: "No messages in inbox."),
                Step(arguments: ["inbox", "show", "{pm}"] + member, status: 0, says: "A body with bold \(token)"),
                Step(arguments: ["pm", "MissiveAdmin", "--reply-to", "{pm}"] + write, status: 0, says: ": sent: private message "),
                Step(arguments: ["pm", "MissiveAdmin", "--forward", "{pm}"] + write, status: 1,
                     says: "Misago cannot forward a private thread"),
                Step(arguments: ["drafts", "list"], status: 0, says: "Fw: Table \(token)"),
            ]
            var post = "", pm = ""
            for step in steps {
                let arguments = step.arguments.map { $0 == "{post}" ? post : $0 == "{pm}" ? pm : $0 }
                let run = try runMissive(arguments, environment: world.environment)
                let said = run.output + run.errorOutput
                #expect(run.status == step.status, "\(step): \(said)")
                #expect(said.contains(step.says), "\(step): \(said)")
                // The engine's addresses from the receipts, for the steps that name them.
                if let range = said.range(of: #"http://[^ )]+/t/[^ )]+/post/\d+/"#, options: .regularExpression), post.isEmpty { post = String(said[range]) }
                if let range = said.range(of: #"/p/[^/]+/\d+/"#, options: .regularExpression), pm.isEmpty {
                    pm = String(said[range].split(separator: "/").last ?? "")
                }
            }
            // What the engine holds: the edit landed, the PM thread has its reply, nothing was forwarded.
            let contents = try MisagoEndToEndTests.posts(by: world.memberID, on: world.base).compactMap { $0["content"] as? String }
            #expect(contents.contains { $0.contains("Edited \(token)") }, "\(contents)")
        }

        /// `undo` of a queued reply: nothing reaches the engine.
        @Test func undoCallsASendOff() throws {
            let world = try MisagoEndToEndTests.world(member: try Faults.freshMember())
            defer { try? FileManager.default.removeItem(at: world.home) }
            let token = "misago-undo-\(UUID().uuidString.prefix(8))"
            let body = world.home.appendingPathComponent("body.md")
            try "Never sent \(token)\n".write(to: body, atomically: true, encoding: .utf8)
            let queued = try runMissive(["reply", "1", "--profile", "member", "--no-edit", "--body-file", body.path, "--queue"],
                                        environment: world.environment)
            #expect(queued.status == 0, "\(queued.errorOutput)")
            let undone = try runMissive(["undo"], environment: world.environment)
            #expect(undone.status == 0, "\(undone.errorOutput)")
            #expect((undone.output + undone.errorOutput).contains("undid: queue draft"), "\(undone.output)\(undone.errorOutput)")
            let sent = try runMissive(["send"], environment: world.environment)
            #expect(sent.errorOutput.contains("nothing is due"), "\(sent.errorOutput)")
            #expect(try MisagoEndToEndTests.postsHolding(token, by: world.memberID, on: world.base) == 0)
        }
    }
}
