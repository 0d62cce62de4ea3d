import CCMark
import Foundation

/// Renders cmark's tree as the Markdown Misago reads (Python-Markdown 3.5 with nl2br, raw HTML
/// escaped, no tables, a few BBCodes): one `renderNode` switch over node types, like
/// MarkdownToBBCodeRenderer. The differences from CommonMark it writes around: a soft break
/// becomes a space (nl2br would show it as a line break), a hard break a bare newline, every link
/// inline (cmark has resolved references), nested blocks indented by four (Python-Markdown's tab),
/// a table's lines kept as plain lines, and Python-Markdown's escapable characters escaped in text.
struct MarkdownToMisagoRenderer {
    private(set) var out = ""
    /// What starts each line inside the open containers: `> ` for a quote, four spaces for an item.
    private var prefixes: [String] = []
    /// The list marker that replaces the innermost item's indent on its first line.
    private var pendingMarker: String?
    private var atLineStart = true
    /// The next number of each open list (nil for a bullet list).
    private var listNumbers: [Int?] = []
    /// Inside a paragraph that is a pipe table, whose lines must stay lines.
    private var keepingLines = false
    /// Link and image destinations, written when the node is left.
    /// An autolink's text is written with its brackets on entering; its child is skipped.
    private var skippingUntilExitOf: CMarkNode?
    /// The delimiter of each open emphasis, innermost last.
    private var emphasisDelimiters: [Character] = []
    /// `||spoiler||` runs paired per inline container, as the BBCode renderer pairs them.
    private static let spoilers = InlineDelimiterScanner(kinds: [.spoiler])
    private var spoilerScans: [DelimiterScan] = []

    mutating func render(_ document: CMarkDocument) {
        document.walk { node, entering in renderNode(node, entering: entering) }
        if !atLineStart { out += "\n" }
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
                if bbcodeQuote {
                    write("[quote]")
                    endLine()
                    prefixes.append("")
                } else {
                    prefixes.append("> ")
                }
            } else {
                prefixes.removeLast()
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
                    marker = "- "
                }
                pendingMarker = marker.padding(toLength: max(4, marker.count), withPad: " ", startingAt: 0)
                prefixes.append(String(repeating: " ", count: max(4, marker.count)))
            } else {
                if pendingMarker != nil { write("") }  // An empty item still shows its marker.
                prefixes.removeLast()
            }

        case CMARK_NODE_CODE_BLOCK:
            separateBlock(node)
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
                // Python-Markdown's fences work only at the top level; elsewhere the code is indented.
                let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: literal) + 1))
                write(fence + (node.fenceInfo.split(separator: " ").first.map(String.init) ?? ""))
                endLine()
                for line in lines { write(String(line)); endLine() }
                write(fence)
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
            // Misago shows raw HTML as text, as the author typed it.
            for (index, line) in literal.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { endLine() }
                write(Self.escaped(String(line)))
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
            write(Self.escaped(node.literal))

        case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
            // Python-Markdown closes `*a **b** c*` at the first `**`: nested emphasis takes the
            // other delimiter, `_`, where it may (underscores are not emphasis inside a word).
            let delimiter: Character
            if entering {
                let inWord = out.last.map(Self.isWordCharacter) ?? false || (node.next.map { Self.startsWithWordCharacter($0) } ?? false)
                delimiter = emphasisDelimiters.last == "*" && !inWord ? "_" : "*"
                emphasisDelimiters.append(delimiter)
            } else {
                delimiter = emphasisDelimiters.popLast() ?? "*"
            }
            write(String(repeating: delimiter, count: node.type == CMARK_NODE_STRONG ? 2 : 1))

        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let isAutolink = node.type == CMARK_NODE_LINK
                && (node.firstChild.map { $0.type == CMARK_NODE_TEXT && $0.next == nil && ($0.literal == node.url || "mailto:" + $0.literal == node.url) } ?? false)
            if isAutolink {
                if entering {
                    write("<" + (node.firstChild?.literal ?? node.url) + ">")
                    skippingUntilExitOf = node
                }
                return
            }
            if entering {
                write(node.type == CMARK_NODE_IMAGE ? "![" : "[")
            } else {
                let title = node.title.isEmpty ? "" : " \"" + node.title.replacingOccurrences(of: "\"", with: "&quot;") + "\""
                write("](" + Self.destination(node.url) + title + ")")
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
        if atLineStart {
            if let marker = pendingMarker {
                out += prefixes.dropLast().joined() + marker
                pendingMarker = nil
            } else {
                out += prefixes.joined()
            }
            atLineStart = false
        }
        out += text
    }

    private mutating func endLine() {
        if atLineStart, pendingMarker == nil { return }
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
        var lineStart = atLineStart || pendingMarker != nil
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

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func startsWithWordCharacter(_ node: CMarkNode) -> Bool {
        node.type == CMARK_NODE_TEXT && (node.literal.first.map(isWordCharacter) ?? false)
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
            if escapable.contains(character) || (leadingDigits && character == ".") {
                result.append("\\")
            }
            leadingDigits = leadingDigits && character.isASCII && character.isNumber
            result.append(character)
        }
        return result
    }

    /// The characters that would end or break an inline link's destination.
    private static let destinationAllowed = CharacterSet(charactersIn: " ()<>").inverted

    private static func destination(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: destinationAllowed) ?? url
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
