import Testing
@testable import Markup

/// Terminal cell widths come from the C library's `wcwidth` (in a UTF-8 locale of their own);
/// these are the cases a hand table got wrong or a terminal draws differently from one scalar.
@Suite struct TerminalTextWidthTests {
    @Test(arguments: [
        ("a", 1), (" ", 1), ("é", 1), ("e\u{301}", 1),
        // East Asian wide and fullwidth; halfwidth katakana stays narrow.
        ("漢", 2), ("한", 2), ("テ", 2), ("Ｆ", 2), ("\u{3000}", 2), ("ｱ", 1),
        // Emoji, including blocks the old table left out (transport, symbols, Unicode 14).
        ("😀", 2), ("🚀", 2), ("🫠", 2), ("⌚", 2), ("⭐", 2), ("👍🏽", 2),
        // Text-presentation symbols are narrow unless U+FE0F asks for the emoji.
        ("☺", 1), ("☺\u{FE0F}", 2), ("❤\u{FE0F}", 2), ("1\u{FE0F}\u{20E3}", 2),
        // A zero-width-joiner sequence is one picture; a flag is two regional indicators.
        ("👨\u{200D}👩\u{200D}👧", 2), ("🇺🇸", 2),
        // Standing alone: a combining mark, a joiner, a zero-width space take no column.
        ("\u{301}", 0), ("\u{200D}", 0), ("\u{200B}", 0),
        // Controls are printed as U+FFFD.
        ("\u{1B}", 1), ("\u{85}", 1),
    ] as [(Character, Int)])
    func columns(_ character: Character, _ expected: Int) {
        #expect(TerminalText.width(of: character) == expected, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func aLineCountsEachCharacter() {
        #expect(TerminalText.width(of: "ab漢字😀e\u{301}") == 9)
        #expect(TerminalText.width(of: "") == 0)
    }

    @Test func theCLibraryHasAUTF8LocaleForIt() {
        // Without one every character would count 1 and wide text would overrun the edge.
        #expect(TerminalText.cellWidth(of: "漢") == 2)
        #expect(TerminalText.cellWidth(of: "\u{7}") == nil)
    }
}
