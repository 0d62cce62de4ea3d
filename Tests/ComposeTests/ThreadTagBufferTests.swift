import Store
import Testing
@testable import Compose

/// `tag:` in a new thread's front matter: the second tag some forums add, kept as written (the
/// forum's form decides which exist, when the thread is sent).
@Suite struct ThreadTagBufferTests {
    @Test func aThreadsTagIsWrittenAndReadBack() throws {
        let content = DraftContent(kind: .thread, target: DraftTarget(forum: 61, icon: 60, tag: "Critique Wanted"),
                                   subject: "For sale", body: "a lamp", profile: "sandbox")
        let text = Buffer.render(content)
        #expect(text.contains("\nicon: 60\ntag: Critique Wanted\nprofile: sandbox\n"))
        #expect(try Buffer.parse(text, source: "b", defaultProfile: "x") == content)
    }

    @Test func aTitleOrAValueIsTakenAsWrittenAndAnEmptyOneIsNone() throws {
        func tag(_ line: String) throws -> String? {
            try Buffer.parse("---\nkind: thread\nforum: 3\n\(line)\n---\nx\n", source: "b", defaultProfile: "sa").target.tag
        }
        #expect(try tag("tag: AMA  # ask me anything") == "AMA")
        #expect(try tag("tag: 1") == "1")
        #expect(try tag("tag: \"two words\"") == "two words")
        #expect(try tag("tag:") == nil)
        #expect(!Buffer.render(DraftContent(kind: .thread, target: DraftTarget(forum: 3), profile: "sa")).contains("tag:"))
    }

    @Test func onlyANewThreadTakesATag() {
        do {
            _ = try Buffer.parse("---\nkind: reply\nthread: 1\ntag: AMA\n---\nx\n", source: "b", defaultProfile: "sa")
            Issue.record("a reply accepted a tag")
        } catch {
            #expect(error.description.contains("`tag` does not apply to a reply"), "\(error.description)")
            #expect(error.status == .dataError)
        }
    }
}
