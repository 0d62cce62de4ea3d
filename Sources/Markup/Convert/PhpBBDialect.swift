/// phpBB 3.2/3.3 (s9e/TextFormatter underneath) with its default BBCodes only: no strike,
/// spoiler, sub/sup, inline code or rule; `[size=N]` is a percentage; `[code=lang]` exists.
struct PhpBBDialect: DialectStrategy {
    let bold = TagPair("b")
    let italic = TagPair("i")
    let underline = TagPair("u")
    let strike: TagPair? = nil
    let inlineSpoiler: TagPair? = nil
    let blockSpoiler: TagPair? = nil
    let subscripted: TagPair? = nil
    let superscripted: TagPair? = nil
    let inlineCode: (tags: TagPair, content: TagContent)? = nil
    func codeBlock(language: String?) -> TagPair { TagPair("code", option: language) }
    let quote = TagPair("quote")
    func heading(level: Int) -> [TagPair] {
        switch level {
        case 1: [TagPair("size", option: "200"), TagPair("b")]
        case 2: [TagPair("size", option: "150"), TagPair("b")]
        case 3: [TagPair("size", option: "120"), TagPair("b")]
        default: [TagPair("b")]
        }
    }
    func list(ordered: Bool) -> TagPair { ordered ? TagPair("list", option: "1") : TagPair("list") }
    let listItem = "[*]"
    func link(href: String) -> TagPair { TagPair("url", option: href) }
    let image = TagPair("img")
    let horizontalRule: String? = nil
}
