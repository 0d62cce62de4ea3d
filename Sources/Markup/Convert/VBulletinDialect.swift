/// Stock vBulletin 3.8/4.x: sizes, fonts, `[sub]`/`[sup]` and `[hr]`, but no strike or
/// spoiler; `[code]` content is parsed in 4.x (only `[php]`, `[html]`, `[noparse]` stop).
struct VBulletinDialect: DialectStrategy {
    var subscripted: TagPair? { tag("sub") }
    var superscripted: TagPair? { tag("sup") }
    // vBulletin has no inline code tag; a font change is the faithful form.
    var inlineCode: CodeStyle? { CodeStyle(tags: tag("font", option: "courier new"), content: .parsed) }
    func codeBlock(language: String?) -> CodeStyle { CodeStyle(tags: tag("code"), content: .parsed) }
    func heading(level: Int) -> [TagPair] {
        let size = level == 1 ? 5 : level == 2 ? 4 : 3
        return [tag("size", option: String(size)), tag("b")]
    }
    // An unclosed tag stays literal text on vBulletin, so even the rule is a pair.
    var horizontalRule: String? { "[hr][/hr]" }
    // htmlspecialchars_uni() keeps decimal references, and the browser decodes them after
    // the BBCode parser has run: `&#91;` shows `[` inside [code] or out, parsed or not.
    var literalBracket: String { "&#91;" }
    var literalAmpersand: String? { "&#38;" }
}
