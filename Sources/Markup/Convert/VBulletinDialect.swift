/// Stock vBulletin 3.8/4.x: its default tag list has sizes and fonts but no strike,
/// spoiler, sub/sup or rule; `[code]`, `[php]`, `[html]` and `[noparse]` stop parsing.
struct VBulletinDialect: DialectStrategy {
    let bold = TagPair("b")
    let italic = TagPair("i")
    let underline = TagPair("u")
    let strike: TagPair? = nil
    let inlineSpoiler: TagPair? = nil
    let blockSpoiler: TagPair? = nil
    let subscripted: TagPair? = nil
    let superscripted: TagPair? = nil
    // vBulletin has no inline code tag; a font change is the faithful form.
    let inlineCode: (tags: TagPair, content: TagContent)? = (TagPair("font", option: "courier new"), .parsed)
    func codeBlock(language: String?) -> TagPair { TagPair("code") }
    let quote = TagPair("quote")
    func heading(level: Int) -> [TagPair] {
        let size = level == 1 ? 5 : level == 2 ? 4 : 3
        return [TagPair("size", option: String(size)), TagPair("b")]
    }
    func list(ordered: Bool) -> TagPair { ordered ? TagPair("list", option: "1") : TagPair("list") }
    let listItem = "[*]"
    func link(href: String) -> TagPair { TagPair("url", option: href) }
    let image = TagPair("img")
    let horizontalRule: String? = nil
    let decodesNumericEntities = true
}
