/// How one forum engine reads BBCode: its tags and the rules of its parser.
/// Every fact here is sourced in docs/bbcode-parsers.md; the converter may rely on these
/// (for instance on ``noParseTag`` and ``decodesNumericCharacterReferences``) to choose how to
/// neutralise text, and the renderer proves the choice.
public struct BBCodeEngine: Sendable {
    /// How the engine finds tags in the text.
    public enum Syntax: Sendable, Equatable {
        /// vBulletin's state machine (`class_bbcode.php`): a tag ends at the first `]`, or at `"]`
        /// when the option starts with a quote; an unknown tag leaves its `[` as text.
        case vBulletin
        /// XenForo 2's `XF\BbCode\Parser`: `[name]`, `[name=option]`, `[name a=b c="d"]`,
        /// names of letters, digits and `_`.
        case xenForo
        /// s9e\TextFormatter (phpBB 3.2+): known names only, `[name=value attr=value]`,
        /// quoted values with backslash escapes.
        case s9e
    }

    /// What happens to an opening tag that is never closed.
    public enum UnclosedTags: Sendable, Equatable {
        /// It stays in the post as literal text (vBulletin's `fix_tags`).
        case literal
        /// It is closed at the end of its parent (XenForo, s9e).
        case closedAtEnd
    }

    /// How the engine reads `[quote=...]`'s attribution.
    public enum QuoteAttribution: Sendable, Equatable {
        /// `[quote="name" post="1"]` (what Something Awful pre-fills).
        case namedAttributes
        /// `[quote=name;1]` (vBulletin).
        case semicolon
        /// `[quote="name, post: 1, member: 2"]` (XenForo).
        case commaSeparated
        /// `[quote="name" post_id=1 user_id=2]` (phpBB 3.2+).
        case s9eAttributes
    }

    public let dialect: Dialect
    public let syntax: Syntax
    /// The tags the engine knows, by lower-case name. `*` is the list item.
    public let tags: [String: BBCodeTagRule]
    public let unclosedTags: UnclosedTags
    /// The tag whose content the engine never parses, if it has one the converter can rely on
    /// (`noparse` on vBulletin, `plain` on XenForo; none on phpBB, and none assumed on Something
    /// Awful, where it is unverified).
    public let noParseTag: String?
    /// Whether `&#91;` in a post shows as `[` (vBulletin keeps decimal references through its
    /// HTML escaping; phpBB and XenForo escape the `&`, so the reference shows literally).
    public let decodesNumericCharacterReferences: Bool
    public let quoteAttribution: QuoteAttribution
    /// Whether tags closed early by a misnested closing tag open again after it
    /// (`[b][i]x[/b]y[/i]`: is `y` italic?).
    public let reopensMisnestedTags: Bool
    /// What happens to text between `[list]` and its first `[*]`.
    public let textBeforeFirstItem: ListPreamble

    public enum ListPreamble: Sendable, Equatable {
        /// vBulletin's `handle_bbcode_list` drops it.
        case dropped
        /// It becomes the list's first item (XenForo's list renderer, s9e's `#createChild=LI`).
        case firstItem
    }

    /// How a list with this `[list=...]` option is numbered.
    public func listStyle(option: String?) -> BBCodeListStyle {
        guard let option = option?.trimmingBlanks(), !option.isEmpty else { return .bullet }
        let lettered: [String: BBCodeListStyle] = [
            "a": .lowerAlpha, "A": .upperAlpha, "i": .lowerRoman, "I": .upperRoman, "1": .decimal,
        ]
        switch syntax {
        case .vBulletin: return lettered[String(option)] ?? .decimal  // any other value: 1, 2, 3
        case .xenForo: return option == "1" ? .decimal : .bullet
        case .s9e: return lettered[String(option)] ?? .bullet
        }
    }

    /// The rule for a tag name (any case), or nil when the engine does not know the tag.
    public func rule(for name: String) -> BBCodeTagRule? {
        tags[name.lowercased()]
    }
}

/// One tag as an engine defines it.
public struct BBCodeTagRule: Sendable {
    /// Whether `[name=...]` is accepted.
    public enum Option: Sendable, Equatable {
        case forbidden, optional, required
    }

    /// When the tag's content is literal text.
    public enum Verbatim: Sendable, Equatable {
        case never, always
        /// Only without an option: XenForo's and phpBB's `[url]http://...[/url]`.
        case withoutOption
        /// Unless the option is this (lower case): XenForo's `[code=rich]`.
        case unlessOption(String)
    }

    public let name: String
    public let role: BBCodeRole
    public let option: Option
    /// Whether `name=value` attributes are read after the name or the option
    /// (`[quote="name" post="1"]`, XenForo's `[img alt="x"]`).
    public let namedAttributes: Bool
    /// Checks the option's value (vBulletin's and XenForo's option regexes); a tag whose option
    /// fails is not a tag, and stays as text. Nil: any value.
    public let optionCheck: (@Sendable (String) -> Bool)?
    public let verbatim: Verbatim
    /// Whether the engine renders it as a block (own lines) rather than inline.
    public let isBlock: Bool
    /// Newlines the engine swallows right after the closing tag.
    public let linesTrimmedAfter: Int
    /// The element may only appear directly inside one of these (XenForo's table cells).
    public let parents: Set<String>?
    /// The element may not appear anywhere inside these (XenForo: no link inside a link).
    public let forbiddenAncestors: Set<String>
    /// The tag only counts when its closing tag comes later in the post (s9e's
    /// `forceLookahead`, which phpBB sets on `[url]`).
    public let requiresClosingTag: Bool

    public init(
        _ name: String, _ role: BBCodeRole, option: Option = .forbidden,
        accepts: (@Sendable (String) -> Bool)? = nil,
        namedAttributes: Bool = false, verbatim: Verbatim = .never, block: Bool? = nil, trimAfter: Int = 0,
        parents: Set<String>? = nil, forbiddenAncestors: Set<String> = [], requiresClosingTag: Bool = false
    ) {
        self.name = name
        self.role = role
        self.option = option
        self.optionCheck = accepts
        self.namedAttributes = namedAttributes
        self.verbatim = verbatim
        self.isBlock = block ?? role.isBlock
        self.linesTrimmedAfter = trimAfter
        self.parents = parents
        self.forbiddenAncestors = forbiddenAncestors
        self.requiresClosingTag = requiresClosingTag
    }

    /// Whether an element with this option shows its content literally.
    public func isVerbatim(option: String?) -> Bool {
        switch verbatim {
        case .never: false
        case .always: true
        case .withoutOption: option == nil
        case .unlessOption(let value): option?.lowercased() != value
        }
    }

    /// Whether `option` (nil for none) is one the engine accepts for this tag.
    public func accepts(option value: String?) -> Bool {
        switch (option, value) {
        case (.forbidden, nil), (.optional, nil): true
        case (.forbidden, .some), (.required, nil): false
        case (.optional, .some(let value)), (.required, .some(let value)): optionCheck?(value) ?? true
        }
    }
}

/// How a list is numbered.
public enum BBCodeListStyle: String, Sendable, CaseIterable {
    case bullet, decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman
}

extension Dialect {
    /// The parser model for this dialect's forum engine.
    public var bbcodeEngine: BBCodeEngine {
        switch self {
        case .somethingawful: BBCodeEngine.somethingAwful
        case .vbulletin: BBCodeEngine.vBulletin
        case .phpbb: BBCodeEngine.phpBB
        case .xenforo: BBCodeEngine.xenForo
        // Misago's BBCodes ([b] [i] [u] [url] [img] [code] [quote]) are phpBB's defaults.
        case .misago: BBCodeEngine.phpBB
        }
    }
}
