import Application
import Common
import Forum
import Sandbox
import Testing

@Suite("CheckThreadTag: a thread tag checked against the forum's form before the editor opens")
struct CheckThreadTagTests {
    @Test("a tag the forum has passes, by title in any case; one it lacks is refused with the valid ones")
    func checksAgainstTheForm() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let check = CheckThreadTag(profile: try fixture.config.profile(named: "sandbox"), forums: fixture.forums,
                                       console: fixture.console)
            let forum = Int(Seed.Ids.samartForum)
            try await check.run("SELLING", forumID: forum)
            let error = await #expect(throws: TagChoiceError.self) { try await check.run("swapping", forumID: forum) }
            guard case let .unknown(_, name, valid)? = error else {
                Issue.record("expected an unknown tag, got \(String(describing: error))")
                return
            }
            #expect(name == "swapping")
            #expect(valid.contains { $0.lowercased() == "selling" })
            #expect(fixture.console.notes.isEmpty)
        }
    }

    @Test("a forum that cannot be asked is a warning, and the check waits for the send")
    func offlineIsAWarning() async throws {
        try await ApplicationFixture.with { fixture in
            let check = CheckThreadTag(profile: try fixture.config.profile(named: "offline"), forums: fixture.forums,
                                       console: fixture.console)
            try await check.run("anything", forumID: 5)
            #expect(fixture.console.notes.count == 1)
            #expect(fixture.console.notes.first?.hasPrefix("warning: could not check tag 'anything' against forum 5") == true)
        }
    }
}
