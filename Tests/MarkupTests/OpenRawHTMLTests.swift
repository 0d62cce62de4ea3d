import Testing
@testable import Markup

/// The stack of elements raw HTML opened: which end tag closes what, kept without ever
/// walking the stack (the converter's raw HTML work is linear in the number of tags).
@Suite struct OpenRawHTMLTests {
    /// Two paragraphs of a real cmark tree, as the Markdown levels that own elements.
    let document = CMarkDocument(markdown: "a\n\nb")
    var first: CMarkNode? { document?.root.firstChild }
    var second: CMarkNode? { document?.root.firstChild?.next }
    let bold = TagPair("b")

    private func push(_ stack: inout OpenRawHTML, _ name: String, _ owner: CMarkNode?, delimiters: Int = 0) {
        stack.push(name, tags: [bold], content: .parsed, owner: owner, delimiterDepth: delimiters)
    }

    @Test func anEndTagFindsTheInnermostElementOfItsName() {
        var stack = OpenRawHTML()
        for name in ["b", "i", "b", "u"] { push(&stack, name, first) }
        #expect(stack.closedByEndTag("b", owner: first, delimiterDepth: 0) == 2)
        #expect(stack.closedByEndTag("i", owner: first, delimiterDepth: 0) == 1)
        #expect(stack.closedByEndTag("s", owner: first, delimiterDepth: 0) == nil)
        #expect(stack.pop()?.name == "u")
        #expect(stack.pop()?.name == "b")
        // With the inner <b> gone, the outer one is the innermost again.
        #expect(stack.closedByEndTag("b", owner: first, delimiterDepth: 0) == 0)
    }

    @Test func anEndTagFromAnotherMarkdownLevelClosesNothing() {
        var stack = OpenRawHTML()
        push(&stack, "b", first)
        #expect(stack.closedByEndTag("b", owner: second, delimiterDepth: 0) == nil)
        // Something opened at another level inside it: the end tag would cross that level.
        push(&stack, "i", second)
        #expect(stack.closedByEndTag("b", owner: first, delimiterDepth: 0) == nil)
        #expect(stack.closedByEndTag("i", owner: second, delimiterDepth: 0) == 1)
        // Once that level's element is gone, the run of `first` is whole again.
        _ = stack.pop()
        push(&stack, "u", first)
        #expect(stack.closedByEndTag("b", owner: first, delimiterDepth: 0) == 0)
    }

    @Test func anEndTagNeverCrossesAStrikeOrSpoilerDelimiter() {
        var stack = OpenRawHTML()
        push(&stack, "b", first, delimiters: 0)
        push(&stack, "i", first, delimiters: 1)
        #expect(stack.closedByEndTag("b", owner: first, delimiterDepth: 1) == nil)
        #expect(stack.closedByEndTag("i", owner: first, delimiterDepth: 1) == 1)
        #expect(stack.closedByEndTag("i", owner: first, delimiterDepth: 0) == nil)
    }

    @Test func codeDepthCountsTheOpenCodeElements() {
        var stack = OpenRawHTML()
        for name in ["code", "b", "kbd", "pre"] { push(&stack, name, nil) }
        #expect(stack.codeDepth == 3)
        _ = stack.pop()
        _ = stack.pop()
        #expect(stack.codeDepth == 1)
        _ = stack.pop()
        _ = stack.pop()
        #expect(stack.codeDepth == 0)
        #expect(stack.pop() == nil)
        #expect(stack.count == 0)
    }
}
