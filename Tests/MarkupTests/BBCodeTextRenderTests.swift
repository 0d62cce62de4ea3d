import Testing
@testable import Markup

/// The visible text: what the round-trip property of the converter compares.
@Suite struct BBCodeTextRenderTests {
    private func text(_ source: String, _ dialect: Dialect = .somethingawful) -> String {
        BBCode.parse(source, dialect: dialect).renderText()
    }

    @Test func markupDisappearsTextStays() {
        #expect(text("[b]bold[/b], [i]it[/i] and [url=http://a.example]a link[/url]") == "bold, it and a link")
        #expect(text("[url]http://a.example[/url]") == "http://a.example")
        #expect(text("[spoiler]hidden[/spoiler] [fixed]mono[/fixed]") == "hidden mono")
    }

    @Test func unknownAndUnclosedTagsAreVisible() {
        #expect(text("[foo]x[/foo] [b]open") == "[foo]x[/foo] [b]open")
        #expect(text("[b]open", .xenforo) == "open")
    }

    @Test func blocksStartOnTheirOwnLine() {
        #expect(text("before[quote]q[/quote]after") == "before\nq\nafter")
        #expect(text("a[code]x\ny[/code]b") == "a\nx\ny\nb")
        #expect(text("[list][*]one[*]two[/list]") == "one\ntwo")
        #expect(text("intro [list=1][*]one[list][*]inner[/list][*]two[/list] outro") == "intro\none\ninner\ntwo\noutro")
    }

    @Test func lineBreaksAreKeptAndNothingTrails() {
        #expect(text("one\n\ntwo\n") == "one\n\ntwo\n")
        #expect(text("[quote]q[/quote]") == "q")
        #expect(text("[quote]q[/quote]\n") == "q")
    }

    @Test func imagesShowNoTextUnlessRefused() {
        #expect(text("look: [img]http://i.example/a.png[/img]!") == "look: !")
        #expect(text("[img]not a url[/img]") == "[img]not a url[/img]")
    }

    @Test func quoteHeadersPerEngine() {
        #expect(text(#"[quote="A" post="1"]x[/quote]"#) == "A posted:\nx")
        #expect(text("[quote=A;1]x[/quote]", .vbulletin) == "Originally Posted by A\nx")
        #expect(text("[quote=A]x[/quote]", .phpbb) == "A wrote:\nx")
        #expect(text("[quote=A]x[/quote]", .xenforo) == "A said:\nx")
    }

    @Test func referencesAreWhatTheReaderSees() {
        #expect(text("&#91;b]x&#91;/b] &amp;", .somethingawful) == "[b]x[/b] &amp;")
        #expect(text("&#91;b]x", .xenforo) == "&#91;b]x")
    }
}
