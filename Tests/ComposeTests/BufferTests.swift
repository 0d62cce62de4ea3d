import Store
import Testing
@testable import Compose

@Suite struct BufferTests {
    static let contents: [DraftContent] = [
        DraftContent(kind: .reply, target: DraftTarget(thread: 3507451), body: "Hi **there**\n\n# heading", profile: "sa"),
        DraftContent(kind: .pm, target: DraftTarget(recipient: "Some Goon", replyTo: 77), subject: "Re: #1 \"fan\"",
                     body: "text", format: .bbcode, profile: "sandbox"),
        DraftContent(kind: .pm, target: DraftTarget(recipient: "x", forwardOf: 5), body: "fwd", profile: "sandbox"),
        DraftContent(kind: .thread, target: DraftTarget(forum: 44, icon: 3), subject: "New thread", body: "", profile: "sandbox"),
        DraftContent(kind: .thread, target: DraftTarget(forum: 44, icon: 0), subject: "No icon", body: "x", profile: "sandbox"),
        DraftContent(kind: .edit, target: DraftTarget(post: 4242), body: "[b]bold[/b]", format: .bbcode, profile: "sandbox"),
    ]

    @Test(arguments: contents)
    func renderThenParseGivesTheSameContent(content: DraftContent) throws {
        let text = Buffer.render(content)
        #expect(text.hasPrefix("---\nkind: \(content.kind.rawValue)"))
        #expect(try Buffer.parse(text, source: "b", defaultProfile: "other") == content)
    }

    @Test(arguments: [
        ("---\nkind: repyl\nthread: 1\n---\n", "unknown kind `repyl`"),
        ("---\nkind: reply\nthread: abc\n---\n", "`thread` must be a number, not `abc`"),
        ("---\nkind: reply\nthread: -4\n---\n", "`thread` must be a number, not `-4`"),
        ("---\nkind: edit\npost: 12.5\n---\n", "`post` must be a number"),
        ("---\nkind: reply\nthread: 0\n---\n", "`thread` must be a number, not `0`"),
        ("---\nkind: thread\nforum: 1\nicon: -1\n---\n", "`icon` must be a number, not `-1`"),
        ("---\nkind: reply\n---\n", "a reply needs `thread:`"),
        ("---\nthread: 1\n---\n", "needs a `kind:` line"),
        ("---\nkind: reply\nthread: 1\nto: bob\n---\n", "`to` does not apply to a reply"),
        ("---\nkind: reply\nthread: 1\nthred: 2\n---\n", "unknown key `thred`"),
        ("---\nkind: pm\nto: bob\nreply_to: 1\nforward: 2\n---\n", "not both"),
        ("---\nkind: reply\nthread: 1\nformat: html\n---\n", "unknown format `html`"),
    ])
    func badFieldsAreDataErrorsNamingTheProblem(text: String, words: String) {
        do {
            _ = try Buffer.parse(text, source: "b", defaultProfile: "sandbox")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.contains(words), "\(error.description)")
            #expect(error.status == .dataError)
        }
    }

    @Test func aMissingProfileTakesTheDefaultAndAMissingFormatIsMarkdown() throws {
        let content = try Buffer.parse("---\nkind: reply\nthread: 9\n---\nx\n", source: "b", defaultProfile: "sa")
        #expect(content.profile == "sa")
        #expect(content.format == .markdown)
    }

    @Test func aNoticeGoesOnTopAndReplacesAnOlderOne() {
        let text = Buffer.render(Self.contents[0])
        let once = Buffer.withNotice(["first"], over: text)
        let twice = Buffer.withNotice(["second", "more"], over: once)
        #expect(twice.hasPrefix("<!-- Missive: second\n     more\n-->\n---\n"))
        #expect(!twice.contains("first"))
        #expect(Buffer.withNotice([], over: twice) == text)
    }
}

extension DraftContent: CustomTestStringConvertible {
    public var testDescription: String { "\(kind.rawValue) \(target.describe(kind))" }
}
