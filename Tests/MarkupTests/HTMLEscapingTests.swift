import Testing
// Not @testable: the escaper is public API for the modules that write HTML.
import Markup

@Suite struct HTMLEscapingTests {
    @Test func escapesTheFiveSpecialCharactersForTextAndAttributes() {
        #expect(htmlEscaped(#"<a href="x" title='y'>&amp;</a>"#)
            == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
    }

    @Test func leavesEverythingElseAsItIs() {
        #expect(htmlEscaped("") == "")
        #expect(htmlEscaped("plain text, [b]tags[/b] = ok") == "plain text, [b]tags[/b] = ok")
        // Multi-byte text around a special character keeps every byte.
        #expect(htmlEscaped("café <é> 😀&\u{301}") == "café &lt;é&gt; 😀&amp;\u{301}")
    }

    @Test func themedPagesUseTheSameEscaper() {
        let text = "Goon & <Friends> \"quoted\" 'single'&\u{301}"
        #expect(ThemedPage.escape(text) == htmlEscaped(text))
    }
}
