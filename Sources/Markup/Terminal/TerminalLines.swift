/// A run of text in one style.
struct TerminalSegment: Equatable {
    var text: String
    var style: TerminalStyle
}

/// What a block adds to the start of each of its lines: a quote's bar, a list item's number
/// (then blanks of the same width), a code block's indent.
struct TerminalPrefix {
    var first: [TerminalSegment]
    var rest: [TerminalSegment]
    var usedFirst = false
    /// What the rest of a line inside this block is painted with.
    var fill: ThemeColor?
    /// Code and [pre]: lines break only where the text does (and at the edge), never at spaces.
    var preformatted = false
    /// A blank line before and after it, as the page's CSS margins give quotes, code and lists.
    var spaced = false

    init(_ first: [TerminalSegment], rest: [TerminalSegment]? = nil, fill: ThemeColor? = nil,
         preformatted: Bool = false, spaced: Bool = false) {
        self.first = first
        self.rest = rest ?? first
        self.fill = fill
        self.preformatted = preformatted
        self.spaced = spaced
    }
}

/// Lays styled text out in lines of a fixed width, inside nested block prefixes, and writes each
/// line with its background painted out to `width` (or as plain text at depth `.none`).
struct TerminalLines {
    let width: Int
    let depth: ColorDepth
    /// The post's own background, behind everything not inside a block with its own.
    let base: ThemeColor

    private(set) var output = ""
    private var prefixes: [TerminalPrefix] = []
    private var line: [TerminalSegment] = []
    private var lineWidth = 0
    /// The line holds something (text, or a break asked for it); an empty line is still a line.
    private var lineOpen = false
    /// Whether a blank line may go here: not at the top, not after a blank or a block's header.
    private var gapAllowed = false
    /// A spaced block ended: a blank line goes before whatever comes next.
    private var gapPending = false

    init(width: Int, depth: ColorDepth, base: ThemeColor) {
        self.width = width
        self.depth = depth
        self.base = base
    }

    var isPreformatted: Bool { prefixes.last?.preformatted ?? false }
    var hasText: Bool { !line.isEmpty }

    mutating func push(_ prefix: TerminalPrefix) {
        endLine()
        if prefix.spaced && gapAllowed { gapPending = true }
        writeGap()
        prefixes.append(prefix)
        gapAllowed = false
    }

    mutating func pop() {
        endLine()
        if let prefix = prefixes.popLast(), prefix.spaced {
            gapAllowed = true
            gapPending = true
        }
    }

    /// Adds text that must not break at its spaces (`[image: URL]`); it still may before it.
    mutating func addUnbroken(_ text: String, style: TerminalStyle) {
        addWord(TerminalText.printable(text, column: lineWidth), style: style)
    }

    /// Adds text in `style`, wrapping at spaces (or anywhere, in preformatted blocks).
    mutating func add(_ text: String, style: TerminalStyle) {
        let text = TerminalText.printable(text, column: lineWidth)
        if isPreformatted {
            for character in text { addCharacter(character, style: style) }
            return
        }
        var word = ""
        for character in text {
            if character == " " {
                addWord(word, style: style)
                word = ""
                // A space that would end a line is dropped with the break; none starts a line.
                if lineWidth > 0 && lineWidth < available { append(" ", style: style, width: 1) }
            } else {
                word.append(character)
            }
        }
        addWord(word, style: style)
    }

    /// A line break in the post.
    mutating func breakLine() {
        lineOpen = true
        endLine()
    }

    /// Ends the line if anything is on it (blocks start and end on lines of their own).
    mutating func endLine() {
        guard lineOpen || !line.isEmpty else { return }
        emit()
    }

    /// A line of its own, whatever the wrapping (a quote's header, a rule). A `header` is not
    /// followed by a blank line even when a spaced block comes next.
    mutating func addLine(_ segments: [TerminalSegment], header: Bool = false) {
        endLine()
        line = segments
        lineWidth = segments.reduce(0) { $0 + TerminalText.width(of: $1.text) }
        emit()
        if header { gapAllowed = false }
    }

    /// Columns left for content after the prefixes.
    var available: Int {
        let used = prefixes.reduce(0) { total, prefix in
            total + TerminalText.width(of: (prefix.usedFirst ? prefix.rest : prefix.first).map(\.text).joined())
        }
        return max(width - used, 8)
    }

    private mutating func addWord(_ word: String, style: TerminalStyle) {
        guard !word.isEmpty else { return }
        let wordWidth = TerminalText.width(of: word)
        if lineWidth > 0 && lineWidth + wordWidth > available {
            // Drop the space the previous word left, then wrap.
            if let last = line.last, last.text.hasSuffix(" ") {
                line[line.count - 1].text.removeLast()
                lineWidth -= 1
            }
            emit()
        }
        if wordWidth > available {
            for character in word { addCharacter(character, style: style) }
        } else {
            append(word, style: style, width: wordWidth)
        }
    }

    private mutating func addCharacter(_ character: Character, style: TerminalStyle) {
        let characterWidth = TerminalText.width(of: character)
        if lineWidth + characterWidth > available { emit() }
        append(String(character), style: style, width: characterWidth)
    }

    private mutating func append(_ text: String, style: TerminalStyle, width: Int) {
        if let last = line.last, last.style == style {
            line[line.count - 1].text += text
        } else {
            line.append(TerminalSegment(text: text, style: style))
        }
        lineWidth += width
    }

    /// Writes the current line with its prefixes and starts the next.
    private mutating func emit() {
        let blank = line.isEmpty
        // A break right after a spaced block is the blank line the block asked for.
        if gapPending && blank {
            gapPending = false
        }
        writeGap()
        var segments: [TerminalSegment] = []
        for index in prefixes.indices {
            segments += prefixes[index].usedFirst ? prefixes[index].rest : prefixes[index].first
            prefixes[index].usedFirst = true
        }
        segments += line
        write(segments)
        line = []
        lineWidth = 0
        lineOpen = false
        gapAllowed = !blank
    }

    /// The blank line a spaced block asked for, inside the blocks still open (their bars go on,
    /// a list item's number does not).
    private mutating func writeGap() {
        guard gapPending else { return }
        gapPending = false
        write(prefixes.flatMap(\.rest))
    }

    private mutating func write(_ segments: [TerminalSegment]) {
        let fill = prefixes.last { $0.fill != nil }?.fill ?? base
        if depth == .none {
            var text = segments.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            output += text + "\n"
        } else {
            for segment in segments where !segment.text.isEmpty {
                output += segment.style.escape(at: depth) + segment.text
            }
            // Paint the rest of the line with spaces in its background, out to the width the
            // post is laid out in, so every line is painted equally wide. (Erase-to-end-of-line
            // would depend on the terminal: it eats the last character of a line that exactly
            // fills it, and captured or recorded output has no cells for it.)
            let used = segments.reduce(0) { $0 + TerminalText.width(of: $1.text) }
            if used < width {
                output += TerminalStyle(background: fill).escape(at: depth)
                    + String(repeating: " ", count: width - used)
            }
            output += TerminalStyle.reset + "\n"
        }
    }
}
