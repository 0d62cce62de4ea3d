/// An opening and a closing BBCode tag, spelled the way one forum engine wants them.
struct TagPair: Equatable, Sendable {
    /// One reference to three strings: tags are copied onto and off the writer's stack for
    /// every emphasis and link, so a copy is one retain and equality is usually identity.
    private final class Spelling: Sendable {
        let open: String
        let close: String
        let name: String
        /// The tags as the bytes the writer appends, made once rather than on every write.
        let openUTF8: [UInt8]
        let closeUTF8: [UInt8]

        init(open: String, close: String, name: String) {
            self.open = open
            self.close = close
            self.name = name
            openUTF8 = Array(open.utf8)
            closeUTF8 = Array(close.utf8)
        }
    }

    private let spelling: Spelling

    var open: String { spelling.open }
    var close: String { spelling.close }
    var openUTF8: [UInt8] { spelling.openUTF8 }
    var closeUTF8: [UInt8] { spelling.closeUTF8 }
    /// The lower-case tag name, which is what a closing tag has to match.
    var name: String { spelling.name }

    init(_ name: String, option: String? = nil, upperCase: Bool = false) {
        let spelled = upperCase ? name.uppercased() : name
        spelling = Spelling(
            open: option.map { "[\(spelled)=\($0)]" } ?? "[\(spelled)]", close: "[/\(spelled)]", name: name.lowercased())
    }

    static func == (left: TagPair, right: TagPair) -> Bool {
        left.spelling === right.spelling
            || (left.open == right.open && left.close == right.close && left.name == right.name)
    }
}

/// Whether the forum still reads BBCode tags inside a tag's content. Inside a plain tag
/// (vBulletin's `stop_parse`, XenForo's plain children, s9e's `ignoreTags`) nothing is a tag
/// except a closing tag that matches something open, so escaping there works differently.
enum TagContent: Sendable {
    case parsed
    case plain
}

/// A monospace tag and how the engine treats what is inside it.
struct CodeStyle: Sendable, Equatable {
    let tags: TagPair
    let content: TagContent
}

/// The Strategy a forum engine plugs into the one Markdown walker: how each construct is
/// spelled, which constructs exist at all, and which neutralising trick its parser honours.
/// The defaults below are the classic vBulletin-era spellings; each engine overrides what
/// differs. docs/dialects.md has the research behind every answer.
protocol DialectStrategy: Sendable {
    /// XenForo writes its tags in capitals; the others in lower case.
    var upperCaseTags: Bool { get }
    var bold: TagPair { get }
    var italic: TagPair { get }
    var underline: TagPair { get }
    /// nil where the engine has no strike-through tag; `~~` then stays literal text.
    var strike: TagPair? { get }
    /// An inline spoiler for `||text||`; nil where the engine has none.
    var inlineSpoiler: TagPair? { get }
    /// A block spoiler for `<details>`; nil where the engine has none.
    var blockSpoiler: TagPair? { get }
    var subscripted: TagPair? { get }
    var superscripted: TagPair? { get }
    /// Monospace for code spans; nil for none (the text is then written as prose).
    var inlineCode: CodeStyle? { get }
    /// A code block for the info string's language.
    func codeBlock(language: String?) -> CodeStyle
    /// Where the usual code tags are plain, a variant whose content the engine parses
    /// (XenForo's `=rich`): used when the code holds a closing tag, which could not be
    /// escaped inside a plain tag but can be broken up inside a parsed one.
    var richInlineCode: CodeStyle? { get }
    var richCodeBlock: CodeStyle? { get }
    var quote: TagPair { get }
    /// The closest faithful form of a heading: engines have no headings of their own.
    func heading(level: Int) -> [TagPair]
    func list(ordered: Bool) -> TagPair
    var listItem: String { get }
    /// Whether `[list=1]` can start at another number. No engine researched can; see docs.
    var listCanStartAnywhere: Bool { get }
    func link(href: String) -> TagPair
    var image: TagPair { get }
    /// The tag for an image too large to show inline (`ConversionOptions.largeImages`); nil
    /// where the engine has none and `image` serves for all.
    var largeImage: TagPair? { get }
    /// A horizontal rule; nil means a line of box-drawing characters stands in.
    var horizontalRule: String? { get }
    /// What stands for a `[` that must not start a tag. By default the `[` followed by an empty
    /// tag pair the engine parses and shows as nothing: its tokenizer sees `[` + `[` and gives
    /// up on the first as a tag. vBulletin-style engines use a character reference instead.
    var literalBracket: String { get }
    /// What stands for an `&` that must not start a numeric character reference; nil where
    /// the engine escapes every `&` itself.
    var literalAmpersand: String? { get }
}

extension DialectStrategy {
    func tag(_ name: String, option: String? = nil) -> TagPair {
        TagPair(name, option: option, upperCase: upperCaseTags)
    }

    var upperCaseTags: Bool { false }
    var bold: TagPair { tag("b") }
    var italic: TagPair { tag("i") }
    var underline: TagPair { tag("u") }
    var strike: TagPair? { nil }
    var inlineSpoiler: TagPair? { nil }
    var blockSpoiler: TagPair? { nil }
    var subscripted: TagPair? { nil }
    var superscripted: TagPair? { nil }
    var inlineCode: CodeStyle? { nil }
    var richInlineCode: CodeStyle? { nil }
    var richCodeBlock: CodeStyle? { nil }
    var quote: TagPair { tag("quote") }
    func list(ordered: Bool) -> TagPair { ordered ? tag("list", option: "1") : tag("list") }
    var listItem: String { "[*]" }
    var listCanStartAnywhere: Bool { false }
    func link(href: String) -> TagPair { tag("url", option: href) }
    var image: TagPair { tag("img") }
    var largeImage: TagPair? { nil }
    var horizontalRule: String? { nil }
    var literalBracket: String { "[" + bold.open + bold.close }
    var literalAmpersand: String? { nil }
}
