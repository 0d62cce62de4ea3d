/// The Something Awful forums: a heavily modified vBulletin 3. The tag set is the one the
/// forum lists (forum-protocol.md): no sizes, no headings, no rule, `[fixed]` for monospace,
/// `[super]` rather than `[sup]`.
struct SomethingAwfulDialect: DialectStrategy {
    let bold = TagPair("b")
    let italic = TagPair("i")
    let underline = TagPair("u")
    let strike: TagPair? = TagPair("s")
    let inlineSpoiler: TagPair? = TagPair("spoiler")
    let blockSpoiler: TagPair? = TagPair("spoiler")
    let subscripted: TagPair? = TagPair("sub")
    let superscripted: TagPair? = TagPair("super")
    // [fixed] is a font-style tag, not a stop_parse one: tags inside it are read.
    let inlineCode: (tags: TagPair, content: TagContent)? = (TagPair("fixed"), .parsed)
    func codeBlock(language: String?) -> TagPair { TagPair("code") }
    let quote = TagPair("quote")
    func heading(level: Int) -> [TagPair] {
        level <= 2 ? [TagPair("b"), TagPair("u")] : [TagPair("b")]
    }
    func list(ordered: Bool) -> TagPair { ordered ? TagPair("list", option: "1") : TagPair("list") }
    let listItem = "[*]"
    func link(href: String) -> TagPair { TagPair("url", option: href) }
    let image = TagPair("img")
    let horizontalRule: String? = nil
    let decodesNumericEntities = true
}
