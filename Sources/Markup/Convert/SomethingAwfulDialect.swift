/// The Something Awful forums: a heavily modified vBulletin 3. The tag set is the one the
/// forum lists (forum-protocol.md): no sizes, headings or rule, `[fixed]` for monospace,
/// `[super]` rather than `[sup]`. Whether SA stops parsing inside `[code]` is unverified; the
/// character-reference escape works either way (docs/dialects.md).
struct SomethingAwfulDialect: DialectStrategy {
    var strike: TagPair? { tag("s") }
    var inlineSpoiler: TagPair? { tag("spoiler") }
    var blockSpoiler: TagPair? { tag("spoiler") }
    var subscripted: TagPair? { tag("sub") }
    var superscripted: TagPair? { tag("super") }
    var inlineCode: CodeStyle? { CodeStyle(tags: tag("fixed"), content: .parsed) }
    /// `[timg]`, shown as a thumbnail until clicked (see `ThumbnailRule.somethingAwful`).
    var largeImage: TagPair? { tag(ThumbnailRule.somethingAwful.tag) }
    func codeBlock(language: String?) -> CodeStyle { CodeStyle(tags: tag("code"), content: .parsed) }
    func heading(level: Int) -> [TagPair] {
        level <= 2 ? [tag("b"), tag("u")] : [tag("b")]
    }
    // htmlspecialchars_uni() keeps decimal references, and the browser decodes them after
    // the BBCode parser has run: `&#91;` shows `[` inside [code] or out, parsed or not.
    var literalBracket: String { "&#91;" }
    var literalAmpersand: String? { "&#38;" }
}
