/// XenForo 2.2+: upper-case tags by convention, `[ICODE]` and `[CODE]` with plain content
/// (or parsed, as `=rich`), `[ISPOILER]` inline and `[SPOILER]` block spoilers,
/// `[HEADING=1..3]`, `[HR]`.
struct XenForoDialect: DialectStrategy {
    var upperCaseTags: Bool { true }
    var strike: TagPair? { tag("s") }
    var inlineSpoiler: TagPair? { tag("ispoiler") }
    var blockSpoiler: TagPair? { tag("spoiler") }
    var inlineCode: CodeStyle? { CodeStyle(tags: tag("icode"), content: .plain) }
    var richInlineCode: CodeStyle? { CodeStyle(tags: tag("icode", option: "rich"), content: .parsed) }
    func codeBlock(language: String?) -> CodeStyle {
        // `rich` is not a language to XenForo: it would make the content parsed.
        CodeStyle(tags: tag("code", option: language == "rich" ? nil : language), content: .plain)
    }
    var richCodeBlock: CodeStyle? { CodeStyle(tags: tag("code", option: "rich"), content: .parsed) }
    func heading(level: Int) -> [TagPair] {
        level <= 3 ? [tag("heading", option: String(level))] : [tag("b")]
    }
    var horizontalRule: String? { "[HR][/HR]" }
}
