import Forum
import Markup

/// A post as the forum rendered it (the HTML inside its `.postbody`), as plain text for a
/// terminal, laid out as the local plain preview lays a post out: a quote behind a "│ " bar
/// under its "name posted:" line, "code:" and the code indented, lists with their numbers,
/// links as their text and <URL>, images as [image: URL], spoilers as [spoiler: text], and a
/// smilie as its code, wrapped at spaces to the width. Read with Forum's `HTMLDocument`, which
/// parses as a browser does, so broken markup is survived the way a browser survives it.
struct ForumPostText {
    /// What a block puts before each of its lines: a quote's bar, a list item's number (then
    /// blanks as wide), a code block's indent.
    private struct Prefix {
        var first: String
        var rest: String
        var used = false
        /// A blank line before and after it (quotes, code, lists), as on the page.
        var spaced = false
    }

    /// Columns to wrap in.
    private let width: Int
    private var output: [String] = []
    private var line = ""
    /// A `<br>` asked for this line, so it is written even when empty.
    private var lineOpen = false
    private var prefixes: [Prefix] = []
    private var gapPending = false
    private var lists: [(ordered: Bool, next: Int)] = []
    private var preformatted = 0

    private init(width: Int) {
        self.width = width
    }

    /// The post under `header` (the poster's name, as the local preview puts it above a post).
    static func render(html: String, header: String? = nil, width: Int) -> String {
        var text = ForumPostText(width: width)
        if let header { text.output.append(" " + header) }
        guard let document = HTMLDocument(html), let body = document.first("//body") else {
            return text.output.map { $0 + "\n" }.joined()
        }
        text.walk(body)
        text.endLine()
        while text.output.last?.isEmpty == true { text.output.removeLast() }
        return text.output.map { $0 + "\n" }.joined()
    }

    private mutating func walk(_ node: HTMLNode) {
        for child in node.select("node()") {
            if child.first("self::text()") != nil {
                write(child.text)
            } else if child.first("self::*") != nil {
                element(child)
            }
        }
    }

    private mutating func element(_ node: HTMLNode) {
        switch node.name {
        case "br":
            lineOpen = true
            endLine()
        case "script", "style":
            break
        case "img":
            if node.hasClass("smilie") || (node.attribute("src") ?? "").contains("/smilies/") {
                write(node.attribute("title") ?? node.attribute("alt") ?? "")
            } else {
                writeUnbroken("[image: \(node.attribute("src") ?? "")]")
            }
        case "a":
            let start = line.count
            walk(node)
            let text = String(line.dropFirst(start)).trimmingCharacters(in: .whitespaces)
            if let href = node.attribute("href"), !href.isEmpty, text != href {
                write(text.isEmpty ? href : " <\(href)>")
            }
        case "span" where node.hasClass("bbc-spoiler"):
            write("[spoiler: ")
            walk(node)
            write("]")
        case "blockquote":
            block(Prefix(first: "│ ", rest: "│ ", spaced: true)) { $0.walk(node) }
        case "pre":
            block(Prefix(first: "", rest: "", spaced: true)) { text in
                if node.hasClass("bbc-code") {
                    text.write("code:")
                    text.endLine()
                }
                let indent = node.hasClass("bbc-code") ? "  " : ""
                text.block(Prefix(first: indent, rest: indent)) { text in
                    text.preformatted += 1
                    text.walk(node)
                    text.endLine()  // while still preformatted: its spaces are the code's
                    text.preformatted -= 1
                }
            }
        case "ol", "ul":
            lists.append((node.name == "ol", 1))
            block(Prefix(first: "", rest: "", spaced: true)) { $0.walk(node) }
            lists.removeLast()
        case "li":
            let marker = nextMarker()
            block(Prefix(first: marker, rest: String(repeating: " ", count: marker.count))) { $0.walk(node) }
        case "hr":
            endLine()
            write(String(repeating: "─", count: 40))
            endLine()
        case "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "tr", "center":
            block(Prefix(first: "", rest: "")) { $0.walk(node) }
        default:
            walk(node)
        }
    }

    /// Text as a browser shows it: outside `<pre>`, runs of white space are one space and none
    /// starts a line; inside, every line break is a line. Control characters a terminal would
    /// obey (ESC and the rest) become U+FFFD, as in the local preview: a post cannot recolour
    /// or retitle the terminal.
    private mutating func write(_ text: String) {
        guard preformatted == 0 else {
            var first = true
            for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first {
                    lineOpen = true
                    endLine()
                }
                line += TerminalText.printable(String(piece), column: TerminalText.width(of: line))
                first = false
            }
            return
        }
        for character in text {
            if character.isWhitespace {
                if !line.isEmpty && line.last != " " { line.append(" ") }
            } else {
                line += TerminalText.printable(String(character))
            }
        }
    }

    /// Text that is never broken at its spaces (`[image: URL]`), though it may wrap before it.
    private mutating func writeUnbroken(_ text: String) {
        line += TerminalText.printable(text).replacingOccurrences(of: " ", with: Self.unbreakable)
    }

    /// Stands for a space inside unbroken text until the line is wrapped.
    private static let unbreakable = "\u{A0}"

    private mutating func block(_ prefix: Prefix, _ body: (inout ForumPostText) -> Void) {
        endLine()
        if prefix.spaced { gapPending = true }
        prefixes.append(prefix)
        body(&self)
        endLine()
        if prefixes.popLast()?.spaced == true { gapPending = true }
    }

    /// Writes the line, if anything is on it, behind the open blocks' prefixes.
    private mutating func endLine() {
        let content = preformatted > 0 ? line : line.trimmingCharacters(in: .whitespaces)
        defer {
            line = ""
            lineOpen = false
        }
        guard !content.isEmpty || lineOpen else { return }
        if content.isEmpty && gapPending {
            // A break right after a block is the blank line the block asked for.
            gapPending = false
            output.append("")
            return
        }
        if gapPending && !content.isEmpty {
            if let last = output.last, !last.isEmpty { output.append("") }
            gapPending = false
        }
        for piece in wrapped(content) {
            var prefix = ""
            for index in prefixes.indices {
                prefix += prefixes[index].used ? prefixes[index].rest : prefixes[index].first
                prefixes[index].used = true
            }
            let written = prefix + piece.replacingOccurrences(of: Self.unbreakable, with: " ")
            output.append(piece.isEmpty ? String(written.reversed().drop { $0 == " " }.reversed()) : written)
        }
    }

    /// The line in pieces that fit beside the prefixes, broken at spaces (a word longer than
    /// a whole line, and code, where they reach the edge).
    private func wrapped(_ content: String) -> [String] {
        let used = prefixes.map { TerminalText.width(of: $0.used ? $0.rest : $0.first) }.reduce(0, +)
        let available = max(width - used, 8)
        var pieces: [String] = []
        var current = ""
        var currentWidth = 0
        func breakLine() {
            pieces.append(current)
            current = ""
            currentWidth = 0
        }
        func add(_ character: Character) {
            let characterWidth = TerminalText.width(of: character)
            if currentWidth + characterWidth > available { breakLine() }
            current.append(character)
            currentWidth += characterWidth
        }
        if preformatted > 0 {
            content.forEach(add)
            return pieces + [current]
        }
        for word in content.split(separator: " ") {
            let wordWidth = TerminalText.width(of: word)
            if currentWidth > 0 && currentWidth + 1 + wordWidth > available { breakLine() }
            if currentWidth > 0 { add(" ") }
            word.forEach(add)
        }
        return pieces + [current]
    }

    /// "1. " in a numbered list, "• " otherwise.
    private mutating func nextMarker() -> String {
        guard let list = lists.last else { return "• " }
        lists[lists.count - 1].next += 1
        return list.ordered ? "\(list.next). " : "• "
    }
}
