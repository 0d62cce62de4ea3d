import CCMark
import Foundation

/// Renders cmark's tree as the Markdown Misago reads (Python-Markdown 3.5 with nl2br, raw HTML
/// escaped, no tables, a few BBCodes): one `renderNode` switch over node types, like
/// MarkdownToBBCodeRenderer. The differences from CommonMark it writes around: a soft break
/// becomes a space (nl2br would show it as a line break), a hard break a bare newline, every link
/// inline (cmark has resolved references) in the pointed form with cmark's address escaping,
/// nested blocks indented by four (Python-Markdown's tab), code inside a quote or an item as the
/// engine's `[code]`, emphasis nested the way Python-Markdown can, a table's lines kept as plain
/// lines, and Python-Markdown's escapable characters escaped in text. docs/misago.md has each.
struct MarkdownToMisagoRenderer {
    private(set) var out = ""
    /// What starts each line inside the open containers: `> ` for a quote, four spaces for an item.
    private var prefixes: [String] = []
    /// The list markers that replace their items' indents on the next line written, each with
    /// where that indent is among `prefixes`: an item that starts with a list (`- - a`) or a
    /// quote (`1. > a`) puts both on one line, outer marker first.
    private var pendingMarkers: [(marker: String, depth: Int)] = []
    /// For each open quote, the indent of the tight item it narrowed (see the quote's case).
    private var narrowedItems: [String?] = []
    /// A word character right after the last closing `_` delimiter is written as a reference.
    private var afterUnderscoreCloser = false
    private var atLineStart = true
    /// The next number of each open list (nil for a bullet list).
    private var listNumbers: [Int?] = []
    /// Inside a paragraph that is a pipe table, whose lines must stay lines.
    private var keepingLines = false
    /// An image, whose alt text is written whole on entering: its children are skipped.
    private var skippingUntilExitOf: CMarkNode?
    /// The delimiter of each open emphasis, innermost last ("" where none could be written).
    private var emphasisDelimiters: [String] = []
    /// `||spoiler||` runs paired per inline container, as the BBCode renderer pairs them.
    private static let spoilers = InlineDelimiterScanner(kinds: [.spoiler])
    private var spoilerScans: [DelimiterScan] = []

    mutating func render(_ document: CMarkDocument) {
        document.walk { node, entering in renderNode(node, entering: entering) }
        // A text ends with a newline, also after a `[/code]` (which leaves its line open).
        if !out.isEmpty, !out.hasSuffix("\n") { out += "\n" }
    }

    private mutating func renderNode(_ node: CMarkNode, entering: Bool) {
        if let skipping = skippingUntilExitOf {
            if node == skipping, !entering { skippingUntilExitOf = nil }
            return
        }
        if !entering, spoilerScans.last?.container == node { spoilerScans.removeLast() }
        switch node.type {
        case CMARK_NODE_BLOCK_QUOTE:
            // Misago's preprocessor lifts a `[spoiler]` out of a `>` quote (the hidden text ends up
            // outside it): a quote that holds one is the engine's `[quote]`, which keeps it inside.
            let bbcodeQuote = Self.holdsSpoiler(node)
            if entering {
                separateBlock(node)
                // In a tight item, Python-Markdown reads the item's indented lines as its text
                // (only a nested list item starts a block there): a `>` indented by three is
                // still a quote, by four it is text.
                var narrowed: String?
                if !bbcodeQuote, node.previous != nil, Self.inTightList(node), let indent = prefixes.last, indent.count >= 4 {
                    narrowed = indent
                    prefixes[prefixes.count - 1] = String(indent.dropLast())
                }
                narrowedItems.append(narrowed)
                if bbcodeQuote {
                    write("[quote]")
                    endLine()
                    prefixes.append("")
                } else {
                    prefixes.append("> ")
                    // An empty quote is a `>` line alone, which the engine draws as an empty quote.
                    if node.firstChild == nil {
                        write("")
                        endLine()
                    }
                }
            } else {
                prefixes.removeLast()
                if let indent = narrowedItems.popLast() ?? nil { prefixes[prefixes.count - 1] = indent }
                if bbcodeQuote {
                    if !atLineStart { endLine() }
                    write("[/quote]")
                    endLine()
                }
            }

        case CMARK_NODE_LIST:
            if entering {
                separateBlock(node)
                if node.previous?.type == CMARK_NODE_LIST {
                    // Python-Markdown merges a list into the one before it, blank lines or not: a
                    // paragraph of one zero-width space (invisible) ends the first list.
                    if Self.inTightList(node) { blankLine() }  // separateBlock wrote no blank line
                    write("&#8203;")
                    endLine()
                    blankLine()
                }
                listNumbers.append(node.isOrderedList ? node.listStart : nil)
            } else {
                listNumbers.removeLast()
            }

        case CMARK_NODE_ITEM:
            if entering {
                separateBlock(node)
                let marker: String
                if let number = listNumbers.last ?? nil {
                    marker = "\(number). "
                    listNumbers[listNumbers.count - 1] = number + 1
                } else {
                    // A `-` line with nothing after it, under a line of text, would make that
                    // line a heading (a line of `-` underlines one): an item that is empty, or
                    // whose `[code]` the engine moves to a line of its own, is a `*` item.
                    marker = Self.leavesItsMarkerLineEmpty(node) ? "* " : "- "
                }
                pendingMarkers.append((marker.padding(toLength: max(4, marker.count), withPad: " ", startingAt: 0), prefixes.count))
                prefixes.append(String(repeating: " ", count: max(4, marker.count)))
            } else {
                if !pendingMarkers.isEmpty { write("") }  // An empty item still shows its marker.
                prefixes.removeLast()
            }

        case CMARK_NODE_CODE_BLOCK:
            // After a block in a tight item, `[code]` goes at the end of that block's line: the
            // preprocessor's own newline then ends it, where a newline of ours as well would be a
            // second line break (nl2br) before the code.
            if !prefixes.isEmpty, node.previous != nil, Self.inTightList(node), atLineStart, out.hasSuffix("\n"),
                node.fenceInfo.split(separator: " ").first != "bbcode", Self.codeTag(node) != nil
            {
                out.removeLast()
                atLineStart = false
            } else {
                separateBlock(node)
            }
            var literal = node.literal
            if literal.hasSuffix("\n") { literal.removeLast() }
            let lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
            if node.fenceInfo.split(separator: " ").first == "bbcode" {
                // The engine's own markup (a quote `missive reply --quote` fetched, say), sent as it is.
                for (index, line) in lines.enumerated() {
                    write(String(line))
                    if index < lines.count - 1 { endLine() }
                }
            } else if prefixes.isEmpty {
                // Python-Markdown's fences work only at the top level. Its fence takes a language
                // of `[\w#.+-]` only; any other goes in the attribute form `{.lang}`.
                let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: literal) + 1))
                write(fence + Self.fenceLanguage(node.fenceInfo))
                endLine()
                // An empty block has no line at all: an empty line would be its content.
                if !node.literal.isEmpty {
                    for line in lines { write(String(line)); endLine() }
                }
                write(fence)
            } else if let open = Self.codeTag(node) {
                // Inside a quote or an item, the engine's `[code]`: its preprocessor finds it
                // anywhere in the raw text, before any block is read, so it keeps an empty block,
                // a block that starts an item, and an item's paragraph before it (which indented
                // code would pull into the item's text). Its lines are the code's own, without
                // the containers' prefixes, which the preprocessor would keep as code.
                // The preprocessor puts the block on a line of its own, ending it with a newline:
                // the converter writes none after `[/code]` (a second would be an empty line,
                // which would make a tight list loose).
                write(open)
                out += literal
                out += "[/code]"
                atLineStart = true
                return
            } else {
                for (index, line) in lines.enumerated() {
                    write("    " + line)
                    if index < lines.count - 1 { endLine() }
                }
            }
            endLine()

        case CMARK_NODE_HTML_BLOCK:
            separateBlock(node)
            var literal = node.literal
            while literal.hasSuffix("\n") { literal.removeLast() }
            if let spoiler = Self.spoiler(literal) {
                for line in spoiler {
                    if line.isEmpty { blankLine() } else { write(line); endLine() }
                }
                return
            }
            // Misago shows raw HTML as text, as the author typed it, its lines as lines. A line's
            // indent goes (HTML shows none): after an empty line it would start indented code.
            for (index, line) in literal.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { endLine() }
                write(Self.escaped(String(line.drop(while: { $0 == " " || $0 == "\t" }))))
            }
            endLine()

        case CMARK_NODE_PARAGRAPH:
            if entering {
                separateBlock(node)
                keepingLines = Self.isPipeTable(node)
            } else {
                endLine()
                keepingLines = false
            }

        case CMARK_NODE_HEADING:
            if entering {
                separateBlock(node)
                write(String(repeating: "#", count: node.headingLevel) + " ")
            } else {
                endLine()
            }

        case CMARK_NODE_THEMATIC_BREAK:
            separateBlock(node)
            write("***")
            endLine()

        case CMARK_NODE_TEXT:
            writeText(node)

        case CMARK_NODE_SOFTBREAK:
            if keepingLines { endLine() } else { write(" ") }

        case CMARK_NODE_LINEBREAK:
            // nl2br turns a bare newline into a line break.
            endLine()

        case CMARK_NODE_CODE:
            let literal = node.literal
            let ticks = String(repeating: "`", count: Self.longestRun(of: "`", in: literal) + 1)
            let padding = literal.hasPrefix("`") || literal.hasSuffix("`") ? " " : ""
            write(ticks + padding + literal + padding + ticks)

        case CMARK_NODE_HTML_INLINE:
            // Shown as text; a line break inside the tag is a soft break, which is a space.
            write(Self.escaped(node.literal.replacingOccurrences(of: "\n", with: " ")))

        case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
            let strong = node.type == CMARK_NODE_STRONG
            if entering {
                let delimiter = Self.emphasisDelimiter(strong: strong, inside: emphasisDelimiters)
                if delimiter.hasPrefix("_") { referenceWordCharacterBefore() }
                emphasisDelimiters.append(delimiter)
                write(delimiter)
            } else {
                let delimiter = emphasisDelimiters.popLast() ?? ""
                write(delimiter)
                afterUnderscoreCloser = delimiter.hasPrefix("_")
            }

        case CMARK_NODE_LINK:
            if entering {
                write("[")
            } else {
                write("](" + Self.destination(node.url) + Self.title(node.title) + ")")
            }

        case CMARK_NODE_IMAGE:
            // cmark's alt text is the plain text of what the brackets hold; Python-Markdown's is
            // the brackets' source as written: the plain text is written, and the children skipped.
            if entering {
                write("![" + Self.escaped(Self.plainText(node)) + "](" + Self.destination(node.url) + Self.title(node.title) + ")")
                if node.firstChild != nil { skippingUntilExitOf = node }
            }

        default:
            break
        }
    }

    // MARK: - Lines and blocks

    /// Blocks after the first in their container start after a blank line, or on the next line
    /// in a tight list.
    private mutating func separateBlock(_ node: CMarkNode) {
        if !atLineStart { endLine() }
        guard node.previous != nil else { return }
        let tight = node.type == CMARK_NODE_ITEM ? node.parent?.listIsTight ?? false : Self.inTightList(node)
        if !tight { blankLine() }
    }

    /// A block directly in an item of a tight list.
    private static func inTightList(_ node: CMarkNode) -> Bool {
        node.parent.flatMap { $0.type == CMARK_NODE_ITEM ? $0.parent : nil }?.listIsTight ?? false
    }

    /// An empty line inside the open containers (a quote's `>` kept, an item's indent not).
    private mutating func blankLine() {
        out += prefixes.joined().replacingOccurrences(of: " +$", with: "", options: .regularExpression) + "\n"
    }

    private mutating func write(_ text: String) {
        var text = text
        if afterUnderscoreCloser, let first = text.first {
            afterUnderscoreCloser = false
            if Self.isWordLetter(first) { text = Self.reference(first) + text.dropFirst() }
        }
        if atLineStart {
            if !pendingMarkers.isEmpty {
                for (depth, prefix) in prefixes.enumerated() {
                    out += pendingMarkers.first { $0.depth == depth }?.marker ?? prefix
                }
                pendingMarkers = []
            } else {
                out += prefixes.joined()
            }
            atLineStart = false
        }
        out += text
    }

    private mutating func endLine() {
        if atLineStart, pendingMarkers.isEmpty { return }
        if atLineStart { write("") }
        out += "\n"
        atLineStart = true
    }

    // MARK: - Text

    /// A text node, escaped, with its `||` spoiler runs as `[spoiler]`/`[/spoiler]`: Misago has
    /// only the block spoiler, so the text around it becomes paragraphs of its own, but what the
    /// author hid stays hidden.
    private mutating func writeText(_ node: CMarkNode) {
        let utf8 = node.literalBytes
        if Self.spoilers.mayHoldDelimiters(utf8), let container = node.parent, spoilerScans.last?.container != container {
            spoilerScans.append(DelimiterScan(container: container, marks: Self.spoilers.marks(in: container)))
        }
        var lineStart = atLineStart || !pendingMarkers.isEmpty
        guard let marks = spoilerScans.isEmpty ? nil : spoilerScans[spoilerScans.count - 1].take(node) else {
            write(Self.escaped(node.literal, atLineStart: lineStart))
            return
        }
        var start = 0
        for mark in marks {
            write(Self.escaped(String(decoding: utf8[start..<mark.offset], as: UTF8.self), atLineStart: lineStart))
            write(mark.opens ? "[spoiler]" : "[/spoiler]")
            start = mark.offset + 2
            lineStart = false
        }
        write(Self.escaped(String(decoding: utf8[start...], as: UTF8.self), atLineStart: lineStart))
    }

    // MARK: - Emphasis

    /// The delimiter for an emphasis inside the open ones, as Python-Markdown nests them: its
    /// `*` patterns run before its `_` ones, and a match's content is read only by the patterns
    /// after it. So `*` and `**` only outside any `_`; `*` inside `**` (a strong's content is
    /// read for `*...*`) but not inside `*`; `**` inside nothing; `__` outside any `_`; `_`
    /// outside any `_` or right inside `__`. Anything else cannot be nested there: "" (the text
    /// stays, without that emphasis).
    static func emphasisDelimiter(strong: Bool, inside open: [String]) -> String {
        let written = open.filter { !$0.isEmpty }
        guard let underscore = written.last(where: { $0.hasPrefix("_") }) else {
            if strong ? written.isEmpty : written.last != "*" { return strong ? "**" : "*" }
            return strong ? "__" : "_"
        }
        return !strong && underscore == "__" && written.last == "__" ? "_" : ""
    }

    /// Python-Markdown's `_` is not emphasis next to a word character; it reads a character
    /// reference first, as a placeholder that is not one. So a letter or digit right before an
    /// opening `_` (and, through `afterUnderscoreCloser`, right after a closing one) is written
    /// as a reference, and a `_` inside a word is emphasis as cmark reads it.
    private mutating func referenceWordCharacterBefore() {
        guard !atLineStart, let last = out.last, Self.isWordLetter(last) else { return }
        out.removeLast()
        out += Self.reference(last)
    }

    private static func isWordLetter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private static func reference(_ character: Character) -> String {
        character.unicodeScalars.map { "&#\($0.value);" }.joined()
    }

    // MARK: - Spoilers

    /// Whether a quote holds a spoiler: a `<details>` block or a `||` pair, at any depth.
    private static func holdsSpoiler(_ quote: CMarkNode) -> Bool {
        var found = false
        var stack = quote.firstChild.map { [$0] } ?? []
        while let node = stack.popLast(), !found {
            switch node.type {
            case CMARK_NODE_HTML_BLOCK: found = spoiler(node.literal) != nil
            case CMARK_NODE_TEXT where spoilers.mayHoldDelimiters(node.literalBytes):
                found = node.parent.map { !spoilers.marks(in: $0).isEmpty } ?? false
            default: break
            }
            if let next = node.next { stack.append(next) }
            if let child = node.firstChild { stack.append(child) }
        }
        return found
    }

    /// `<details>` (with its `<summary>`, which Misago's spoiler has no place for: it goes before
    /// it as a line of its own) and `</details>` as HTML blocks of their own become the engine's
    /// `[spoiler]` and `[/spoiler]`, which it honours across the blocks between them.
    static func spoiler(_ literal: String) -> [String]? {
        let text = literal.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.lowercased() == "</details>" { return ["[/spoiler]"] }
        guard let match = text.wholeMatch(of: #/(?i)<details(\s[^>]*)?>\s*(?:<summary>([^<]*)</summary>)?/#) else { return nil }
        guard let summary = match.2.map({ $0.trimmingCharacters(in: .whitespaces) }), !summary.isEmpty else { return ["[spoiler]"] }
        return [escaped(summary), "", "[spoiler]"]
    }

    // MARK: - Escaping

    /// The characters Python-Markdown's backslash escapes cover that could start markup.
    private static let escapable: Set<Character> = ["\\", "`", "*", "_", "[", "]", "#", "+", "-", "!", ">"]

    static func escaped(_ text: String, atLineStart: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        var leadingDigits = atLineStart
        for character in text {
            // Python-Markdown has no escape for `<` (`\<` shows its backslash) and reads `&ouml;`
            // as a character reference: both are written as references, which it keeps.
            if character == "<" || character == "&" {
                result += character == "<" ? "&lt;" : "&amp;"
                leadingDigits = false
                continue
            }
            // A newline in text (a `&#10;` the author typed) would end the line, or with another
            // the paragraph: it stays a reference.
            if character == "\n" {
                result += "&#10;"
                leadingDigits = false
                continue
            }
            if escapable.contains(character) || (leadingDigits && character == ".") {
                result.append("\\")
            }
            leadingDigits = leadingDigits && character.isASCII && character.isNumber
            result.append(character)
        }
        return result
    }

    /// The bytes cmark's HTML writes as they are in an address (its `houdini_escape_href`);
    /// every other byte it writes as `%XX`.
    private static let addressBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+!*'(),%#@?=;:/$~".utf8)

    /// A link's or image's address in Python-Markdown's pointed form `<...>`, which ends only at
    /// `>`: percent-encoded as cmark's HTML has it, so the engine's `href` is cmark's (a
    /// backslash, a bracket, a space, a `<` or `>` encoded; brackets and parentheses kept).
    /// `&` is a reference: Python-Markdown keeps `&name;` in an attribute as it is.
    static func destination(_ url: String) -> String {
        var result = "<"
        for byte in url.utf8 {
            if byte == UInt8(ascii: "&") {
                result += "&amp;"
            } else if addressBytes.contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result + ">"
    }

    /// A title in double quotes: `"` and `&` as references; a backslash and a backtick escaped
    /// (Python-Markdown reads escapes and code spans before links, and unescapes a title);
    /// a newline and the spaces at either end as references, which it neither folds nor strips.
    static func title(_ title: String) -> String {
        guard !title.isEmpty else { return "" }
        let characters = Array(title)
        let first = characters.firstIndex { $0 != " " } ?? characters.count
        let last = characters.lastIndex { $0 != " " } ?? -1
        var result = " \""
        for (index, character) in characters.enumerated() {
            switch character {
            case "\"": result += "&quot;"
            case "&": result += "&amp;"
            case "\\", "`": result += "\\" + String(character)
            case "\n", "\t": result += reference(character)
            case " " where index < first || index > last: result += "&#32;"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// What cmark writes as an image's alt text: the text of its content, breaks as spaces.
    private static func plainText(_ node: CMarkNode) -> String {
        var text = ""
        var stack = node.firstChild.map { [$0] } ?? []
        while let each = stack.popLast() {
            switch each.type {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: text += each.literal
            }
            if let next = each.next { stack.append(next) }
            if let child = each.firstChild { stack.append(child) }
        }
        return text
    }

    /// A code block's language for a fence: the info string's first word, in Python-Markdown's
    /// attribute form where the fence's own pattern would not take it.
    private static func fenceLanguage(_ info: String) -> String {
        guard let language = info.split(separator: " ").first.map(String.init) else { return "" }
        if language.allSatisfy({ $0.isLetter || $0.isNumber || "_#.+-".contains($0) }) { return language }
        return language.contains("}") ? "" : "{." + language + "}"
    }

    /// An item with no content, or one that starts with a block the engine's `[code]` holds.
    private static func leavesItsMarkerLineEmpty(_ item: CMarkNode) -> Bool {
        guard let first = item.firstChild else { return true }
        return first.type == CMARK_NODE_CODE_BLOCK && first.fenceInfo.split(separator: " ").first != "bbcode" && codeTag(first) != nil
    }

    /// The engine's `[code]` (`[code=lang]`) opening for a block, or nil where its content would
    /// end it early (`[/code]`) or be read first by a preprocessor that runs before the code's
    /// (a fence, a `[quote]` or `[spoiler]`), or its language would end the tag.
    private static func codeTag(_ node: CMarkNode) -> String? {
        let literal = node.literal.lowercased()
        for ending in ["[/code]", "[quote", "[spoiler", "```", "~~~"] where literal.contains(ending) { return nil }
        guard let language = node.fenceInfo.split(separator: " ").first else { return "[code]" }
        return language.contains(where: { "]\"".contains($0) }) ? nil : "[code=\(language)]"
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, current = 0
        for each in text {
            current = each == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// A paragraph whose second line is a pipe table's delimiter row (`|---|:--:|`).
    private static func isPipeTable(_ paragraph: CMarkNode) -> Bool {
        var lines = [""]
        var child = paragraph.firstChild
        while let node = child, lines.count <= 2 {
            switch node.type {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: lines.append("")
            default: lines[lines.count - 1] += node.literal
            }
            child = node.next
        }
        guard lines.count >= 2 else { return false }
        let delimiter = lines[1].trimmingCharacters(in: .whitespaces)
        return delimiter.contains("|") && delimiter.contains("-") && delimiter.allSatisfy { "|:- ".contains($0) }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
