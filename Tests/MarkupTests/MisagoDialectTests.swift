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
        ("[a][r]\n\n[r]: http://x.example/p \"T\"\n", "[a](<http://x.example/p> \"T\")\n"),
        ("*i* **b** `c`\n", "*i* **b** `c`\n"),
        // An autolink is a link like any other (see linksAreInThePointedForm).
        ("<http://x.example/>\n", "[http://x.example/](<http://x.example/>)\n"),
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

    /// Code inside a quote cannot be fenced in Python-Markdown: it is the engine's `[code]`, whose
    /// preprocessor finds it anywhere, its lines the code's own (no `> `). Empty, it is still code.
    @Test func codeInAQuoteIsTheBBCodeBlock() {
        #expect(Self.misago("> ```\n> x\n> y\n> ```\n") == "> [code]x\ny[/code]\n")
        #expect(Self.misago("> ```\n> ```\n") == "> [code][/code]\n")
        #expect(Self.misago("> ```swift\n> x\n> ```\n") == "> [code=swift]x[/code]\n")
        // Code the tag cannot hold (its own closing tag) stays indented.
        #expect(Self.misago("> ```\n> [/code]\n> ```\n") == ">     [/code]\n")
    }

    /// Blocks in list items as Python-Markdown reads them: the code of an item as `[code]` (an
    /// item's paragraph before it stays a paragraph; no newline after `[/code]`, which the
    /// engine adds), an item that starts with code or is empty as a `*` item (a `-` line with
    /// nothing after it would make the line above a heading), every marker of an item that
    /// starts with a list, and a quote in a tight item indented by three.
    @Test func blocksInListItems() {
        #expect(Self.misago("- foo\n\n      bar\n") == "-   foo\n\n    [code]bar[/code]\n")
        #expect(Self.misago("- a\n- ```\n  b\n  ```\n- c\n") == "-   a\n*   [code]b[/code]-   c\n")
        // After text in a tight item, on the text's line; in a loose one, a block of its own.
        #expect(Self.misago("- a\n  ```\n  x\n  ```\n- b\n") == "-   a[code]x[/code]-   b\n")
        #expect(Self.misago("- a\n\n  ```\n  x\n  ```\n- b\n") == "-   a\n\n    [code]x[/code]\n-   b\n")
        #expect(Self.misago("- foo\n-\n- bar\n") == "-   foo\n*   \n-   bar\n")
        #expect(Self.misago("- - foo\n") == "-   -   foo\n")
        #expect(Self.misago("> 1. > quoted\n") == "> 1.  > quoted\n")
        #expect(Self.misago("* a\n  > b\n* c\n") == "-   a\n   > b\n-   c\n")
        // In a loose list the quote is a block of the item's own, indented by four.
        #expect(Self.misago("* a\n\n  > b\n\n* c\n") == "-   a\n\n    > b\n\n-   c\n")
    }

    /// Links and images in Python-Markdown's pointed form, the address percent-encoded as
    /// cmark's HTML writes it, so the engine's `href` is cmark's.
    @Test func linksAreInThePointedForm() {
        #expect(Self.misago("[l](foo(and(bar)) \"t\")\n") == "[l](<foo(and(bar))> \"t\")\n")
        #expect(Self.misago("[l](foo\\bar)\n") == "[l](<foo%5Cbar>)\n")
        #expect(Self.misago("[l](<b)c>)\n") == "[l](<b)c>)\n")
        #expect(Self.misago("[l](<a b&c>)\n") == "[l](<a%20b&amp;c>)\n")
        #expect(Self.misago("[l](/u\u{a0}\"t\")\n") == "[l](</u%C2%A0%22t%22>)\n")
        // A title keeps its newlines and end spaces as references; `"` and `&` are references,
        // a backslash and a backtick escaped.
        #expect(Self.misago("[l](/u '\na \"b\" & \\ `c`\n')\n") == "[l](</u> \"&#10;a &quot;b&quot; &amp; \\\\ \\`c\\`&#10;\")\n")
        // Autolinks of any scheme, their text escaped.
        #expect(Self.misago("<irc://foo.bar:2233/baz>\n") == "[irc://foo.bar:2233/baz](<irc://foo.bar:2233/baz>)\n")
        #expect(Self.misago("<https://x.example/\\[`>\n") == "[https://x.example/\\\\\\[\\`](<https://x.example/%5C%5B%60>)\n")
        #expect(Self.misago("<a@b.example>\n") == "[a@b.example](<mailto:a@b.example>)\n")
    }

    /// An image's alt text is the plain text of its brackets, as cmark's is.
    @Test func anImagesAltTextIsPlainText() {
        #expect(Self.misago("![foo *bar*](/u \"t\")\n") == "![foo bar](</u> \"t\")\n")
        #expect(Self.misago("![foo ![bar](/url)](/url2)\n") == "![foo bar](</url2>)\n")
        #expect(Self.misago("![a `b`\nc](/u)\n") == "![a b c](</u>)\n")
    }

    /// What else the engine would read otherwise: a typed newline reference, an empty quote, a
    /// fence language outside `[\w#.+-]`, an empty fence, a raw HTML block's indent (it would
    /// start code after an empty line) and a line break inside an inline tag (a soft break).
    @Test func othersTheEngineWouldReadOtherwise() {
        #expect(Self.misago("foo&#10;&#10;bar\n") == "foo&#10;&#10;bar\n")
        #expect(Self.misago(">\n") == "> \n")
        #expect(Self.misago("````;\n````\n") == "```{.;}\n```\n")
        #expect(Self.misago("```\n```\n") == "```\n```\n")
        #expect(Self.misago("<div>\n  a\n\n</div>\n") == "&lt;div\\>\na\n\n&lt;/div\\>\n")
        #expect(Self.misago("a <b\nc=\"d\">\n") == "a &lt;b c=\"d\"\\>\n")
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

    /// Python-Markdown reads a `*` match's content only for `_`, and a `**` match's for `*` and
    /// `_`: nested emphasis takes the delimiter that can nest there.
    @Test func nestedEmphasisTakesADelimiterThatNests() {
        #expect(Self.misago("*foo **bar** baz*\n") == "*foo __bar__ baz*\n")
        #expect(Self.misago("*foo *bar* baz*\n") == "*foo _bar_ baz*\n")
        #expect(Self.misago("**foo *bar* baz**\n") == "**foo *bar* baz**\n")
        #expect(Self.misago("*foo **bar *baz* bim** bop*\n") == "*foo __bar _baz_ bim__ bop*\n")
        #expect(Self.misago("**foo *bar **baz** bim* bop**\n") == "**foo *bar __baz__ bim* bop**\n")
        // A third strong cannot nest: left out, the text stays.
        #expect(Self.misago("******foo******\n") == "**__foo__**\n")
    }

    /// `_` next to a word character is no emphasis in Python-Markdown: the letter next to it is a
    /// character reference, which it reads first.
    @Test func underscoreEmphasisInsideAWordHasReferencesAround() {
        #expect(Self.misago("*foo**bar**baz*\n") == "*fo&#111;__bar__&#98;az*\n")
        #expect(Self.misago("**foo*bar*baz**\n") == "**foo*bar*baz**\n")
        #expect(Self.misago("*é**b**1*\n") == "*&#233;__b__&#49;*\n")
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
