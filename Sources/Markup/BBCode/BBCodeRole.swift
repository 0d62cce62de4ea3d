/// What a tag means, independent of how an engine spells it: XenForo's `[icode]` and SA's
/// `[fixed]` are both monospaced inline text, `[img]` and `[timg]` are both images.
/// Renderers (HTML, plain text, the terminal preview, the sandbox forum) switch over this.
public enum BBCodeRole: String, Sendable, CaseIterable {
    case bold, italic, underline, strike, `subscript`, superscript
    case color, size, font, highlight
    /// Hidden until the reader reveals it. Inline on Something Awful, a block on XenForo.
    case spoiler
    /// XenForo's `[ispoiler]`.
    case inlineSpoiler
    /// Something Awful's `[fixed]`: monospaced inline text.
    case fixed
    /// XenForo's `[icode]`.
    case inlineCode
    /// A code block: `[code]`, and `[php]` / `[html]` where they exist.
    case code
    /// Something Awful's `[pre]`: preformatted text, not in a code box.
    case preformatted
    case quote
    /// `[url]` / `[url=...]`.
    case link
    case email
    /// `[img]`, and Something Awful's `[timg]` (a thumbnail that expands).
    case image
    /// `[video]`, XenForo's `[media]`.
    case video
    case list
    /// `[*]`.
    case listItem
    case alignLeft, alignCenter, alignRight, alignJustify
    case indent
    case heading
    case horizontalRule
    /// `[noparse]` (vBulletin), `[plain]` (XenForo): the content is literal text.
    case noParse
    /// vBulletin's `[thread]` and `[post]` links.
    case threadLink, postLink
    /// XenForo's `[user=1]name[/user]`.
    case mention
    case attachment
    case table, tableRow, tableHeaderCell, tableCell
    /// XenForo's `[embed]`.
    case embed

    /// Whether the role starts its own block (a line of its own) rather than flowing with text.
    /// Spoilers are inline here; XenForo's block spoiler is marked by its tag rule.
    public var isBlock: Bool {
        switch self {
        case .code, .preformatted, .quote, .list, .listItem, .alignLeft, .alignCenter, .alignRight,
            .alignJustify, .indent, .heading, .horizontalRule, .table, .tableRow, .embed:
            true
        default:
            false
        }
    }
}
