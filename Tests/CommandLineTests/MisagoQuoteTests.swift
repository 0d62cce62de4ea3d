import Foundation
import Testing

/// `missive reply --quote URL|ID` on a Misago profile, quoting another member's post: by its URL
/// (which names its thread) or by its bare id in the thread replied to. The quote is the engine's
/// own `[quote="@name"]`, and the engine draws it as an attributed quote.
extension MisagoEndToEndTests {
    @Suite struct Quotes {
        /// The thread's first post (the admin's), as the engine's API lists it: its id and page URL.
        static func openingPost(of thread: Int, on base: URL) throws -> (id: Int, url: String) {
            let data = try Data(contentsOf: base.appendingPathComponent("api/threads/\(thread)/posts/"))
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let first = try #require(((page["post_set"] as? [String: Any])?["results"] as? [[String: Any]])?.first)
            let id = try #require(first["id"] as? Int)
            let url = try #require((first["url"] as? [String: Any])?["index"] as? String)
            return (id, base.absoluteString + url)
        }

        /// The member's reply quoting `reference`, sent; the HTML of the reply the engine stored.
        static func replyQuoting(_ reference: String, thread: Int, token: String, in world: (home: URL, environment: [String: String], base: URL, memberID: Int)) throws -> [String] {
            let written = try runMissive(["reply", String(thread), "--profile", "member", "--quote", reference, "--queue"],
                                         environment: world.environment.merging(["EDITOR": try MisagoEndToEndTests.editor(appending: "My answer \(token)", in: world.home)]) { _, new in new })
            #expect(written.status == 0, "\(written.errorOutput)")
            let sent = try runMissive(["send"], environment: world.environment)
            #expect(sent.status == 0, "\(sent.errorOutput)")
            return try MisagoEndToEndTests.posts(by: world.memberID, on: world.base).compactMap { $0["content"] as? String }.filter { $0.contains(token) }
        }

        @Test func anotherMembersPostIsQuotedByItsURL() throws {
            let world = try MisagoEndToEndTests.world(member: try Faults.freshMember())
            defer { try? FileManager.default.removeItem(at: world.home) }
            let thread = try MisagoEndToEndTests.openThread(in: world.home, environment: world.environment)
            let opening = try Self.openingPost(of: thread, on: world.base)
            #expect(opening.url.contains("/t/") && opening.url.hasSuffix("/post/\(opening.id)/"), "\(opening.url)")
            let token = "misago-quote-url-\(UUID().uuidString.prefix(8))"
            let replies = try Self.replyQuoting(opening.url, thread: thread, token: token, in: world)
            #expect(replies.count == 1, "\(replies)")
            let html = replies.first ?? ""
            #expect(html.contains(#"data-author="@MissiveAdmin""#), "\(html)")
            #expect(html.contains("The thread the reply goes to."), "\(html)")
            // The quote comes first, the member's own words after it, outside it.
            #expect(html.range(of: "</aside>").map { html[$0.upperBound...].contains(token) } == true, "\(html)")
        }

        @Test func aBareIdIsLookedForInTheThreadRepliedTo() throws {
            let world = try MisagoEndToEndTests.world(member: try Faults.freshMember())
            defer { try? FileManager.default.removeItem(at: world.home) }
            let thread = try MisagoEndToEndTests.openThread(in: world.home, environment: world.environment)
            let opening = try Self.openingPost(of: thread, on: world.base)
            let token = "misago-quote-id-\(UUID().uuidString.prefix(8))"
            let replies = try Self.replyQuoting(String(opening.id), thread: thread, token: token, in: world)
            #expect(replies.count == 1 && replies.first?.contains(#"data-author="@MissiveAdmin""#) == true, "\(replies)")
        }

        @Test func aPostThatIsNotThereLeavesTheDraftWithoutItAndSaysSo() throws {
            let world = try MisagoEndToEndTests.world(member: try Faults.freshMember())
            defer { try? FileManager.default.removeItem(at: world.home) }
            let thread = try MisagoEndToEndTests.openThread(in: world.home, environment: world.environment)
            let missing = world.base.absoluteString + "/t/a-thread-for-the-cli/\(thread)/post/987654/"
            let written = try runMissive(["reply", String(thread), "--profile", "member", "--quote", missing, "--no-edit"],
                                         environment: world.environment)
            // Nothing to save but the quote, which the engine does not have: no draft, and why.
            #expect(written.status != 0, "\(written.output)")
            #expect(written.errorOutput.contains("post 987654 to quote"), "\(written.errorOutput)")
            let drafts = try runMissive(["drafts", "list", "--json"], environment: world.environment)
            #expect((try JSONSerialization.jsonObject(with: drafts.stdout) as? [Any])?.isEmpty == true, "\(drafts.output)")
        }
    }
}
