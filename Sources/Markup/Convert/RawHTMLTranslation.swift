import CCMark

extension MarkdownToBBCodeRenderer {
    /// Translates raw HTML the way a browser would show it: tags with a BBCode equivalent
    /// become that tag, other tags vanish and leave their text, comments vanish.
    mutating func translateRawHTML(_ literal: String, owner: CMarkNode?, inBlock: Bool) {
        var hiddenUntil: String?  // inside <script> or <style>: nothing shows
        var preformatted: String?  // inside <pre> of an HTML block: collected as a code block
        let tokens = HTMLTokenizer(literal).tokens()
        for (position, token) in tokens.enumerated() {
            if let element = hiddenUntil {
                if case .endTag(element) = token { hiddenUntil = nil }
                continue
            }
            if preformatted != nil {
                switch token {
                case .text(let text):
                    preformatted?.append(CharacterReferenceDecoder.browser.decode(text))  // in place: no copy per token
                case .endTag("pre"):
                    let collected = preformatted ?? ""
                    preformatted = nil
                    writeCodeBlock(collected.hasPrefix("\n") ? String(collected.dropFirst()) : collected)
                    out.separate(1)
                default: break
                }
                continue
            }
            switch token {
            case .invisible:
                break
            case .text(let text):
                // Space next to a line-level element or the block's edge is not shown.
                let trimLeading = inBlock && (position == 0 || Self.isLineLevel(tokens[position - 1]))
                let trimTrailing = inBlock && (position == tokens.count - 1 || Self.isLineLevel(tokens[position + 1]))
                writeHTMLText(CharacterReferenceDecoder.browser.decode(text), inBlock: inBlock, trimLeading: trimLeading, trimTrailing: trimTrailing)
            case .endTag(let name):
                closeHTMLElement(name, owner: owner)
                if HTMLLineElements.names.contains(name) { out.separate(1) }
            case .startTag(let name, let attributes, let selfClosing):
                switch name {
                case "script", "style":
                    if !selfClosing { hiddenUntil = name }
                case "pre" where inBlock:
                    preformatted = ""
                case "br":
                    out.lineBreak()
                case "hr":
                    out.separate(1)
                    out.write(dialect.horizontalRule ?? TextRule.line, .markup)
                    out.separate(1)
                case "img":
                    writeImage(source: attributes["src"] ?? "")
                case "a":
                    let href = attributes["href"] ?? ""
                    openHTMLElement(name, href.isEmpty ? [] : [dialect.link(href: URLEscaping.encode(href))], owner: owner)
                case "code", "tt", "kbd", "samp", "pre":
                    // Its content arrives node by node, so a parsed (rich) variant is safer.
                    if let style = dialect.richInlineCode ?? dialect.inlineCode {
                        openHTMLElement(name, [style.tags], content: style.content, owner: owner)
                    }
                default:
                    if HTMLLineElements.names.contains(name) { out.separate(1) }
                    if let tags = formattingTags(for: name) {
                        if HTMLLineElements.names.contains(name) || name == "details" { out.separate(1) }
                        openHTMLElement(name, tags, owner: owner)
                        if name == "blockquote" || name == "details" { out.separate(1) }
                    }
                }
            }
        }
        if let collected = preformatted {
            writeCodeBlock(collected)
        }
    }

    private func formattingTags(for element: String) -> [TagPair]? {
        switch element {
        case "b", "strong": [dialect.bold]
        case "i", "em", "cite", "var", "dfn": [dialect.italic]
        case "u", "ins": [dialect.underline]
        case "s", "del", "strike": dialect.strike.map { [$0] }
        case "sub": dialect.subscripted.map { [$0] }
        case "sup": dialect.superscripted.map { [$0] }
        case "blockquote": [dialect.quote]
        case "details": dialect.blockSpoiler.map { [$0] }
        default: nil
        }
    }

    private static func isLineLevel(_ token: HTMLToken) -> Bool {
        switch token {
        case .startTag(let name, _, _), .endTag(let name): HTMLLineElements.names.contains(name) || name == "br" || name == "hr"
        case .text, .invisible: false
        }
    }

    private mutating func writeHTMLText(_ text: String, inBlock: Bool, trimLeading: Bool, trimTrailing: Bool) {
        guard inBlock, !out.isInPlainContext else {
            out.write(text, textEscaping)
            return
        }
        // A browser folds the line structure of HTML source into single spaces.
        let folded = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        guard !folded.isEmpty else {
            // Whitespace alone still separates the words around it, unless at a line's edge.
            if !trimLeading, !trimTrailing { out.write(" ", textEscaping) }
            return
        }
        let leading = !trimLeading && (text.first.map { $0.isWhitespace } ?? false)
        let trailing = !trimTrailing && (text.last.map { $0.isWhitespace } ?? false)
        let joined = (leading ? " " : "") + folded.joined(separator: " ") + (trailing ? " " : "")
        out.write(joined, textEscaping)
    }

    private mutating func openHTMLElement(
        _ element: String, _ tags: [TagPair], content: TagContent = .parsed, owner: CMarkNode?
    ) {
        // Formatting cannot show inside a plain tag; the element still counts for its end tag.
        let shown = out.isInPlainContext ? [] : tags
        for tag in shown { out.open(tag, content: content) }
        openHTML.push(element, tags: shown, content: content, owner: owner, delimiterDepth: delimiterHTMLDepths.count)
    }

    /// An end tag closes its element (and any left open inside it) if the element was
    /// opened at the same level of the Markdown tree; otherwise it is ignored.
    private mutating func closeHTMLElement(_ element: String, owner: CMarkNode?) {
        guard let index = openHTML.closedByEndTag(element, owner: owner, delimiterDepth: delimiterHTMLDepths.count) else {
            return
        }
        while openHTML.count > index { closeLastHTMLElement() }
    }

    /// Closes raw HTML elements until only `depth` are open.
    mutating func closeHTML(downTo depth: Int) {
        while openHTML.count > depth { closeLastHTMLElement() }
    }

    /// Closes what raw HTML opened inside `owner` (nil: the document) when it ends.
    mutating func closeHTML(ownedBy owner: CMarkNode?) {
        while let last = openHTML.last, owner == nil || last.owner == owner { closeLastHTMLElement() }
    }

    private mutating func closeLastHTMLElement() {
        guard let last = openHTML.pop() else { return }
        if last.name == "blockquote" || last.name == "details" { out.startLine() }
        for tag in last.tags.reversed() { out.close(tag, content: last.content) }
    }
}

extension MarkdownToBBCodeRenderer {
    /// A `<pre>` block's text as a code block.
    mutating func writeCodeBlock(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            writeCodeBlock(Self.droppingFinalNewline(bytes), info: "")
        }
    }
}

/// Elements that start and end on a line of their own in a browser.
enum HTMLLineElements {
    static let names: Set<String> = [
        "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "details", "summary", "section", "article", "header", "footer", "figure", "figcaption",
        "address", "aside", "nav", "main", "form", "fieldset", "center",
    ]
}
