/// How a piece of text must be escaped on its way into the BBCode. Every write names one,
/// as cmark's own renderers do (LITERAL, NORMAL, URL, TITLE).
enum Escaping {
    /// Our own markup: written as it is.
    case markup
    /// Text of the post where the engine reads tags. `strict` neutralises every tag-like
    /// sequence; otherwise tags the author typed pass through on purpose.
    case prose(strict: Bool)
    /// Text inside a plain tag (code): only a closing tag of something open can escape,
    /// so those are split out of the plain tag.
    case plain
    /// A link or image target inside `[url=...]` or `[img]...[/img]`.
    case url
}

/// The output buffer: tags, escaped text, and the line structure between blocks.
/// Newlines are meaningful on a forum (each one is a line break), so blank lines are
/// only written when the next block actually arrives, never at the end.
///
/// With a sink, the buffer is handed over whenever it passes `chunkSize` (all of it but the
/// last byte, which a following `[` or `&` may still have to be joined with), so a document
/// of any size is written through a buffer of about that size.
struct BBCodeWriter<Dialect: DialectStrategy> {
    /// What has been written and not yet handed to the sink (all of it, without one).
    private(set) var bytes: [UInt8] = []
    private let sink: BBCodeSink?
    private let chunkSize: Int
    /// Whether any byte was written at all, handed over or not.
    private var hasOutput = false
    private var pendingNewlines = 0
    /// Tags open in the output, innermost last: in a plain context, a closing tag for any
    /// of them would end the context early (vBulletin's parser closes across stop_parse).
    private var openTags: [TagPair] = []
    /// How many of the open tags have each name: whether `[/name` closes one is then a lookup,
    /// not a walk through thousands of open tags for every `[/` in a code span. Made the first
    /// time it is asked (most posts have no `[/` in their code) and kept up to date from then on,
    /// so that opening and closing tags costs no hashing until then.
    private var openNames: [String: Int]?
    /// How many of the open tags are plain (code) tags.
    private var plainDepth = 0
    /// For each open list, innermost last: the tags the author typed in it and left open, by
    /// name. A closing tag the author typed in a list with none of its name open there could only
    /// close a tag opened before the list, across the list: vBulletin would then close the list
    /// and open it again without its items, and drop the text up to the next `[*]`. Such a
    /// closing tag is written as text (the tag it would close then shows as typed).
    private var authorTagsInLists: [[String: Int]] = []
    /// An author's tag being read in prose inside a list: where its `[` is (counted from the
    /// first byte ever written, as the buffer may have been handed to the sink since), whether
    /// it closes, and its name so far. Tags reach the writer in pieces (cmark splits text at `[`).
    private var authorTag: (start: Int, closing: Bool, name: [UInt8])?
    /// How many bytes have gone to the sink: positions in `authorTag` are counted from the start.
    private var handedOver = 0
    private let dialect: Dialect

    init(dialect: Dialect, capacity: Int = 0, sink: BBCodeSink? = nil, chunkSize: Int = 1 << 16) {
        self.dialect = dialect
        self.sink = sink
        self.chunkSize = chunkSize
        bytes.reserveCapacity(sink == nil ? capacity : chunkSize + chunkSize / 2)
    }

    /// Hands whatever is left to the sink; the end of the document.
    mutating func finish() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { sink($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands all but the last byte to the sink once the buffer is full.
    private mutating func drainIfFull() {
        guard let sink, bytes.count >= chunkSize else { return }
        let count = bytes.count - 1
        bytes.withUnsafeBufferPointer { sink(UnsafeBufferPointer(rebasing: $0[..<count])) }
        bytes.removeFirst(count)
        handedOver += count
    }

    /// Whether anything at all has been written.
    var isEmpty: Bool { !hasOutput }

    var isInPlainContext: Bool { plainDepth > 0 }

    // MARK: - Line structure

    /// Asks for `count` newlines (1: a new line, 2: a blank line) before the next output.
    mutating func separate(_ count: Int) {
        pendingNewlines = max(pendingNewlines, count)
    }

    /// Exactly one newline before the next output, whatever was asked before: a closing
    /// container tag goes on its own line, without a blank line above it.
    mutating func startLine() {
        pendingNewlines = 1
    }

    /// A line break inside a block.
    mutating func lineBreak() {
        flushSeparation()
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Every write starts here: the separation asked for, written now that output follows.
    private mutating func flushSeparation() {
        drainIfFull()
        if pendingNewlines > 0, hasOutput {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: pendingNewlines))
        }
        pendingNewlines = 0
        hasOutput = true
    }

    // MARK: - Tags

    mutating func open(_ tag: TagPair, content: TagContent = .parsed) {
        write(tag.openUTF8, .markup)
        if tag.name == "list" { authorTagsInLists.append([:]) }
        openTags.append(tag)
        openNames?[tag.name, default: 0] += 1
        if content == .plain { plainDepth += 1 }
    }

    mutating func close(_ tag: TagPair, content: TagContent = .parsed) {
        write(tag.closeUTF8, .markup)
        if tag.name == "list" { authorTagsInLists.removeLast() }
        if let index = openTags.lastIndex(of: tag) {
            openTags.remove(at: index)
            openNames?[tag.name, default: 1] -= 1
        }
        if content == .plain { plainDepth -= 1 }
    }

    // MARK: - Text

    mutating func write(_ text: String, _ escaping: Escaping) {
        if case .markup = escaping {
            // Tags, mostly: appended straight from the string's storage.
            if text.isEmpty { return }
            authorTag = nil
            flushSeparation()
            // A native string's bytes are one memcpy; the UTF8View's iterator is the fallback.
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
            return
        }
        var text = text
        text.withUTF8 { write($0, escaping) }
    }

    /// The same for bytes spelled in advance (tags).
    mutating func write(_ text: [UInt8], _ escaping: Escaping) {
        text.withUnsafeBufferPointer { write($0, escaping) }
    }

    /// The same for bytes straight from cmark's tree (no String is made for them).
    mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ escaping: Escaping) {
        if text.isEmpty { return }
        flushSeparation()
        switch escaping {
        case .markup:
            authorTag = nil
            bytes.append(contentsOf: text)
        case .prose(let strict):
            let start = bytes.count
            writeProse(text, strict: strict)
            if !strict, !authorTagsInLists.isEmpty { readAuthorTags(from: start) }
        case .plain:
            writePlain(text)
        case .url:
            URLEscaping.append(text, to: &bytes)
        }
    }

    /// In prose, a `[` that could start a tag is written the dialect's literal way. Outside
    /// strict mode only what no author means as markup is neutralised: a numeric character
    /// reference, on engines that would decode it.
    private mutating func writeProse(_ utf8: UnsafeBufferPointer<UInt8>, strict: Bool) {
        // A `[` or `&` written just before (with markup dropped in between) joins this text.
        if let last = bytes.last, let first = utf8.first, let literal = replacement(last, before: first, strict: strict) {
            bytes.removeLast()
            bytes.append(contentsOf: literal.utf8)
        }
        var start = 0
        var index = 0
        let count = utf8.count
        while index < count - 1 {
            // Eight bytes at a time past text with neither `[` nor `&` in it, as most text is.
            if index + 8 < count, !Self.mayHoldBracketOrAmpersand(utf8, at: index) {
                index += 8
                continue
            }
            let byte = utf8[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "&"),
                let literal = replacement(byte, before: utf8[index + 1], strict: strict)
            {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                bytes.append(contentsOf: literal.utf8)
                start = index + 1
            }
            index += 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// Follows the author's tags in what prose just wrote (from `start` in the buffer) inside a
    /// list; see `authorTagsInLists`.
    private mutating func readAuthorTags(from start: Int) {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                authorTag = (handedOver + index, false, [])
            } else if var tag = authorTag {
                let letter = byte | 0x20
                if byte == UInt8(ascii: "/"), tag.name.isEmpty, !tag.closing {
                    tag.closing = true
                    authorTag = tag
                } else if letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z"), tag.name.count < 16 {
                    tag.name.append(letter)
                    authorTag = tag
                } else if !tag.name.isEmpty, byte == UInt8(ascii: "]") || (byte == UInt8(ascii: "=") && !tag.closing) {
                    authorTag = nil
                    let name = String(decoding: tag.name, as: UTF8.self)
                    let open = authorTagsInLists[authorTagsInLists.count - 1][name, default: 0]
                    if !tag.closing {
                        authorTagsInLists[authorTagsInLists.count - 1][name] = open + 1
                    } else if open > 0 {
                        authorTagsInLists[authorTagsInLists.count - 1][name] = open - 1
                    } else if tag.start >= handedOver {
                        // The `[` as text, the dialect's way: the tag is shown as typed.
                        let literal = Array(dialect.literalBracket.utf8)
                        bytes.replaceSubrange((tag.start - handedOver)...(tag.start - handedOver), with: literal)
                        index += literal.count - 1
                    }
                } else {
                    authorTag = nil
                }
            }
            index += 1
        }
    }

    /// Whether any of the eight bytes at `index` is a `[` or an `&` (the usual test for a zero
    /// byte, after XOR with each: exact, no false answers either way).
    private static func mayHoldBracketOrAmpersand(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        func hasZeroByte(_ value: UInt64) -> Bool {
            (value &- 0x0101_0101_0101_0101) & ~value & 0x8080_8080_8080_8080 != 0
        }
        return hasZeroByte(word ^ 0x5B5B_5B5B_5B5B_5B5B) || hasZeroByte(word ^ 0x2626_2626_2626_2626)
    }

    /// What to write for `byte` when `next` follows it and the pair could be read as the start
    /// of a tag (strict mode) or of a numeric character reference; nil to write it as it is.
    private func replacement(_ byte: UInt8, before next: UInt8, strict: Bool) -> String? {
        if byte == UInt8(ascii: "["), strict, TagSyntax.startsTagName(next) { return dialect.literalBracket }
        if byte == UInt8(ascii: "&"), next == UInt8(ascii: "#") { return dialect.literalAmpersand }
        return nil
    }

    /// In a plain tag, text is shown as typed, except that a closing tag for anything open
    /// would end it. A line holding one is lifted out whole: the plain tags close before it,
    /// it is written as neutralised prose, and they open again after it, so the line breaks
    /// a reader sees stay where they were.
    private mutating func writePlain(_ utf8: UnsafeBufferPointer<UInt8>) {
        var lineStart = 0
        while lineStart < utf8.count {
            var lineEnd = lineStart
            while lineEnd < utf8.count, utf8[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = UnsafeBufferPointer(rebasing: utf8[lineStart..<lineEnd])
            if containsOpenTagsCloser(line) {
                let plainTags = openTags.suffix(plainDepth)
                for tag in plainTags.reversed() { bytes.append(contentsOf: tag.closeUTF8) }
                bytes.append(UInt8(ascii: "\n"))
                writeProse(line, strict: true)
                bytes.append(UInt8(ascii: "\n"))
                for tag in plainTags { bytes.append(contentsOf: tag.openUTF8) }
            } else {
                bytes.append(contentsOf: line)
            }
            if lineEnd < utf8.count { bytes.append(UInt8(ascii: "\n")) }
            lineStart = lineEnd + 1
        }
    }

    /// Whether `text` holds a closing tag for a tag now open, or for `extra` (a tag about to
    /// be opened around it): the test for whether text fits inside a plain tag as it is.
    mutating func containsOpenTagsCloser(_ text: UnsafeBufferPointer<UInt8>, extra: TagPair? = nil) -> Bool {
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "["), closingTagLength(text, at: index, extra: extra) != nil { return true }
            index += 1
        }
        return false
    }

    /// Whether a tag named `name` (lower case) is open.
    private mutating func isOpen(_ name: String) -> Bool {
        if openNames == nil {
            openNames = Dictionary(openTags.map { ($0.name, 1) }, uniquingKeysWith: +)
        }
        return (openNames?[name] ?? 0) > 0
    }

    /// If `[/name` at `index` closes a tag that is open, the length up to and including
    /// its `]` (or to the end of the name when there is none).
    private mutating func closingTagLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, extra: TagPair? = nil) -> Int? {
        var cursor = index + 1
        guard cursor < utf8.count, utf8[cursor] == UInt8(ascii: "/") else { return nil }
        cursor += 1
        let nameStart = cursor
        while cursor < utf8.count, TagSyntax.isNameByte(utf8[cursor]) { cursor += 1 }
        guard cursor > nameStart else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: utf8[nameStart..<cursor]), as: UTF8.self).lowercased()
        guard extra?.name == name || isOpen(name) else { return nil }
        if cursor < utf8.count, utf8[cursor] == UInt8(ascii: "]") { cursor += 1 }
        return cursor - index
    }
}

/// What BBCode tokenizers take for the start of a tag name.
enum TagSyntax {
    static func startsTagName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*") || isNameByte(byte)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}

/// URLs keep every byte a browser would send, but the ones a BBCode tokenizer could read
/// as the end of the tag or of its option are percent-encoded.
enum URLEscaping {
    static func append(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        for byte in text {
            if needsEscaping(byte) {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            } else {
                bytes.append(byte)
            }
        }
    }

    /// A URL escaped for a tag option, for tags built before they are written. Most need no
    /// escaping and come back as they are.
    static func encode(_ url: String) -> String {
        var url = url
        var bytes: [UInt8] = []
        url.withUTF8 { utf8 in
            guard utf8.contains(where: needsEscaping) else { return }
            bytes.reserveCapacity(utf8.count + 16)
            append(utf8, to: &bytes)
        }
        return bytes.isEmpty ? url : String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\\"),
            UInt8(ascii: "`"), 0x00...0x1F, 0x7F...0xFF:
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
