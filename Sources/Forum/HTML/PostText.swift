import CXML
import Foundation

/// A post's rendered HTML drawn as text for a terminal: `<br>` and block ends break lines, other
/// whitespace collapses, smilies (`<img>` titled with their code) read as their codes.
///
/// `.readable` is what `readableText` has always shown, smilies added. `.post` is for showing what
/// a user answers: quotes (`div.bbc-block` on the forum, `blockquote` in the sandbox) as "> " lines
/// per level under their "NAME posted:" line, other images as `[img]SRC[/img]` (`[timg]` for a
/// thumbnail), links as `text (URL)` when the text is not the address, preformatted text kept.
struct PostText {
    enum Detail {
        case readable
        case post
    }

    let detail: Detail
    private var lines: [Line] = []
    private var current = ""
    private var depth = 0
    private var preformatted = 0

    private struct Line {
        var depth: Int
        var text: String
    }

    init(detail: Detail) {
        self.detail = detail
    }

    /// The text of everything inside `node`.
    static func text(of node: HTMLNode, detail: Detail) -> String {
        var drawing = PostText(detail: detail)
        drawing.walkChildren(of: node.pointer, document: node.document)
        return drawing.finish()
    }

    /// The text of a run of sibling nodes (a post's content between its markers).
    static func text(of nodes: [HTMLNode], detail: Detail) -> String {
        var drawing = PostText(detail: detail)
        for node in nodes { drawing.walk(node.pointer, document: node.document) }
        return drawing.finish()
    }

    // MARK: Walking

    private mutating func walkChildren(of node: xmlNodePtr, document: HTMLDocument) {
        var child = node.pointee.children
        while let each = child {
            walk(each, document: document)
            child = each.pointee.next
        }
    }

    private mutating func walk(_ node: xmlNodePtr, document: HTMLDocument) {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            guard let content = node.pointee.content else { return }
            append(text: String(cString: content))
        case XML_ELEMENT_NODE:
            element(HTMLNode(pointer: node, document: document))
        default:
            break
        }
    }

    private mutating func element(_ node: HTMLNode) {
        let tag = node.name
        switch tag {
        case "br":
            breakLine()
        case "script", "style":
            break
        case "img":
            if let code = Self.smilieCode(node) {
                current += code
            } else if detail == .post, let source = node.attribute("src") {
                let name = Self.isThumbnail(node) ? "timg" : "img"
                current += "[\(name)]\(node.document.resolve(source)?.absoluteString ?? source)[/\(name)]"
            }
        case "a" where detail == .post:
            link(node)
        case "pre" where detail == .post:
            block(paragraph: false) { drawing in
                drawing.preformatted += 1
                drawing.walkChildren(of: node.pointer, document: node.document)
                drawing.endLine()
                drawing.preformatted -= 1
            }
        default:
            if detail == .post, startsQuote(node) {
                block(paragraph: true) { drawing in
                    drawing.depth += 1
                    drawing.walkChildren(of: node.pointer, document: node.document)
                    drawing.endLine()
                    drawing.depth -= 1
                }
            } else if Self.blockTags.contains(tag) {
                block(paragraph: tag == "p") { drawing in drawing.walkChildren(of: node.pointer, document: node.document) }
            } else {
                walkChildren(of: node.pointer, document: node.document)
            }
        }
    }

    /// A block starts on a line of its own and ends one. Readable text breaks a line at both ends
    /// whatever the line holds (as it always has); a post's text breaks only a line with words on
    /// it, and ends a paragraph or a quote with one blank line, so the layout's whitespace between
    /// blocks makes no blank lines of its own.
    private mutating func block(paragraph: Bool, _ body: (inout PostText) -> Void) {
        guard detail == .post else {
            if !current.isEmpty { breakLine() }
            body(&self)
            breakLine()
            return
        }
        endLine()
        body(&self)
        endLine()
        if paragraph { lines.append(Line(depth: depth, text: "")) }
    }

    /// Breaks the line when it holds more than blanks, else forgets the blanks.
    private mutating func endLine() {
        if current.contains(where: { $0 != " " }) { breakLine() } else { current = "" }
    }

    /// A link's text, and its address after it when the text does not say it. A link around
    /// nothing but a picture (a thumbnail) is the picture; a quote's "NAME posted:" link is its text.
    private mutating func link(_ node: HTMLNode) {
        walkChildren(of: node.pointer, document: node.document)
        let text = node.visibleText
        guard !text.isEmpty, !node.hasClass("quote_link"), let href = node.attribute("href") else { return }
        let address = node.document.resolve(href)?.absoluteString ?? href
        if text != href, text != address { current += " (\(address))" }
    }

    /// Whether the element opens a quote level. Something Awful draws a quote as `div.bbc-block`
    /// holding an `h4` header and a `blockquote`, Misago as `aside.quote-block` holding a heading
    /// and a `blockquote`: the holder is the level (its header inside), its `blockquote` adds none.
    /// The sandbox draws it as one `blockquote` with the header inside.
    private func startsQuote(_ node: HTMLNode) -> Bool {
        if Self.isQuoteHolder(node) { return true }
        guard node.name == "blockquote" else { return false }
        return node.first("parent::*").map(Self.isQuoteHolder) != true
    }

    private static func isQuoteHolder(_ node: HTMLNode) -> Bool {
        let holder = (node.name == "div" && node.hasClass("bbc-block")) || (node.name == "aside" && node.hasClass("quote-block"))
        return holder && node.first("./blockquote") != nil
    }

    // MARK: Lines

    private mutating func append(text: String) {
        guard preformatted > 0 else {
            current += text.map { $0.isWhitespace ? " " : String($0) }.joined()
            return
        }
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { breakLine(verbatim: true) }
            current += piece
        }
    }

    private mutating func breakLine(verbatim: Bool = false) {
        let text = verbatim || preformatted > 0
            ? String(current.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            : current.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        lines.append(Line(depth: depth, text: text))
        current = ""
    }

    private mutating func finish() -> String {
        breakLine()
        var kept = lines
        if detail == .post { kept = Self.singleBlankLines(kept) }
        // Blank lines at the ends are layout, not text; inside they separate paragraphs.
        while kept.first?.text.isEmpty == true { kept.removeFirst() }
        while kept.last?.text.isEmpty == true { kept.removeLast() }
        return kept.map { line in
            let prefix = String(repeating: "> ", count: line.depth)
            return line.text.isEmpty ? String(prefix.dropLast()) : prefix + line.text
        }.joined(separator: "\n")
    }

    /// Runs of blank lines (which nested blocks leave) as one, at the shallower of the levels
    /// around it, so that a quote's end reads as one blank line and not as an empty "> " line.
    private static func singleBlankLines(_ lines: [Line]) -> [Line] {
        var result: [Line] = []
        var index = 0
        while index < lines.count {
            guard lines[index].text.isEmpty else {
                result.append(lines[index])
                index += 1
                continue
            }
            var end = index
            while end < lines.count, lines[end].text.isEmpty { end += 1 }
            let before = result.last?.depth ?? 0
            let after = end < lines.count ? lines[end].depth : 0
            result.append(Line(depth: min(before, after), text: ""))
            index = end
        }
        return result
    }

    // MARK: Pictures

    /// The code of a smilie picture: the forum titles each with its code (`:)`, `:cheers:`, `8)`).
    /// A title with spaces ("Click to view full size") or a file's name is no code.
    static func smilieCode(_ image: HTMLNode) -> String? {
        guard let title = image.attribute("title")?.trimmingCharacters(in: .whitespaces), !title.isEmpty, title.count <= 32,
            !title.contains(where: \.isWhitespace) else { return nil }
        let markedAsSmilie = image.hasClass("smilie") || (image.attribute("src") ?? "").contains("/smilies/")
        let shapedLikeCode = title.hasPrefix(":") || title.hasPrefix(";") || title.hasSuffix(":") || title.hasSuffix(")")
            || title.hasSuffix("(")
        return markedAsSmilie || shapedLikeCode ? title : nil
    }

    /// `[timg]`'s thumbnail: the forum's `img.timg`, the sandbox's `img.bbc-timg`.
    static func isThumbnail(_ image: HTMLNode) -> Bool {
        (image.attribute("class") ?? "").split(whereSeparator: \.isWhitespace).contains { $0.lowercased().contains("timg") }
    }

    static let blockTags: Set<String> = [
        "p", "div", "blockquote", "li", "ul", "ol", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table",
    ]
}

extension HTMLNode {
    /// A post body as text for a reader answering it (see `PostText.Detail.post`).
    public var postText: String {
        PostText.text(of: self, detail: .post)
    }
}
