import Application
import Foundation
import Sandbox
import Store
import Testing

/// A new PM's recipient beside the names in the member's private messages, asked of the sandbox
/// forum over loopback before the editor opens.
@Suite struct RecipientNoticeTests {
    func notice(to name: String, _ fixture: ApplicationFixture) async throws -> String? {
        let check = ComposeCheck(profile: try fixture.config.profile(named: "sandbox"), forums: fixture.forums, latest: 3)
        let content = DraftContent(kind: .pm, target: DraftTarget(recipient: name), subject: "hi", body: "", profile: "sandbox")
        return await check.recipientNotice(content)
    }

    @Test func aNameCloseToACorrespondentsIsQuestioned() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let other = Seed.Account.other.username  // "Zoë", who wrote to the member
            let folded = try #require(await notice(to: "Zoe", fixture))
            #expect(folded.contains("did you mean \(other)?"), "\(folded)")
            let typo = try #require(await notice(to: "Zoëy", fixture))
            #expect(typo.contains("did you mean \(other)?"), "\(typo)")
            #expect(try await notice(to: other, fixture) == nil)
            // A name like no one's says nothing: the forum may well know it.
            #expect(try await notice(to: "Bartholomew", fixture) == nil)
        }
    }
}
