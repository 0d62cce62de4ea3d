/// Every key a theme file can set, in the order `themes show` lists them.
/// The `default` theme sets all of them; every other theme inherits what it leaves out.
public enum ThemeKey: String, CaseIterable, Sendable, Comparable {
    case textColor = "text.color"
    case pageBackground = "page.background"
    case textFont = "text.font"
    case textSize = "text.size"

    case postBackground = "post.background"
    case postBorder = "post.border"
    case postHeaderColor = "post.header_color"
    case postHeaderBackground = "post.header_background"

    case linkColor = "link.color"
    case linkVisited = "link.visited"

    case quoteColor = "quote.color"
    case quoteBackground = "quote.background"
    case quoteBorder = "quote.border"
    case quoteHeaderColor = "quote.header_color"
    case quoteHeaderBackground = "quote.header_background"

    case codeColor = "code.color"
    case codeBackground = "code.background"
    case codeBorder = "code.border"
    case codeFont = "code.font"

    case fixedColor = "fixed.color"
    case fixedFont = "fixed.font"

    case spoilerColor = "spoiler.color"
    case spoilerBackground = "spoiler.background"

    case accentBold = "accent.bold"
    case accentItalic = "accent.italic"
    case accentUnderline = "accent.underline"
    case accentStrike = "accent.strike"
    case accentListMarker = "accent.list_marker"
    case accentImage = "accent.image"

    case htmlCSS = "html.css"

    /// What sort of value the key holds, which decides how a file's value is checked.
    public enum Kind: Sendable {
        /// `"#rrggbb"` or `"#rgb"`.
        case color
        /// A CSS font-family list: `"Verdana, Arial, sans-serif"`.
        case font
        /// A CSS length: `"13px"`, `"1.1em"`.
        case length
        /// Extra CSS for the HTML page: one string, or an array of lines.
        case css
    }

    public var kind: Kind {
        switch self {
        case .textFont, .codeFont, .fixedFont: .font
        case .textSize: .length
        case .htmlCSS: .css
        default: .color
        }
    }

    /// One line for `themes show` and docs/themes.md.
    public var meaning: String {
        switch self {
        case .textColor: "body text"
        case .pageBackground: "the page behind the post"
        case .textFont: "the post's font (HTML)"
        case .textSize: "the post's font size (HTML)"
        case .postBackground: "the post box"
        case .postBorder: "the post box's border"
        case .postHeaderColor: "the poster's name above the post"
        case .postHeaderBackground: "the bar behind the poster's name"
        case .linkColor: "links"
        case .linkVisited: "visited links (HTML)"
        case .quoteColor: "quoted text"
        case .quoteBackground: "behind a quote"
        case .quoteBorder: "the quote's border (the bar on its left in a terminal)"
        case .quoteHeaderColor: "the \"name posted:\" line of a quote"
        case .quoteHeaderBackground: "behind the \"name posted:\" line"
        case .codeColor: "[code] text"
        case .codeBackground: "behind a code block"
        case .codeBorder: "the code block's border"
        case .codeFont: "the font of [code] and [pre] (HTML)"
        case .fixedColor: "[fixed] text"
        case .fixedFont: "[fixed] text's font (HTML)"
        case .spoilerColor: "a spoiler's text once revealed"
        case .spoilerBackground: "the bar that hides a spoiler"
        case .accentBold: "[b] text"
        case .accentItalic: "[i] text"
        case .accentUnderline: "[u] text"
        case .accentStrike: "[s] text"
        case .accentListMarker: "list bullets and numbers"
        case .accentImage: "the [image: URL] stand-in in a terminal"
        case .htmlCSS: "extra CSS added after the generated rules (HTML)"
        }
    }

    public static func < (lhs: ThemeKey, rhs: ThemeKey) -> Bool {
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }
}
