import Testing
import Markup

/// The `misago` dialect: CommonMark in, the Markdown Misago's Python-Markdown (with nl2br)
/// renders as the author meant.
@Suite struct MisagoDialectTests {
    static func misago(_ markdown: String) -> String {
        BBCodeConverter(dialect: .misago).convert(markdown)
    }

    @Test(arguments: [
        // nl2br would show a soft break as a line break: it becomes a space.
        ("one\ntwo\n", "one two\n"),
        // A hard break stays a line of its own, which nl2br shows as one.
        ("one  \ntwo\n", "one\ntwo\n"),
        ("one\\\ntwo\n", "one\ntwo\n"),
        // References are resolved into inline links (Misago removes reference definitions).
        ("[a][r]\n\n[r]: http://x.example/p \"T\"\n", "[a](http://x.example/p \"T\")\n"),
        ("*i* **b** `c`\n", "*i* **b** `c`\n"),
        ("<http://x.example/>\n", "<http://x.example/>\n"),
        ("# Head\n\ntext\n", "# Head\n\ntext\n"),
        ("- a\n- b\n", "-   a\n-   b\n"),
        ("3. a\n4. b\n", "3.  a\n4.  b\n"),
        ("> q\n> r\n", "> q r\n"),
        ("```swift\nlet x = 1\n```\n", "```swift\nlet x = 1\n```\n"),
        // Literal markup characters are escaped so they stay text.
        ("a \\*b\\* [c] 1\\. d\n", "a \\*b\\* \\[c\\] 1. d\n"),
        ("1\\. not a list\n", "1\\. not a list\n"),
        ("***\n", "***\n"),
    ])
    func constructs(markdown: String, expected: String) {
        #expect(Self.misago(markdown) == expected)
    }

    /// A list item's second block and a nested list are indented by four, Python-Markdown's tab.
    @Test func nestedBlocksAreIndentedByFour() {
        #expect(Self.misago("- a\n\n  more\n- b\n  - c\n") == "-   a\n\n    more\n\n-   b\n\n    -   c\n")
        #expect(Self.misago("- b\n  - c\n") == "-   b\n    -   c\n")
    }

    /// Misago has no tables: a pipe table's lines are kept as lines, not joined into one.
    @Test func aTableKeepsItsLines() {
        let table = "| a | b |\n|---|---|\n| 1 | 2 |\n"
        #expect(Self.misago(table) == "| a | b |\n|\\-\\-\\-|\\-\\-\\-|\n| 1 | 2 |\n")
        // A paragraph that only has pipes is still joined.
        #expect(Self.misago("a | b\nc | d\n") == "a | b c | d\n")
    }

    /// Code inside a quote cannot be fenced in Python-Markdown; it is indented instead.
    @Test func codeInAQuoteIsIndented() {
        #expect(Self.misago("> ```\n> x\n> ```\n") == ">     x\n")
    }

    /// `<details>` is Misago's `[spoiler]`; its summary, which the spoiler has no place for,
    /// goes before it. Other raw HTML stays text.
    @Test func detailsIsASpoiler() {
        #expect(Self.misago("<details>\n\nhidden\n\n</details>\n") == "[spoiler]\n\nhidden\n\n[/spoiler]\n")
        #expect(Self.misago("<details>\n<summary>The *end*</summary>\n\nhidden\n\n</details>\n")
                == "The \\*end\\*\n\n[spoiler]\n\nhidden\n\n[/spoiler]\n")
        #expect(Self.misago("<detailsx>\n\nshown\n") == "&lt;detailsx\\>\n\nshown\n")
    }

    /// `||inline spoiler||` becomes the engine's only spoiler, a block one: hidden all the same.
    @Test func anInlineSpoilerIsASpoilerBlock() {
        #expect(Self.misago("a ||b *c*|| d\n") == "a [spoiler]b *c*[/spoiler] d\n")
        // Unpaired, or `|` alone, stays text.
        #expect(Self.misago("|| not\n") == "|| not\n")
        #expect(Self.misago("a | b\n") == "a | b\n")
    }

    /// A ```bbcode fence is the engine's own markup (a fetched quote): sent as it is, not as code.
    @Test func aBBCodeFenceIsSentVerbatim() {
        #expect(Self.misago("```bbcode\n[quote=\"@Bob\"]\n*said*\n[/quote]\n```\n\nMine\n")
                == "[quote=\"@Bob\"]\n*said*\n[/quote]\n\nMine\n")
        // Another language is still code.
        #expect(Self.misago("```text\n[b]x[/b]\n```\n") == "```text\n[b]x[/b]\n```\n")
    }

    /// Python-Markdown closes `*a **b** c*` at the first `**`: nested emphasis takes `_` where
    /// it may, and `*` inside a word, where `_` is no emphasis.
    @Test func nestedEmphasisAlternatesItsDelimiter() {
        #expect(Self.misago("*foo **bar** baz*\n") == "*foo __bar__ baz*\n")
        #expect(Self.misago("*foo *bar* baz*\n") == "*foo _bar_ baz*\n")
        #expect(Self.misago("**foo *bar* baz**\n") == "**foo _bar_ baz**\n")
        #expect(Self.misago("*foo**bar**baz*\n") == "*foo**bar**baz*\n")
    }

    /// `<` has no backslash escape in Python-Markdown, and `&ouml;` would be a character: both
    /// go as references.
    @Test func angleBracketsAndAmpersandsAreReferences() {
        #expect(Self.misago("a \\<b> & \\&ouml;\n") == "a &lt;b\\> &amp; &amp;ouml;\n")
    }

    @Test func emptyInputGivesNothing() {
        #expect(Self.misago("") == "")
        #expect(Self.misago("\n\n") == "")
    }
}

/// The engine's two leftovers the dialect writes around (checked with its renderer by
/// MisagoSpecRoundTripTests and MisagoPreviewTests).
@Suite struct MisagoDialectLeftoverTests {
    /// Python-Markdown merges a list into the one before it: an invisible paragraph ends the first.
    @Test func aListAfterAListIsSeparated() {
        #expect(MisagoDialectTests.misago("- a\n- b\n\n1. one\n") == "-   a\n-   b\n\n&#8203;\n\n1.  one\n")
        #expect(MisagoDialectTests.misago("- a\n\n* b\n") == "-   a\n\n&#8203;\n\n-   b\n")
        // Inside a tight item the separator still stands between blank lines.
        #expect(MisagoDialectTests.misago("- x\n  - a\n\n  1. b\n") == "-   x\n\n    -   a\n\n    &#8203;\n\n    1.  b\n")
        // A list after a paragraph is not touched.
        #expect(MisagoDialectTests.misago("p\n\n- a\n") == "p\n\n-   a\n")
    }

    /// A quote holding a spoiler is the engine's `[quote]`, which keeps the spoiler inside it.
    @Test func aSpoilerInAQuoteUsesTheBBCodeQuote() {
        #expect(MisagoDialectTests.misago("> a\n>\n> <details>\n>\n> hidden\n>\n> </details>\n")
                == "[quote]\na\n\n[spoiler]\n\nhidden\n\n[/spoiler]\n[/quote]\n")
        #expect(MisagoDialectTests.misago("> a ||hidden|| b\n") == "[quote]\na [spoiler]hidden[/spoiler] b\n[/quote]\n")
        // Without a spoiler the quote stays Markdown; a lone `||` is no spoiler.
        #expect(MisagoDialectTests.misago("> a || b\n") == "> a || b\n")
    }
}
