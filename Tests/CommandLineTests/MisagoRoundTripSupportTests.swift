import Testing

/// The round trip's own yardsticks (MisagoSpecRoundTripTests), without the engine: cmark's side
/// with raw HTML as Misago shows it, and what no Misago Markdown can express.
@Suite struct MisagoRoundTripSupportTests {
    /// An inline tag is the text typed; a block's lines are lines, its empty lines paragraph breaks.
    @Test func rawHTMLIsTheTextMisagoShowsForIt() {
        #expect(MisagoRoundTrip.cmarkHTMLWithRawHTMLAsText("a <b>c</b> *d*\n") == "<p>a &lt;b&gt;c&lt;/b&gt; <em>d</em></p>\n")
        #expect(MisagoRoundTrip.cmarkHTMLWithRawHTMLAsText("<!-- a\nb\n\nc -->\n") == "<p>&lt;!-- a<br />\nb</p>\n<p>c --&gt;</p>\n")
        // Without raw HTML, cmark's own HTML.
        #expect(MisagoRoundTrip.cmarkHTMLWithRawHTMLAsText("- a\n") == MisagoRoundTrip.cmarkHTML("- a\n"))
    }

    @Test func whatMisagoCannotExpressIsFoundInTheTree() {
        #expect(MisagoRoundTrip.notExpressible("3. a\n")?.contains("starting at 3") == true)
        #expect(MisagoRoundTrip.notExpressible("- a\n+ b\n")?.contains("two lists") == true)
        #expect(MisagoRoundTrip.notExpressible("> a\n\n> b\n")?.contains("two quotes") == true)
        #expect(MisagoRoundTrip.notExpressible("> a\n>\n> - b\n>   > c\n") == nil)
        #expect(MisagoRoundTrip.notExpressible("1. a\n2. b\n\npara\n\n- c\n") == nil)
    }
}
