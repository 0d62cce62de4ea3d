/// A post drawn in a terminal as the forum would show it, in a theme's colours: bold, italics,
/// underline and strike; quotes as indented blocks under their "name posted:" line; code blocks;
/// numbered lists; links as their text with the URL; spoilers on their bar; images as
/// `[image: URL]`. At depth `.none` the same layout comes out as plain text.
public struct TerminalRenderer: Sendable {
    public var theme: Theme
    public var depth: ColorDepth
    /// Columns to lay the post out in (the terminal's width).
    public var width: Int
    /// What to write for an image in place of its address (`[image: LABEL]`): a preview's local
    /// image, named by its stand-in URL, is shown by its file name and size.
    public var imageLabels: [String: String]

    public init(theme: Theme, depth: ColorDepth, width: Int, imageLabels: [String: String] = [:]) {
        self.theme = theme
        self.depth = depth
        self.width = max(width, 20)
        self.imageLabels = imageLabels
    }

    /// The post, with `header` (the poster's name) on a bar above it when given.
    public func render(_ document: BBCodeDocument, header: String? = nil) -> String {
        var walker = TerminalWalker(theme: theme, depth: depth, width: width, document: document, imageLabels: imageLabels)
        return walker.render(header: header)
    }
}

/// One walk over the tree: a `switch` over roles on enter, and on exit whatever the enter left
/// to undo (cmark's renderers read the same way).
private struct TerminalWalker {
    let theme: Theme
    let document: BBCodeDocument
    let engine: BBCodeEngine
    let plain: Bool
    let imageLabels: [String: String]
    var lines: TerminalLines

    /// What closing an element does, pushed when it opens.
    enum Closer {
        case nothing
        case inline
        case block(inline: Bool)
        /// `textStart`: where the link's text begins in `linkText`, in UTF-8 bytes.
        case link(href: String, textStart: Int)
        case literal(String)
        case spoilerText
        /// The code's box, then the block around it and its label.
        case codeBlock
        case list
    }

    private var closers: [Closer] = []
    /// The text and background of the innermost block, then the inline styles inside it.
    private var blockStyles: [TerminalStyle]
    private var inlineStyles: [(inout TerminalStyle) -> Void] = []
    /// The visible text of open links, to tell whether the URL needs writing after it.
    private var linkText = ""
    /// Counters for the open lists: (style, next number).
    private var lists: [(style: BBCodeListStyle, next: Int)] = []
    private var tableCells: [Int] = []

    init(theme: Theme, depth: ColorDepth, width: Int, document: BBCodeDocument, imageLabels: [String: String]) {
        self.theme = theme
        self.document = document
        self.imageLabels = imageLabels
        self.engine = document.dialect.bbcodeEngine
        self.plain = depth == .none
        self.lines = TerminalLines(width: width, depth: depth, base: theme.color(.postBackground))
        self.blockStyles = [TerminalStyle(foreground: theme.color(.textColor), background: theme.color(.postBackground))]
    }

    var style: TerminalStyle {
        var style = blockStyles.last ?? TerminalStyle()
        for apply in inlineStyles { apply(&style) }
        return style
    }

    mutating func render(header: String?) -> String {
        if let header {
            let bar = TerminalStyle(foreground: theme.color(.postHeaderColor),
                                    background: theme.color(.postHeaderBackground), bold: true)
            lines.push(TerminalPrefix([], fill: theme.color(.postHeaderBackground)))
            lines.addLine([TerminalSegment(text: " " + header, style: bar)])
            lines.pop()
        }
        document.walk { event in
            switch event {
            case .enter(let node):
                switch node.kind {
                case .root: break
                case .text(let text): write(text)
                case .lineBreak: lines.breakLine()
                case .element(let element): return enter(node, element)
                }
            case .exit(let node):
                guard node.element != nil, let closer = closers.popLast() else { break }
                exit(closer)
            }
            return .proceed
        }
        lines.endLine()
        return lines.output
    }

    private mutating func write(_ text: String, style override: TerminalStyle? = nil, unbroken: Bool = false) {
        if unbroken {
            lines.addUnbroken(text, style: override ?? style)
        } else {
            lines.add(text, style: override ?? style)
        }
        linkText += text
    }

    private mutating func enter(_ node: BBCodeNode, _ element: BBCodeElement) -> BBCodeDocument.WalkStep {
        let c = theme.color
        switch element.role {
        case .bold:
            inline { $0.bold = true; $0.foreground = c(.accentBold) }
        case .heading:
            startBlock(TerminalPrefix([], spaced: true), inline: true)
            inlineStyles.append { $0.bold = true; $0.foreground = c(.accentBold) }
        case .italic:
            inline { $0.italic = true; $0.foreground = c(.accentItalic) }
        case .underline:
            inline { $0.underline = true; $0.foreground = c(.accentUnderline) }
        case .strike:
            inline { $0.strike = true; $0.foreground = c(.accentStrike) }
        case .color:
            let color = element.option.flatMap { ThemeColor(hex: $0) }
            inline { if let color { $0.foreground = color } }
        case .fixed, .inlineCode:
            inline { $0.foreground = c(.fixedColor) }
        case .spoiler, .inlineSpoiler:
            if plain {
                write("[spoiler: ")
                closers.append(.spoilerText)
            } else {
                inline { $0.foreground = c(.spoilerColor); $0.background = c(.spoilerBackground) }
            }
        case .link, .email, .threadLink, .postLink:
            inlineStyles.append { $0.foreground = c(.linkColor); $0.underline = true }
            closers.append(.link(href: BBCodeLinks.href(of: node, in: document) ?? "", textStart: linkText.utf8.count))
        case .image:
            guard let source = BBCodeLinks.imageSource(of: node, in: document) else {
                // An address the engine would not show as a picture stays as typed, as on the forum.
                write(element.openingTag)
                closers.append(.literal(element.closingTag ?? ""))
                return .proceed
            }
            write("[image: \(imageLabels[source] ?? source)]", style: accent(.accentImage), unbroken: true)
            return .skipChildren
        case .video:
            if let href = BBCodeLinks.href(of: node, in: document) {
                write("[video: \(href)]", style: accent(.accentImage), unbroken: true)
                return .skipChildren
            }
            closers.append(.nothing)
        case .quote:
            let bar = TerminalSegment(text: "│ ", style: TerminalStyle(foreground: c(.quoteBorder), background: c(.quoteBackground)))
            startBlock(TerminalPrefix([bar], fill: c(.quoteBackground), spaced: true),
                       style: TerminalStyle(foreground: c(.quoteColor), background: c(.quoteBackground)))
            if let header = engine.quoteHeader(of: element) {
                lines.addLine([TerminalSegment(text: header, style: TerminalStyle(
                    foreground: c(.quoteHeaderColor), background: c(.quoteHeaderBackground), bold: true))], header: true)
            }
        case .code:
            // As on the forum: a "code:" label, then the code in its box.
            lines.push(TerminalPrefix([], spaced: true))
            lines.addLine([TerminalSegment(text: "code:", style: TerminalStyle(
                foreground: c(.textColor), background: c(.postBackground), bold: true))], header: true)
            let indent = TerminalSegment(text: "  ", style: TerminalStyle(background: c(.codeBackground)))
            startBlock(TerminalPrefix([indent], fill: c(.codeBackground), preformatted: true),
                       style: TerminalStyle(foreground: c(.codeColor), background: c(.codeBackground)))
            closers[closers.count - 1] = .codeBlock
        case .preformatted:
            startBlock(TerminalPrefix([], preformatted: true, spaced: true))
        case .list:
            lists.append((engine.listStyle(option: element.option), 1))
            startBlock(TerminalPrefix([], spaced: true))
            closers[closers.count - 1] = .list
        case .listItem:
            let marker = nextMarker()
            let blank = String(repeating: " ", count: TerminalText.width(of: marker))
            let base = blockStyles.last ?? style
            startBlock(TerminalPrefix([TerminalSegment(text: marker, style: accent(.accentListMarker, on: base))],
                                      rest: [TerminalSegment(text: blank, style: base)]))
        case .indent:
            startBlock(TerminalPrefix([TerminalSegment(text: "    ", style: blockStyles.last ?? style)]))
        case .horizontalRule:
            lines.addLine([TerminalSegment(text: String(repeating: "─", count: lines.available),
                                           style: TerminalStyle(foreground: c(.postBorder), background: c(.postBackground)))])
            closers.append(.nothing)
        case .tableRow:
            tableCells.append(0)
            startBlock(TerminalPrefix([]))
        case .tableCell, .tableHeaderCell:
            if let count = tableCells.last {
                if count > 0 { write(" │ ", style: accent(.postBorder)) }
                tableCells[tableCells.count - 1] = count + 1
            }
            if element.role == .tableHeaderCell { inline { $0.bold = true } } else { closers.append(.nothing) }
        case .attachment:
            write("[attachment: ", style: accent(.accentImage))
            closers.append(.literal("]"))
        case .table:
            startBlock(TerminalPrefix([], spaced: true))
        case .alignLeft, .alignCenter, .alignRight, .alignJustify, .embed:
            startBlock(TerminalPrefix([]))
        case .subscript, .superscript, .size, .font, .highlight, .noParse, .mention:
            closers.append(.nothing)
        }
        return .proceed
    }

    private mutating func exit(_ closer: Closer) {
        switch closer {
        case .nothing:
            break
        case .inline:
            inlineStyles.removeLast()
        case .block(let inline):
            if inline { inlineStyles.removeLast() }
            blockStyles.removeLast()
            lines.pop()
        case .link(let href, let textStart):
            inlineStyles.removeLast()
            let text = String(decoding: linkText.utf8.dropFirst(textStart), as: UTF8.self)
            if !href.isEmpty && text.trimmingBlanks() != href && "mailto:" + text.trimmingBlanks() != href {
                if !text.isEmpty { write(" ") }
                write(text.isEmpty ? href : "<\(href)>", style: accent(.linkColor), unbroken: true)
            }
        case .literal(let text):
            write(text)
        case .spoilerText:
            write("]")
        case .codeBlock:
            blockStyles.removeLast()
            lines.pop()
            lines.pop()
        case .list:
            lists.removeLast()
            blockStyles.removeLast()
            lines.pop()
        }
        if inlineStyles.isEmpty && closers.isEmpty { linkText = "" }
    }

    private mutating func inline(_ apply: @escaping (inout TerminalStyle) -> Void) {
        inlineStyles.append(apply)
        closers.append(.inline)
    }

    /// A block: its own lines, a prefix on each, and (optionally) its own colours inside.
    private mutating func startBlock(_ prefix: TerminalPrefix, style: TerminalStyle? = nil, inline: Bool = false) {
        lines.push(prefix)
        blockStyles.append(style ?? blockStyles.last ?? TerminalStyle())
        closers.append(.block(inline: inline))
    }

    /// A theme colour as foreground on the current background.
    private func accent(_ key: ThemeKey, on base: TerminalStyle? = nil) -> TerminalStyle {
        var style = base ?? blockStyles.last ?? TerminalStyle()
        style.foreground = theme.color(key)
        return style
    }

    /// "• " or "1. ", "b. ", "iv. " for the innermost list.
    private mutating func nextMarker() -> String {
        guard let list = lists.last else { return "• " }
        lists[lists.count - 1].next += 1
        switch list.style {
        case .bullet: return "• "
        case .decimal: return "\(list.next). "
        case .lowerAlpha: return ListNumbers.letters(list.next) + ". "
        case .upperAlpha: return ListNumbers.letters(list.next).uppercased() + ". "
        case .lowerRoman: return ListNumbers.roman(list.next) + ". "
        case .upperRoman: return ListNumbers.roman(list.next).uppercased() + ". "
        }
    }
}

/// How HTML numbers `<ol type="a">` and `<ol type="i">`, which is what the forum shows.
enum ListNumbers {
    /// a, b, ... z, aa, ab, ...
    static func letters(_ number: Int) -> String {
        var n = max(number, 1)
        var out = ""
        while n > 0 {
            n -= 1
            out = String(UnicodeScalar(UInt8(97 + n % 26))) + out
            n /= 26
        }
        return out
    }

    static func roman(_ number: Int) -> String {
        guard number > 0 && number < 4000 else { return String(number) }
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var n = number
        var out = ""
        for (value, letters) in table {
            while n >= value { out += letters; n -= value }
        }
        return out
    }
}
