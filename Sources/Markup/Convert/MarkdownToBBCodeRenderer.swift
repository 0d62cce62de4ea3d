import CCMark
import Glibc

/// Renders cmark's tree as BBCode: one `renderNode` switch over node types with enter and
/// exit events, like cmark's own commonmark.c and latex.c, with every write naming its
/// escaping. The dialect Strategy decides spelling; this type decides structure.
struct MarkdownToBBCodeRenderer<Dialect: DialectStrategy> {
    let dialect: Dialect
    let options: ConversionOptions
    var out: BBCodeWriter<Dialect>
    private let scanner: InlineDelimiterScanner?
    /// The open containers whose `~~`/`||` runs have been paired, innermost last, each with the
    /// marks of its text nodes (see `findDelimiters`).
    private var delimiterScans: [DelimiterScan] = []
    /// The dialect's most used tags, spelled once rather than on every node.
    private let spelled: Spellings
    /// Tags to close when the formatting node being exited (emphasis, heading, link) was
    /// entered: enter and exit events nest, so a stack matches them up.
    private var closers: [[TagPair]] = []
    /// For each list being rendered: the next number when the engine cannot start its
    /// list at the author's number (so numbers are written out), nil otherwise.
    private var numberedLines: [Int?] = []
    /// For each `~~`/`||` tag open, how many raw HTML elements were open when it opened: the
    /// HTML opened after it must close before it does, or the tags would cross.
    var delimiterHTMLDepths: [Int] = []
    /// While inside an image, its alt text is not shown (as in a browser).
    private var skippingUntilExitOf: CMarkNode?
    /// Autolinks open around the text being written: their text is escaped strictly.
    private var autolinks = 0
    /// `[url` tags the author typed in the text so far, less those closed: a Markdown link inside
    /// one would be a link in a link, which engines show as the inner tag's text (its address
    /// among the words), so such a link keeps only its text, as a browser's inner link reads.
    private var typedLinksOpen = 0
    var openHTML = OpenRawHTML()

    init(dialect: Dialect, options: ConversionOptions, capacity: Int, sink: BBCodeSink? = nil, chunkSize: Int = 1 << 16) {
        self.dialect = dialect
        self.options = options
        self.out = BBCodeWriter(dialect: dialect, capacity: capacity, sink: sink, chunkSize: chunkSize)
        self.spelled = Spellings(dialect)
        var kinds: [InlineDelimiter] = []
        if !options.strict {
            if dialect.strike != nil { kinds.append(.strike) }
            if dialect.inlineSpoiler != nil { kinds.append(.spoiler) }
        }
        scanner = kinds.isEmpty ? nil : InlineDelimiterScanner(kinds: kinds)
    }

    mutating func render(_ document: CMarkDocument) {
        document.walk { node, entering in
            renderNode(node, entering: entering)
        }
    }

    /// How text of the post is escaped where it currently lands.
    var textEscaping: Escaping {
        out.isInPlainContext ? .plain : .prose(strict: options.strict || openHTML.codeDepth > 0 || autolinks > 0)
    }

    // MARK: - The switch

    private mutating func renderNode(_ node: CMarkNode, entering: Bool) {
        if let skipping = skippingUntilExitOf {
            if node == skipping, !entering { skippingUntilExitOf = nil }
            return
        }
        if !entering, delimiterScans.last?.container == node { delimiterScans.removeLast() }
        switch node.type {
        case CMARK_NODE_DOCUMENT:
            if !entering { closeHTML(ownedBy: nil) }

        case CMARK_NODE_BLOCK_QUOTE:
            if entering {
                separateBlock(node)
                out.open(spelled.quote)
                out.separate(1)
            } else {
                closeHTML(ownedBy: node)
                out.separate(1)
                out.close(spelled.quote)
            }

        case CMARK_NODE_LIST:
            renderList(node, entering: entering)

        case CMARK_NODE_ITEM:
            if entering {
                renderItemStart(node)
            } else {
                closeHTML(ownedBy: node)
            }

        case CMARK_NODE_CODE_BLOCK:
            separateBlock(node)
            let info = node.fenceInfo.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            let literal = Self.droppingFinalNewline(node.literalBytes)
            if info == "bbcode", !options.strict {
                // The escape hatch: the author's own BBCode, verbatim.
                out.write(literal, .markup)
            } else {
                writeCodeBlock(literal, info: info)
            }

        case CMARK_NODE_HTML_BLOCK:
            separateBlock(node)
            translateRawHTML(node.literal, owner: node.parent, inBlock: true)

        case CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE:
            break  // cmark's parser never makes these.

        case CMARK_NODE_PARAGRAPH:
            if entering {
                separateBlock(node)
            } else {
                closeHTML(ownedBy: node)
            }

        case CMARK_NODE_HEADING:
            if entering {
                separateBlock(node)
                let tags = dialect.heading(level: node.headingLevel)
                openFormatting(tags, for: node)
            } else {
                closeHTML(ownedBy: node)
                closeFormatting(for: node)
            }

        case CMARK_NODE_THEMATIC_BREAK:
            separateBlock(node)
            if let rule = dialect.horizontalRule {
                out.write(rule, .markup)
            } else {
                out.write(TextRule.line, .markup)
            }

        case CMARK_NODE_TEXT:
            writeText(node)

        case CMARK_NODE_SOFTBREAK:
            switch options.softBreaks {
            case .space: out.write(" ", textEscaping)
            case .newline: out.lineBreak()
            }

        case CMARK_NODE_LINEBREAK:
            out.lineBreak()

        case CMARK_NODE_CODE:
            writeCodeSpan(node.literalBytes)

        case CMARK_NODE_HTML_INLINE:
            translateRawHTML(node.literal, owner: node.parent, inBlock: false)

        case CMARK_NODE_EMPH:
            renderFormatting(node, entering: entering, tags: spelled.italic)

        case CMARK_NODE_STRONG:
            renderFormatting(node, entering: entering, tags: spelled.bold)

        case CMARK_NODE_LINK:
            // An autolink's text is its address, never BBCode the author typed: a `[url=...]` in it
            // would open a tag inside the link and hide the words after it.
            let isAutolink = Self.isAutolink(node)
            if entering {
                let url = node.url
                if isAutolink { autolinks += 1 }
                // A link inside a link (cmark lets an autolink sit in a link's text) keeps only its
                // text: nested [url] tags show as raw code on XenForo and phpBB.
                let nested = typedLinksOpen > 0 || Self.isInsideLink(node)
                openFormatting(url.isEmpty || nested ? [] : [dialect.link(href: URLEscaping.encode(url))], for: node)
            } else {
                closeHTML(ownedBy: node)
                closeFormatting(for: node)
                if isAutolink { autolinks -= 1 }
            }

        case CMARK_NODE_IMAGE:
            if entering {
                writeImage(source: node.url)
                skippingUntilExitOf = node
            }

        default:
            break
        }
    }

    // MARK: - Blocks

    /// Blocks after the first in their container start on a new line, or after a blank
    /// line unless they sit in a tight list.
    private mutating func separateBlock(_ node: CMarkNode) {
        guard node.previous != nil else { return }
        if let item = node.parent, item.type == CMARK_NODE_ITEM, let list = item.parent, list.listIsTight {
            out.separate(1)
        } else {
            out.separate(2)
        }
    }

    private mutating func renderList(_ node: CMarkNode, entering: Bool) {
        let numbered = node.isOrderedList && node.listStart != 1 && !dialect.listCanStartAnywhere
        if entering {
            separateBlock(node)
            if numbered {
                // No engine's [list=1] can start at 3, so the numbers are written out.
                numberedLines.append(node.listStart)
            } else {
                numberedLines.append(nil)
                out.open(node.isOrderedList ? spelled.orderedList : spelled.bulletList)
                out.separate(1)
            }
        } else {
            closeHTML(ownedBy: node)
            numberedLines.removeLast()
            if !numbered {
                out.separate(1)
                out.close(node.isOrderedList ? spelled.orderedList : spelled.bulletList)
            }
        }
    }

    private mutating func renderItemStart(_ item: CMarkNode) {
        guard let list = item.parent, let last = numberedLines.indices.last else { return }
        if let number = numberedLines[last] {
            if item.previous != nil { out.separate(list.listIsTight ? 1 : 2) }
            out.write("\(number). ", .markup)
            numberedLines[last] = number + 1
        } else {
            out.separate(1)
            out.write(spelled.listItem, .markup)
        }
    }

    /// A code block. Its text is always literal: broken up where the engine parses the code
    /// tag's content, written as typed where it does not (see `Escaping.plain`).
    mutating func writeCodeBlock(_ literal: UnsafeBufferPointer<UInt8>, info: String) {
        var style = dialect.codeBlock(language: Self.codeLanguage(info))
        if style.content == .plain, let rich = dialect.richCodeBlock, out.containsOpenTagsCloser(literal, extra: style.tags) {
            style = rich
        }
        out.open(style.tags, content: style.content)
        out.write("\n", .markup)
        out.write(literal, Self.literalEscaping(style.content))
        out.write("\n", .markup)
        out.close(style.tags, content: style.content)
    }

    /// How literal text (code) is written inside a tag with this kind of content.
    static func literalEscaping(_ content: TagContent) -> Escaping {
        content == .plain ? .plain : .prose(strict: true)
    }

    // MARK: - Inlines

    /// Pairs the `~~`/`||` runs of a container the first time one of its text nodes holds a
    /// delimiter character: text before that node has none, so nothing is missed, and most
    /// containers are never scanned at all. A scanned container is the innermost open one
    /// until it is exited, so the top of `delimiterScans` tells whether it was scanned.
    private mutating func findDelimiters(around node: CMarkNode, _ utf8: UnsafeBufferPointer<UInt8>) {
        guard let scanner, scanner.mayHoldDelimiters(utf8), let container = node.parent,
            delimiterScans.last?.container != container
        else { return }
        delimiterScans.append(DelimiterScan(container: container, marks: scanner.marks(in: container)))
    }

    private mutating func writeText(_ node: CMarkNode) {
        let utf8 = node.literalBytes
        if !options.strict, autolinks == 0, !out.isInPlainContext, let base = utf8.baseAddress,
            memchr(base, Int32(UInt8(ascii: "[")), utf8.count) != nil {
            typedLinksOpen = max(0, typedLinksOpen + Self.urlTagBalance(utf8))
        }
        findDelimiters(around: node, utf8)
        guard let nodeMarks = delimiterScans.isEmpty ? nil : delimiterScans[delimiterScans.count - 1].take(node) else {
            out.write(utf8, textEscaping)
            return
        }
        var start = 0
        for mark in nodeMarks {
            out.write(UnsafeBufferPointer(rebasing: utf8[start..<mark.offset]), textEscaping)
            if let tag = tag(for: mark.kind), !out.isInPlainContext {
                if mark.opens {
                    out.open(tag)
                    delimiterHTMLDepths.append(openHTML.count)
                } else {
                    closeHTML(downTo: delimiterHTMLDepths.popLast() ?? 0)
                    out.close(tag)
                }
            } else {
                out.write(UnsafeBufferPointer(rebasing: utf8[mark.offset..<(mark.offset + 2)]), textEscaping)
            }
            start = mark.offset + 2
        }
        out.write(UnsafeBufferPointer(rebasing: utf8[start...]), textEscaping)
    }

    /// `[url]`/`[url=` openings less `[/url]` closings in `utf8`, in any case.
    static func urlTagBalance(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        func matches(_ word: String, at index: Int) -> Bool {
            let word = Array(word.utf8)
            guard index + word.count <= utf8.count else { return false }
            func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
            return word.indices.allSatisfy { lower(utf8[index + $0]) == word[$0] }
        }
        var balance = 0
        for index in utf8.indices where utf8[index] == UInt8(ascii: "[") {
            if matches("[url]", at: index) || matches("[url=", at: index) { balance += 1 }
            if matches("[/url]", at: index) { balance -= 1 }
        }
        return balance
    }

    private func tag(for kind: InlineDelimiter) -> TagPair? {
        switch kind {
        case .strike: spelled.strike
        case .spoiler: spelled.inlineSpoiler
        }
    }

    /// A code span is literal in every mode: BBCode typed in it is always shown.
    mutating func writeCodeSpan(_ literal: UnsafeBufferPointer<UInt8>) {
        guard var style = spelled.inlineCode, !out.isInPlainContext else {
            out.write(literal, out.isInPlainContext ? .plain : .prose(strict: true))
            return
        }
        if style.content == .plain, let rich = dialect.richInlineCode, out.containsOpenTagsCloser(literal, extra: style.tags) {
            style = rich
        }
        out.open(style.tags, content: style.content)
        out.write(literal, Self.literalEscaping(style.content))
        out.close(style.tags, content: style.content)
    }

    /// Only an absolute http(s) address can be shown by a forum; anything else (a relative
    /// path, `data:`) would reach the reader as the literal tag, so the image is left out.
    mutating func writeImage(source: String) {
        guard !out.isInPlainContext, Self.isWebAddress(source) else { return }
        let tags = options.largeImages.contains(source) ? spelled.largeImage ?? spelled.image : spelled.image
        out.open(tags)
        out.write(source, .url)
        out.close(tags)
    }

    private mutating func renderFormatting(_ node: CMarkNode, entering: Bool, tags: [TagPair]) {
        if entering {
            openFormatting(tags, for: node)
        } else {
            closeHTML(ownedBy: node)
            closeFormatting(for: node)
        }
    }

    /// Inside a plain tag formatting cannot show, so it is left out rather than printed.
    private mutating func openFormatting(_ tags: [TagPair], for node: CMarkNode) {
        let shown = out.isInPlainContext ? [] : tags
        for tag in shown { out.open(tag) }
        closers.append(shown)
    }

    private mutating func closeFormatting(for node: CMarkNode) {
        guard let tags = closers.popLast() else { return }
        for tag in tags.reversed() { out.close(tag) }
    }

    // MARK: - Helpers

    /// Whether a link's only child is text that reads as its address. The bytes are compared
    /// first, so that the Strings (which compare by canonical equivalence) are made only when
    /// they differ outside ASCII: every link is asked this on entry and exit.
    static func isInsideLink(_ node: CMarkNode) -> Bool {
        var ancestor = node.parent
        while let current = ancestor {
            if current.type == CMARK_NODE_LINK { return true }
            ancestor = current.parent
        }
        return false
    }

    static func isAutolink(_ link: CMarkNode) -> Bool {
        guard let child = link.firstChild, child.type == CMARK_NODE_TEXT, child.next == nil else { return false }
        let text = child.literalBytes
        let url = link.urlBytes
        if text.elementsEqual(url) { return true }
        if text.allSatisfy({ $0 < 0x80 }) && url.allSatisfy({ $0 < 0x80 }) { return false }
        return child.literal == link.url
    }

    static func isWebAddress(_ url: String) -> Bool {
        let lower = url.drop(while: { $0 == " " }).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }


    static func droppingFinalNewline(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        text.last == UInt8(ascii: "\n") ? UnsafeBufferPointer(rebasing: text.dropLast()) : text
    }

    /// The language of a fenced block, if it is a plain identifier every engine accepts.
    static func codeLanguage(_ info: String) -> String? {
        guard !info.isEmpty, info.utf8.count <= 32,
            info.utf8.allSatisfy({ TagSyntax.isNameByte($0) || $0 == UInt8(ascii: "+") })
        else { return nil }
        return info.lowercased()
    }
}

/// The paired delimiters of one container's text nodes, taken in the order the walk meets them.
struct DelimiterScan {
    let container: CMarkNode
    /// In document order, so the marks of one text node are next to each other.
    let marks: [DelimiterMark]
    private var next = 0

    init(container: CMarkNode, marks: [DelimiterMark]) {
        self.container = container
        self.marks = marks
    }

    /// The marks of `node`, if it is the next text node that has some.
    mutating func take(_ node: CMarkNode) -> ArraySlice<DelimiterMark>? {
        guard next < marks.count, marks[next].node == node else { return nil }
        let start = next
        while next < marks.count, marks[next].node == node { next += 1 }
        return marks[start..<next]
    }
}

/// Stands in for a horizontal rule on engines without one.
enum TextRule {
    static let line = String(repeating: "\u{2500}", count: 20)
}

/// The tags the walker writes most, spelled by the dialect once per conversion.
struct Spellings {
    let bold: [TagPair]
    let italic: [TagPair]
    let quote: TagPair
    let bulletList: TagPair
    let orderedList: TagPair
    let listItem: String
    let image: TagPair
    let largeImage: TagPair?
    let strike: TagPair?
    let inlineSpoiler: TagPair?
    let inlineCode: CodeStyle?

    init(_ dialect: some DialectStrategy) {
        bold = [dialect.bold]
        italic = [dialect.italic]
        quote = dialect.quote
        bulletList = dialect.list(ordered: false)
        orderedList = dialect.list(ordered: true)
        listItem = dialect.listItem
        image = dialect.image
        largeImage = dialect.largeImage
        strike = dialect.strike
        inlineSpoiler = dialect.inlineSpoiler
        inlineCode = dialect.inlineCode
    }
}
