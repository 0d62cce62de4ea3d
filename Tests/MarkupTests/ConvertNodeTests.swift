import Testing
import Foundation
@testable import Markup

/// One deliberate mapping per CommonMark node and dialect.
@Suite struct ConvertNodeTests {
    static func bbcode(_ markdown: String, _ dialect: Dialect = .somethingawful, strict: Bool = false,
                       softBreaks: SoftBreaks = .space) -> String {
        BBCodeConverter(dialect: dialect, options: .init(strict: strict, softBreaks: softBreaks)).convert(markdown)
    }

    @Test(arguments: [
        (Dialect.somethingawful, "[b]bold[/b] [i]em[/i]"),
        (.vbulletin, "[b]bold[/b] [i]em[/i]"),
        (.phpbb, "[b]bold[/b] [i]em[/i]"),
        (.xenforo, "[B]bold[/B] [I]em[/I]"),
    ])
    func emphasisAndStrong(dialect: Dialect, expected: String) {
        #expect(Self.bbcode("**bold** *em*", dialect) == expected)
    }

    @Test func paragraphsAreSeparatedByOneBlankLineAndNothingTrails() {
        #expect(Self.bbcode("one\n\n\n\ntwo\n\n") == "one\n\ntwo")
    }

    @Test(arguments: [
        (Dialect.somethingawful, "[b][u]Big[/u][/b]\n\n[b]Small[/b]"),
        (.vbulletin, "[size=5][b]Big[/b][/size]\n\n[size=3][b]Small[/b][/size]"),
        (.phpbb, "[size=200][b]Big[/b][/size]\n\n[b]Small[/b]"),
        (.xenforo, "[HEADING=1]Big[/HEADING]\n\n[B]Small[/B]"),
    ])
    func headingsTakeEachDialectsClosestForm(dialect: Dialect, expected: String) {
        #expect(Self.bbcode("# Big\n\n#### Small", dialect) == expected)
    }

    @Test(arguments: [
        (Dialect.somethingawful, "[fixed]x[/fixed]"),
        (.vbulletin, "[font=courier new]x[/font]"),
        (.phpbb, "x"),
        (.xenforo, "[ICODE]x[/ICODE]"),
    ])
    func codeSpans(dialect: Dialect, expected: String) {
        #expect(Self.bbcode("`x`", dialect) == expected)
    }

    @Test func fencedAndIndentedCodeBlocks() {
        #expect(Self.bbcode("```\na\n  b\n```") == "[code]\na\n  b\n[/code]")
        #expect(Self.bbcode("    indented\n") == "[code]\nindented\n[/code]")
        #expect(Self.bbcode("```swift\nlet x = 1\n```", .xenforo) == "[CODE=swift]\nlet x = 1\n[/CODE]")
        #expect(Self.bbcode("```swift\nlet x = 1\n```", .phpbb) == "[code=swift]\nlet x = 1\n[/code]")
        // SA and vBulletin have no language option; an odd info string is never put in a tag.
        #expect(Self.bbcode("```swift\nx\n```", .somethingawful) == "[code]\nx\n[/code]")
        #expect(Self.bbcode("```a]b\nx\n```", .xenforo) == "[CODE]\nx\n[/CODE]")
        #expect(Self.bbcode("```rich\n[b]x\n```", .xenforo) == "[CODE]\n[b]x\n[/CODE]")
    }

    @Test func nestedBlockQuotes() {
        #expect(Self.bbcode("> a\n>\n> > b\n\nc") == "[quote]\na\n\n[quote]\nb\n[/quote]\n[/quote]\n\nc")
    }

    @Test func bulletAndOrderedListsNestToAnyDepth() {
        #expect(Self.bbcode("- a\n- b\n  1. c\n  2. d") == "[list]\n[*]a\n[*]b\n[list=1]\n[*]c\n[*]d\n[/list]\n[/list]")
        let deep = (0..<30).map { String(repeating: "  ", count: $0) + "- x" }.joined(separator: "\n")
        let output = Self.bbcode(deep)
        #expect(output.components(separatedBy: "[list]").count - 1 == 30)
        #expect(output.components(separatedBy: "[/list]").count - 1 == 30)
    }

    @Test func anOrderedListKeepsItsStartNumber() {
        #expect(Self.bbcode("3. three\n4. four") == "3. three\n4. four")
        #expect(Self.bbcode("1. one\n2. two") == "[list=1]\n[*]one\n[*]two\n[/list]")
        #expect(Self.bbcode("0. zero") == "0. zero")
    }

    @Test func looseListItemsKeepTheirParagraphs() {
        #expect(Self.bbcode("- a\n\n  more\n- b") == "[list]\n[*]a\n\nmore\n[*]b\n[/list]")
    }

    @Test func linksAutolinksAndImages() {
        #expect(Self.bbcode("[text](http://a.example/x)") == "[url=http://a.example/x]text[/url]")
        #expect(Self.bbcode("<http://a.example>") == "[url=http://a.example]http://a.example[/url]")
        #expect(Self.bbcode("<me@a.example>") == "[url=mailto:me@a.example]me@a.example[/url]")
        #expect(Self.bbcode("![alt](http://a.example/i.png)") == "[img]http://a.example/i.png[/img]")
        #expect(Self.bbcode("[![alt](http://i/p.png)](http://a/)") == "[url=http://a/][img]http://i/p.png[/img][/url]")
        #expect(Self.bbcode("[empty]()") == "empty")
    }

    @Test func softAndHardBreaks() {
        #expect(Self.bbcode("a\nb") == "a b")
        #expect(Self.bbcode("a\nb", softBreaks: .newline) == "a\nb")
        #expect(Self.bbcode("a  \nb") == "a\nb")
        #expect(Self.bbcode("a\\\nb") == "a\nb")
    }

    @Test func thematicBreakIsALineOfItsOwn() {
        #expect(Self.bbcode("a\n\n***\n\nb") == "a\n\n\(TextRule.line)\n\nb")
    }

    @Test func entitiesAreDecodedToCharacters() {
        #expect(Self.bbcode("&copy; &#35; &#x22;", .xenforo) == "© # \"")
    }
}
