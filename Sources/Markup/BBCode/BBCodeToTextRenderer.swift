extension BBCodeDocument {
    /// What a reader sees, as plain text: the visible text, one line per line break, block
    /// elements (quotes, code, lists and their items) on lines of their own, a quote's
    /// "name posted:" line where it names someone. No markup, no image addresses, no bullets.
    public func renderText() -> String {
        var renderer = BBCodeToTextRenderer(document: self)
        return renderer.render()
    }
}

private struct BBCodeToTextRenderer {
    let document: BBCodeDocument
    let engine: BBCodeEngine
    private var out = ""
    /// A block ended: the next visible text starts on a new line (nothing is written at the end).
    private var breakPending = false
    /// Closing tags to write as text when an element shown as typed ends.
    private var literalClosings: [BBCodeNode.ID: String] = [:]

    init(document: BBCodeDocument) {
        self.document = document
        self.engine = document.dialect.bbcodeEngine
    }

    mutating func render() -> String {
        document.walk { event in
            switch event {
            case .enter(let node):
                switch node.kind {
                case .root: break
                case .text(let text): write(text)
                case .lineBreak: write("\n")
                case .element(let element): return enter(node, element)
                }
            case .exit(let node):
                if let closing = literalClosings.removeValue(forKey: node.id) { write(closing) }
                if let element = node.element, isBlock(element) { breakPending = true }
            }
            return .proceed
        }
        return out
    }

    private mutating func enter(_ node: BBCodeNode, _ element: BBCodeElement) -> BBCodeDocument.WalkStep {
        if isBlock(element) { startLine() }
        switch element.role {
        case .quote:
            if let header = engine.quoteHeader(of: element) {
                write(header)
                write("\n")
            }
        case .spoiler where element.option != nil && isBlock(element):
            write(element.option ?? "")
            write("\n")
        case .image:
            // A picture shows no text; an address the engine refuses stays as typed.
            guard BBCodeLinks.imageSource(of: node, in: document) == nil else { return .skipChildren }
            write(element.openingTag)
            literalClosings[node.id] = element.closingTag ?? ""
        case .video:
            if let href = BBCodeLinks.href(of: node, in: document) {
                write(href)
                return .skipChildren
            }
        default:
            break
        }
        return .proceed
    }

    private func isBlock(_ element: BBCodeElement) -> Bool {
        engine.rule(for: element.name)?.isBlock ?? element.role.isBlock
    }

    /// Ends the current line for a block; like a browser, drops the blanks it ended with.
    private mutating func startLine() {
        while out.last == " " || out.last == "\t" { out.removeLast() }
        if !out.isEmpty, out.utf8.last != UInt8(ascii: "\n") { out += "\n" }
        breakPending = false
    }

    private mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        var text = Substring(text)
        if breakPending {
            startLine()
            // A line a block starts shows no leading blanks either.
            text = text.drop { $0 == " " || $0 == "\t" }
        }
        out += text
    }
}
