/// XenForo 2.2+: upper-case tags by convention, `[ICODE]` (plain content), `[ISPOILER]`
/// inline and `[SPOILER]` block spoilers, `[HEADING=1..3]`, `[CODE=lang]`.
struct XenForoDialect: DialectStrategy {
    let bold = TagPair("b", upperCase: true)
    let italic = TagPair("i", upperCase: true)
    let underline = TagPair("u", upperCase: true)
    let strike: TagPair? = TagPair("s", upperCase: true)
    let inlineSpoiler: TagPair? = TagPair("ispoiler", upperCase: true)
    let blockSpoiler: TagPair? = TagPair("spoiler", upperCase: true)
    let subscripted: TagPair? = TagPair("sub", upperCase: true)
    let superscripted: TagPair? = TagPair("sup", upperCase: true)
    let inlineCode: (tags: TagPair, content: TagContent)? = (TagPair("icode", upperCase: true), .plain)
    func codeBlock(language: String?) -> TagPair { TagPair("code", option: language, upperCase: true) }
    let quote = TagPair("quote", upperCase: true)
    func heading(level: Int) -> [TagPair] {
        level <= 3 ? [TagPair("heading", option: String(level), upperCase: true)] : [TagPair("b", upperCase: true)]
    }
    func list(ordered: Bool) -> TagPair {
        ordered ? TagPair("list", option: "1", upperCase: true) : TagPair("list", upperCase: true)
    }
    let listItem = "[*]"
    func link(href: String) -> TagPair { TagPair("url", option: href, upperCase: true) }
    let image = TagPair("img", upperCase: true)
    let horizontalRule: String? = nil
}
