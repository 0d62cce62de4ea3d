import Foundation

// The tag tables of the four engines. Each line reads like the engine's own definition;
// docs/bbcode-parsers.md gives the source of every one.

extension BBCodeEngine {
    /// Something Awful: a heavily modified vBulletin 3. Tags from forum-protocol.md; parser rules
    /// from vBulletin's stack parser, with the conservative choice wherever SA is unverified:
    /// no `[noparse]`, and `[code]`, `[pre]`, `[fixed]` contents parsed like any other.
    static let somethingAwful = BBCodeEngine(
        dialect: .somethingawful,
        syntax: .vBulletin,
        tags: table([
            BBCodeTagRule("b", .bold),
            BBCodeTagRule("i", .italic),
            BBCodeTagRule("u", .underline),
            BBCodeTagRule("s", .strike),
            BBCodeTagRule("sub", .subscript),
            BBCodeTagRule("super", .superscript),
            BBCodeTagRule("spoiler", .spoiler),
            BBCodeTagRule("fixed", .fixed),
            BBCodeTagRule("pre", .preformatted, trimAfter: 1),
            BBCodeTagRule("code", .code, trimAfter: 2),
            BBCodeTagRule("quote", .quote, option: .optional, namedAttributes: true, trimAfter: 2),
            BBCodeTagRule("url", .link, option: .optional),
            BBCodeTagRule("img", .image),
            BBCodeTagRule("timg", .image),
            BBCodeTagRule("video", .video, option: .optional),
            BBCodeTagRule("list", .list, option: .optional, trimAfter: 1),
            BBCodeTagRule("*", .listItem),
        ]),
        unclosedTags: .literal,
        noParseTag: nil,
        decodesNumericCharacterReferences: true,
        quoteAttribution: .namedAttributes,
        reopensMisnestedTags: true,
        textBeforeFirstItem: .dropped
    )

    /// Stock vBulletin 3.5–4.x (`includes/class_bbcode.php`, `fetch_tag_list()` of 4.1.5).
    static let vBulletin = BBCodeEngine(
        dialect: .vbulletin,
        syntax: .vBulletin,
        tags: table([
            BBCodeTagRule("b", .bold),
            BBCodeTagRule("i", .italic),
            BBCodeTagRule("u", .underline),
            BBCodeTagRule("sub", .subscript),
            BBCodeTagRule("sup", .superscript),
            BBCodeTagRule("highlight", .highlight),
            BBCodeTagRule("color", .color, option: .required, accepts: OptionSyntax.vBulletinColor),
            BBCodeTagRule("size", .size, option: .required, accepts: OptionSyntax.vBulletinSize),
            BBCodeTagRule("font", .font, option: .required, accepts: OptionSyntax.vBulletinFont),
            BBCodeTagRule("left", .alignLeft, trimAfter: 1),
            BBCodeTagRule("center", .alignCenter, trimAfter: 1),
            BBCodeTagRule("right", .alignRight, trimAfter: 1),
            BBCodeTagRule("indent", .indent, option: .optional, trimAfter: 1),
            BBCodeTagRule("h", .heading, option: .required, trimAfter: 2),
            BBCodeTagRule("hr", .horizontalRule),
            BBCodeTagRule("quote", .quote, option: .optional, trimAfter: 2),
            BBCodeTagRule("noparse", .noParse, verbatim: .always),
            BBCodeTagRule("php", .code, verbatim: .always, trimAfter: 2),
            BBCodeTagRule("html", .code, verbatim: .always, trimAfter: 2),
            // 4.x gives [code] no stop_parse: tags inside it are parsed (docs/bbcode-parsers.md).
            BBCodeTagRule("code", .code, trimAfter: 2),
            BBCodeTagRule("url", .link, option: .optional),
            BBCodeTagRule("email", .email, option: .optional),
            BBCodeTagRule("thread", .threadLink, option: .optional),
            BBCodeTagRule("post", .postLink, option: .optional),
            BBCodeTagRule("img", .image),
            BBCodeTagRule("video", .video, option: .optional),
            BBCodeTagRule("attach", .attachment, option: .optional),
            BBCodeTagRule("list", .list, option: .optional, trimAfter: 1),
            BBCodeTagRule("*", .listItem),
        ]),
        unclosedTags: .literal,
        noParseTag: "noparse",
        decodesNumericCharacterReferences: true,
        quoteAttribution: .semicolon,
        reopensMisnestedTags: true,
        textBeforeFirstItem: .dropped
    )

    /// phpBB 3.2/3.3: the default BBCodes of s9e\TextFormatter's phpBB bundle.
    static let phpBB = BBCodeEngine(
        dialect: .phpbb,
        syntax: .s9e,
        tags: table([
            BBCodeTagRule("b", .bold),
            BBCodeTagRule("i", .italic),
            BBCodeTagRule("u", .underline),
            BBCodeTagRule("color", .color, option: .required, accepts: OptionSyntax.phpBBColor),
            BBCodeTagRule("size", .size, option: .required, accepts: OptionSyntax.digits),
            BBCodeTagRule("quote", .quote, option: .optional, namedAttributes: true, trimAfter: 1),
            BBCodeTagRule("code", .code, option: .optional, verbatim: .always, trimAfter: 1),
            BBCodeTagRule("list", .list, option: .optional, trimAfter: 1),
            BBCodeTagRule("*", .listItem),
            BBCodeTagRule("url", .link, option: .optional, verbatim: .withoutOption, requiresClosingTag: true),
            BBCodeTagRule("email", .email, option: .optional, verbatim: .withoutOption),
            BBCodeTagRule("img", .image, verbatim: .always),
            BBCodeTagRule("flash", .video, option: .required, verbatim: .always),
            BBCodeTagRule("attachment", .attachment, option: .required),
        ]),
        unclosedTags: .closedAtEnd,
        noParseTag: nil,
        decodesNumericCharacterReferences: false,
        quoteAttribution: .s9eAttributes,
        // b, i and u render as <span>, which s9e's AutoReopenFormattingElements does not reopen.
        reopensMisnestedTags: false,
        textBeforeFirstItem: .firstItem
    )

    /// XenForo 2.2+ (`XF\BbCode\RuleSet::addDefaultTags()`).
    static let xenForo = BBCodeEngine(
        dialect: .xenforo,
        syntax: .xenForo,
        tags: table([
            BBCodeTagRule("b", .bold),
            BBCodeTagRule("i", .italic),
            BBCodeTagRule("u", .underline),
            BBCodeTagRule("s", .strike),
            BBCodeTagRule("color", .color, option: .required, accepts: OptionSyntax.xenForoColor),
            BBCodeTagRule("font", .font, option: .required, accepts: OptionSyntax.xenForoFont),
            BBCodeTagRule("size", .size, option: .required, accepts: OptionSyntax.xenForoSize),
            BBCodeTagRule(
                "url", .link, option: .optional, namedAttributes: true, verbatim: .withoutOption,
                forbiddenAncestors: ["url", "email"]),
            BBCodeTagRule(
                "email", .email, option: .optional, verbatim: .withoutOption,
                forbiddenAncestors: ["url", "email"]),
            BBCodeTagRule("embed", .embed, option: .optional, namedAttributes: true, trimAfter: 1),
            BBCodeTagRule("left", .alignLeft, trimAfter: 1),
            BBCodeTagRule("center", .alignCenter, trimAfter: 1),
            BBCodeTagRule("right", .alignRight, trimAfter: 1),
            BBCodeTagRule("justify", .alignJustify, trimAfter: 1),
            BBCodeTagRule("indent", .indent, option: .optional, accepts: OptionSyntax.digits, trimAfter: 1),
            BBCodeTagRule("heading", .heading, option: .optional, accepts: OptionSyntax.digits, trimAfter: 1),
            BBCodeTagRule("hr", .horizontalRule, trimAfter: 1),
            BBCodeTagRule("img", .image, option: .optional, namedAttributes: true, verbatim: .always),
            BBCodeTagRule("quote", .quote, option: .optional, trimAfter: 1),
            BBCodeTagRule("code", .code, option: .optional, verbatim: .unlessOption("rich"), trimAfter: 1),
            BBCodeTagRule("icode", .inlineCode, option: .optional, verbatim: .unlessOption("rich")),
            BBCodeTagRule("php", .code, verbatim: .always, trimAfter: 1),
            BBCodeTagRule("html", .code, verbatim: .always, trimAfter: 1),
            BBCodeTagRule("list", .list, option: .optional, trimAfter: 1),
            BBCodeTagRule("*", .listItem),
            BBCodeTagRule("plain", .noParse, verbatim: .always),
            BBCodeTagRule("media", .video, option: .required, verbatim: .always, trimAfter: 1),
            BBCodeTagRule("spoiler", .spoiler, option: .optional, block: true, trimAfter: 1),
            BBCodeTagRule("ispoiler", .inlineSpoiler, option: .optional),
            BBCodeTagRule("attach", .attachment, option: .optional, namedAttributes: true, verbatim: .always),
            BBCodeTagRule("user", .mention, option: .required, verbatim: .always),
            BBCodeTagRule("table", .table, option: .optional, namedAttributes: true, trimAfter: 1),
            BBCodeTagRule("tr", .tableRow, parents: ["table"]),
            BBCodeTagRule("th", .tableHeaderCell, option: .optional, namedAttributes: true, parents: ["tr"]),
            BBCodeTagRule("td", .tableCell, option: .optional, namedAttributes: true, parents: ["tr"]),
        ]),
        unclosedTags: .closedAtEnd,
        noParseTag: "plain",
        decodesNumericCharacterReferences: false,
        quoteAttribution: .commaSeparated,
        reopensMisnestedTags: true,
        textBeforeFirstItem: .firstItem
    )

    private static func table(_ rules: [BBCodeTagRule]) -> [String: BBCodeTagRule] {
        Dictionary(rules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The option checks the engines apply (their regular expressions, spelled out).
enum OptionSyntax {
    private static func isWord(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_")
    }

    /// vBulletin `#^\#?\w+$#`.
    static let vBulletinColor: @Sendable (String) -> Bool = { value in
        let body = value.hasPrefix("#") ? value.dropFirst() : Substring(value)
        return !body.isEmpty && body.allSatisfy(isWord)
    }
    /// vBulletin `#^[0-9\+\-]+$#`.
    static let vBulletinSize: @Sendable (String) -> Bool = { value in
        !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") }
    }
    /// vBulletin `#^[^["`':]+$#`.
    static let vBulletinFont: @Sendable (String) -> Bool = { value in
        !value.isEmpty && !value.contains { "[\"`':".contains($0) }
    }
    /// `^[0-9]+$`.
    static let digits: @Sendable (String) -> Bool = { value in
        !value.isEmpty && value.allSatisfy { $0.isASCII && $0.isNumber }
    }
    /// phpBB's `{COLOR}`: `#` and 3 or 6 hex digits, or a colour name.
    static let phpBBColor: @Sendable (String) -> Bool = { value in
        hexColor(value) || (!value.isEmpty && value.allSatisfy { $0.isASCII && $0.isLetter })
    }
    /// XenForo: rgb(...), #rgb, #rrggbb or a name.
    static let xenForoColor: @Sendable (String) -> Bool = { value in
        if hexColor(value) || (!value.isEmpty && value.allSatisfy({ $0.isASCII && $0.isLetter })) { return true }
        let lower = value.lowercased()
        guard lower.hasPrefix("rgb("), lower.hasSuffix(")") else { return false }
        let parts = lower.dropFirst(4).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let number = trimmed.hasSuffix("%") ? trimmed.dropLast() : Substring(trimmed)
            return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
    /// XenForo `/^[a-z0-9 \-]+$/i`.
    static let xenForoFont: @Sendable (String) -> Bool = { value in
        !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "-") }
    }
    /// XenForo `/^[0-9]+(px)?$/i`.
    static let xenForoSize: @Sendable (String) -> Bool = { value in
        let lower = value.lowercased()
        return digits(lower.hasSuffix("px") ? String(lower.dropLast(2)) : lower)
    }

    static func hexColor(_ value: String) -> Bool {
        guard value.hasPrefix("#") else { return false }
        let hex = value.dropFirst()
        return (hex.count == 3 || hex.count == 6) && hex.allSatisfy { $0.isHexDigit }
    }
}
