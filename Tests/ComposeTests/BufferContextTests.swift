import Store
import Testing
@testable import Compose

/// What a buffer shows below its cut line: drawn after everything else, and never read back
/// into the draft once the cut is made.
@Suite struct BufferContextTests {
    let cut = CutLine(token: "00000000beef")

    let context = BufferContext(heading: "Welcome (thread 7): the last 2 posts, newest last.", entries: [
        BufferContext.Entry(header: "Zoë · Nov 27, 2026 14:02 · post 11", text: "first post\n> quoting someone"),
        // A post that holds front matter and a footer of its own: pasted from someone's buffer.
        BufferContext.Entry(header: "sandbox · Nov 27, 2026 14:05 · post 12",
                            text: "---\nkind: pm\nto: nobody\n---\nnot my body\n\(Buffer.footer)"),
    ])

    var content: DraftContent {
        DraftContent(kind: .reply, target: DraftTarget(thread: 7), body: "my own words", profile: "sandbox")
    }

    @Test func theContextComesLastUnderTheCutLineWithEachPostsHeader() {
        let text = Buffer.render(content, notice: ["a notice"], context: context, cut: cut)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cutAt = try? #require(lines.firstIndex(of: cut.line))
        let footerEnd = lines.firstIndex { $0.hasSuffix("leave the body empty to discard a new draft. -->") }
        #expect(cutAt != nil && footerEnd != nil && footerEnd! < cutAt!, "\(text)")
        #expect(lines[(cutAt ?? 0) + 1] == CutLine.explanation)
        #expect(lines.contains(context.heading))
        #expect(lines.contains("─── Zoë · Nov 27, 2026 14:02 · post 11"))
        #expect(lines.contains("─── sandbox · Nov 27, 2026 14:05 · post 12"))
        // Newest last, as given.
        let first = lines.firstIndex(of: "first post"), second = lines.firstIndex(of: "not my body")
        #expect(first != nil && second != nil && first! < second!)
    }

    @Test func theContextNeverReachesTheParsedContent() throws {
        let text = Buffer.render(content, context: context, cut: cut)
        let parsed = try Buffer.parse(cut.removing(from: text), source: "b", defaultProfile: "sandbox")
        #expect(parsed == content)
        #expect(!parsed.body.contains("first post") && !parsed.body.contains("not my body"))
        // Without the cut the context would be read as body: the cut is what keeps it out.
        let uncut = try Buffer.parse(text, source: "b", defaultProfile: "sandbox")
        #expect(uncut.body.contains("first post"))
    }

    @Test func appendingToANoticedBufferGivesTheSameAsRenderingWithBoth() {
        let plain = Buffer.render(content)
        #expect(Buffer.appending(context, cut: cut, to: Buffer.withNotice(["a notice"], over: plain))
            == Buffer.render(content, notice: ["a notice"], context: context, cut: cut))
        #expect(Buffer.appending(nil, cut: cut, to: plain) == plain)
        #expect(Buffer.appending(context, cut: nil, to: plain) == plain)
    }

    @Test func typingBelowTheCutLineChangesNothingThatIsRead() throws {
        let text = Buffer.render(content, context: context, cut: cut) + "\nI typed this under the posts\n"
        let parsed = try Buffer.parse(cut.removing(from: text), source: "b", defaultProfile: "sandbox")
        #expect(parsed.body == "my own words")
    }
}
