/// A piece of BBCode source: a run of text or a tag candidate, by byte range.
struct BBCodeToken: Equatable {
    enum Kind: Equatable {
        case text
        /// `name` is lower case; `*` is the list item.
        case open(name: String, option: String?, attributes: [BBCodeAttribute])
        case close(name: String)
    }

    var kind: Kind
    var range: Range<Int>
}

/// Finds the next occurrence of a one- or two-byte needle at or after a position.
/// The engines search forward with `strpos` from every `[`; remembering the last answer keeps a
/// flood of `[` without any `]` linear instead of quadratic.
struct ForwardSearch {
    let first: UInt8
    let second: UInt8?
    private var queriedFrom = Int.max
    private var answer: Int?

    init(_ first: UInt8, _ second: UInt8? = nil) {
        self.first = first
        self.second = second
    }

    mutating func next(in bytes: [UInt8], from position: Int) -> Int? {
        if position >= queriedFrom {
            guard let found = answer else { return nil }
            if position <= found { return found }
        }
        queriedFrom = position
        answer = nil
        var index = position
        let end = bytes.count - (second == nil ? 0 : 1)
        while index < end {
            if bytes[index] == first, second.map({ bytes[index + 1] == $0 }) ?? true {
                answer = index
                break
            }
            index += 1
        }
        return answer
    }
}

enum Byte {
    static let open = UInt8(ascii: "["), close = UInt8(ascii: "]"), slash = UInt8(ascii: "/")
    static let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
    static let star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
    static let underscore = UInt8(ascii: "_"), hyphen = UInt8(ascii: "-")

    /// PCRE's `\w` without the u flag.
    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == underscore
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == 0x0B || byte == 0x0C || byte == 0x0D
    }
}

extension Array where Element == UInt8 {
    func string(_ range: Range<Int>) -> String { String(decoding: self[range], as: UTF8.self) }
    func lowercasedString(_ range: Range<Int>) -> String { string(range).lowercased() }
}

/// vBulletin's tokenizer (`build_parse_array`): find `[`, then the next `]`; an `=` before that
/// `]` starts an option, which may be quoted with `"` or `'` and then runs to `"]`; a tag the
/// engine does not know (or an option it rejects) leaves only its `[` as text.
struct VBulletinScanner {
    let bytes: [UInt8]
    let engine: BBCodeEngine
    private var position = 0
    private var closeBracket = ForwardSearch(Byte.close)
    private var equals = ForwardSearch(Byte.equals)
    private var quoteClose = ForwardSearch(Byte.quote, Byte.close)
    private var apostropheClose = ForwardSearch(Byte.apostrophe, Byte.close)
    private var openBracket = ForwardSearch(Byte.open)

    init(bytes: [UInt8], engine: BBCodeEngine) {
        self.bytes = bytes
        self.engine = engine
    }

    mutating func next() -> BBCodeToken? {
        let count = bytes.count
        guard position < count else { return nil }
        guard let open = openBracket.next(in: bytes, from: position) else {
            return text(upTo: count)
        }
        if open > position { return text(upTo: open) }
        guard open + 1 < count, let close = closeBracket.next(in: bytes, from: open + 1) else {
            return text(upTo: open + 1)
        }
        let closing = bytes[open + 1] == Byte.slash
        let nameStart = open + (closing ? 2 : 1)
        let optionStart = closing ? nil : equals.next(in: bytes, from: nameStart)

        guard let equalsAt = optionStart, equalsAt < close else {
            let name = bytes.lowercasedString(nameStart..<max(nameStart, close))
            if closing {
                guard engine.rule(for: name) != nil else { return text(upTo: nameStart) }
                return token(.close(name: name), upTo: close + 1)
            }
            guard let rule = engine.rule(for: name), rule.accepts(option: nil) else { return text(upTo: open + 1) }
            return token(.open(name: name, option: nil, attributes: []), upTo: close + 1)
        }

        let name = bytes.lowercasedString(nameStart..<equalsAt)
        guard let rule = engine.rule(for: name), rule.option != .forbidden else { return text(upTo: open + 1) }
        var valueStart = equalsAt + 1
        var valueEnd = close
        var end = close + 1
        var delimiter: UInt8?
        if equalsAt + 1 < count, bytes[equalsAt + 1] == Byte.quote || bytes[equalsAt + 1] == Byte.apostrophe {
            let quote = bytes[equalsAt + 1]
            let found =
                quote == Byte.quote
                ? quoteClose.next(in: bytes, from: equalsAt + 2)
                : apostropheClose.next(in: bytes, from: equalsAt + 2)
            if let found {
                delimiter = quote
                valueStart = equalsAt + 2
                valueEnd = found
                end = found + 2
            }
        }
        // Checked options (colours, sizes, fonts) are short; a long one is rejected unread, which
        // keeps a flood of `[color="` linear.
        if rule.optionCheck != nil, valueEnd - valueStart > 1_000 { return text(upTo: open + 1) }
        var option = decodeReferences(bytes.string(valueStart..<valueEnd))
        var attributes: [BBCodeAttribute] = []
        if rule.namedAttributes, delimiter == Byte.quote, let split = Self.splitNamedAttributes(option) {
            (option, attributes) = split
        }
        guard rule.accepts(option: option) else { return text(upTo: open + 1) }
        return token(.open(name: name, option: option, attributes: attributes), upTo: end)
    }

    /// Something Awful's `[quote="name" post="1"]`: vBulletin's scanner reads the option as
    /// `name" post="1` (from the first `"` to the last `"]`); split it into the name and attributes.
    static func splitNamedAttributes(_ option: String) -> (String, [BBCodeAttribute])? {
        guard let firstQuote = option.firstIndex(of: "\"") else { return nil }
        let name = String(option[..<firstQuote])
        var rest = Array(option[option.index(after: firstQuote)...].utf8)
        rest.append(Byte.quote)
        var attributes: [BBCodeAttribute] = []
        var index = 0
        while index < rest.count {
            while index < rest.count, rest[index] == Byte.space { index += 1 }
            let keyStart = index
            while index < rest.count, Byte.isWord(rest[index]) { index += 1 }
            guard index > keyStart, index + 1 < rest.count, rest[index] == Byte.equals,
                rest[index + 1] == Byte.quote
            else { return nil }
            let key = rest.lowercasedString(keyStart..<index)
            let valueStart = index + 2
            guard let valueEnd = rest[valueStart...].firstIndex(of: Byte.quote) else { return nil }
            attributes.append(BBCodeAttribute(name: key, value: rest.string(valueStart..<valueEnd)))
            index = valueEnd + 1
        }
        return attributes.isEmpty ? nil : (name, attributes)
    }

    private func decodeReferences(_ value: String) -> String {
        engine.decodesNumericCharacterReferences ? CharacterReferenceDecoder.vBulletinPost.decode(value) : value
    }

    private mutating func text(upTo end: Int) -> BBCodeToken {
        token(.text, upTo: end)
    }

    private mutating func token(_ kind: BBCodeToken.Kind, upTo end: Int) -> BBCodeToken {
        defer { position = end }
        return BBCodeToken(kind: kind, range: position..<end)
    }
}

/// XenForo 2's tokenizer (`XF\BbCode\Parser::parse`): the regex
/// `\[(\w+)( |=|\])|\[/(\w+)]`, then an option (`="..."]`, `='...']` or `=...]`) or
/// `name=value` attributes. Inside a plain tag only that tag's closing tag counts.
struct XenForoScanner {
    let bytes: [UInt8]
    private var position = 0
    private var closeBracket = ForwardSearch(Byte.close)
    private var quoteClose = ForwardSearch(Byte.quote, Byte.close)
    private var apostropheClose = ForwardSearch(Byte.apostrophe, Byte.close)
    private var quoteSpace = ForwardSearch(Byte.quote, Byte.space)
    private var apostropheSpace = ForwardSearch(Byte.apostrophe, Byte.space)
    private var newline = ForwardSearch(Byte.newline)
    private var openBracket = ForwardSearch(Byte.open)

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// `plain`: the name of the open tag whose content is literal, if any.
    mutating func next(plain: String?) -> BBCodeToken? {
        let count = bytes.count
        guard position < count else { return nil }
        guard let open = openBracket.next(in: bytes, from: position) else { return text(upTo: count) }
        if open > position { return text(upTo: open) }

        if open + 2 < count, bytes[open + 1] == Byte.star, bytes[open + 2] == Byte.close {
            // `[*]` is not a tag to XenForo's parser; its list renderer splits on it.
            return plain == nil ? token(.open(name: "*", option: nil, attributes: []), upTo: open + 3) : text(upTo: open + 1)
        }
        if open + 1 < count, bytes[open + 1] == Byte.slash {
            let nameEnd = wordEnd(from: open + 2)
            guard nameEnd > open + 2, nameEnd < count, bytes[nameEnd] == Byte.close else { return text(upTo: open + 1) }
            let name = bytes.lowercasedString(open + 2..<nameEnd)
            if let plain, plain != name { return text(upTo: nameEnd + 1) }
            return token(.close(name: name), upTo: nameEnd + 1)
        }
        let nameEnd = wordEnd(from: open + 1)
        guard nameEnd > open + 1, nameEnd < count,
            [Byte.space, Byte.equals, Byte.close].contains(bytes[nameEnd])
        else { return text(upTo: open + 1) }
        // Inside a plain tag an opening tag is never read: keep its `[` and look again after it.
        if plain != nil { return text(upTo: open + 1) }
        let name = bytes.lowercasedString(open + 1..<nameEnd)
        let fullMatch = nameEnd + 1

        switch bytes[nameEnd] {
        case Byte.close:
            return token(.open(name: name, option: nil, attributes: []), upTo: fullMatch)
        case Byte.space:
            guard let (attributes, end) = attributes(from: fullMatch) else { return text(upTo: fullMatch) }
            return token(.open(name: name, option: nil, attributes: attributes), upTo: end)
        default:
            guard fullMatch < count else { return text(upTo: fullMatch) }
            let quote = bytes[fullMatch]
            if quote == Byte.quote || quote == Byte.apostrophe {
                let end =
                    quote == Byte.quote
                    ? quoteClose.next(in: bytes, from: fullMatch + 1)
                    : apostropheClose.next(in: bytes, from: fullMatch + 1)
                guard let end else { return text(upTo: fullMatch) }
                let option = bytes.string(fullMatch + 1..<end)
                return token(.open(name: name, option: option, attributes: []), upTo: end + 2)
            }
            guard let end = closeBracket.next(in: bytes, from: fullMatch) else { return text(upTo: fullMatch) }
            return token(.open(name: name, option: bytes.string(fullMatch..<end), attributes: []), upTo: end + 1)
        }
    }

    /// `\G\s*(\w+)=(?:(("|')(.*)\3)|([^"'\s\]]+))(?= |\])` repeated (ungreedy), then `]`.
    private mutating func attributes(from start: Int) -> ([BBCodeAttribute], Int)? {
        var index = start
        var result: [BBCodeAttribute] = []
        let count = bytes.count
        // No real tag has dozens of attributes; the cap keeps `[b a=[b a=...` floods linear.
        while result.count < 64 {
            var cursor = index
            while cursor < count, Byte.isSpace(bytes[cursor]) { cursor += 1 }
            let keyEnd = wordEnd(from: cursor)
            guard keyEnd > cursor, keyEnd < count, bytes[keyEnd] == Byte.equals else { break }
            let key = bytes.lowercasedString(cursor..<keyEnd)
            let valueStart = keyEnd + 1
            guard valueStart < count else { break }
            var value: String?
            var after = valueStart
            let first = bytes[valueStart]
            if first == Byte.quote || first == Byte.apostrophe {
                if let end = quotedValueEnd(quote: first, from: valueStart + 1) {
                    value = bytes.string(valueStart + 1..<end)
                    after = end + 1
                }
            } else {
                var probe = valueStart
                while probe < count, !Byte.isSpace(bytes[probe]),
                    ![Byte.quote, Byte.apostrophe, Byte.close].contains(bytes[probe])
                {
                    probe += 1
                }
                if probe > valueStart, probe < count, bytes[probe] == Byte.space || bytes[probe] == Byte.close {
                    value = bytes.string(valueStart..<probe)
                    after = probe
                }
            }
            guard let value else { break }
            result.append(BBCodeAttribute(name: key, value: value))
            index = after
        }
        guard !result.isEmpty, index < count, bytes[index] == Byte.close else { return nil }
        return (result, index + 1)
    }

    /// The closing quote of `(".*")(?= |\])` on one line: the first quote followed by a space
    /// or `]`, unless a newline comes first.
    private mutating func quotedValueEnd(quote: UInt8, from start: Int) -> Int? {
        let candidates =
            quote == Byte.quote
            ? [quoteSpace.next(in: bytes, from: start), quoteClose.next(in: bytes, from: start)]
            : [apostropheSpace.next(in: bytes, from: start), apostropheClose.next(in: bytes, from: start)]
        guard let end = candidates.compactMap({ $0 }).min() else { return nil }
        if let newline = newline.next(in: bytes, from: start), newline < end { return nil }
        return end
    }

    private func wordEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Byte.isWord(bytes[index]) { index += 1 }
        return index
    }

    private mutating func text(upTo end: Int) -> BBCodeToken { token(.text, upTo: end) }

    private mutating func token(_ kind: BBCodeToken.Kind, upTo end: Int) -> BBCodeToken {
        defer { position = end }
        return BBCodeToken(kind: kind, range: position..<end)
    }
}

/// s9e\TextFormatter's BBCode tokenizer (phpBB 3.2+): only names the board knows start a tag;
/// `[name=value attr=value ...]` where values are quoted (with backslash escapes) or unquoted
/// (ending before `]` or before ` attr=`, never across a line). Inside `[code]` only `[/code]` counts.
struct S9eScanner {
    let bytes: [UInt8]
    let engine: BBCodeEngine
    private var position = 0
    private var openBracket = ForwardSearch(Byte.open)
    private var closeBracket = ForwardSearch(Byte.close)
    private var quotes = ForwardSearch(Byte.quote)
    private var apostrophes = ForwardSearch(Byte.apostrophe)
    private var newline = ForwardSearch(Byte.newline)
    private var attributeQueriedFrom = Int.max
    private var attributeAnswer: Int?
    /// Where the last `[/name]` starts, by name (for `forceLookahead`).
    private var lastClosingTag: [String: Int] = [:]

    init(bytes: [UInt8], engine: BBCodeEngine) {
        self.bytes = bytes
        self.engine = engine
    }

    mutating func next(plain: String?) -> BBCodeToken? {
        let count = bytes.count
        guard position < count else { return nil }
        guard let open = openBracket.next(in: bytes, from: position) else { return text(upTo: count) }
        if open > position { return text(upTo: open) }

        let closing = open + 1 < count && bytes[open + 1] == Byte.slash
        let nameStart = open + (closing ? 2 : 1)
        var nameEnd = nameStart
        while nameEnd < count, Byte.isWord(bytes[nameEnd]) || bytes[nameEnd] == Byte.star || bytes[nameEnd] == Byte.hyphen {
            nameEnd += 1
        }
        let name = bytes.lowercasedString(nameStart..<nameEnd)
        guard nameEnd > nameStart, nameEnd < count, engine.rule(for: name) != nil else { return text(upTo: open + 1) }
        if closing {
            guard bytes[nameEnd] == Byte.close, plain == nil || plain == name else { return text(upTo: open + 1) }
            return token(.close(name: name), upTo: nameEnd + 1)
        }
        guard plain == nil else { return text(upTo: open + 1) }
        var cursor = nameEnd
        var option: String?
        if bytes[cursor] == Byte.equals {
            guard let (value, after) = value(from: cursor + 1) else { return text(upTo: open + 1) }
            option = value
            cursor = after
        }
        var attributes: [BBCodeAttribute] = []
        while true {
            var probe = cursor
            while probe < count, Byte.isSpace(bytes[probe]) { probe += 1 }
            guard probe < count else { return text(upTo: open + 1) }
            if bytes[probe] == Byte.close {
                cursor = probe + 1
                break
            }
            guard probe > cursor else { return text(upTo: open + 1) }
            var keyEnd = probe
            while keyEnd < count, Byte.isWord(bytes[keyEnd]) || bytes[keyEnd] == Byte.hyphen { keyEnd += 1 }
            guard keyEnd > probe, keyEnd < count, bytes[keyEnd] == Byte.equals,
                let (value, after) = value(from: keyEnd + 1)
            else { return text(upTo: open + 1) }
            attributes.append(BBCodeAttribute(name: bytes.lowercasedString(probe..<keyEnd), value: value))
            cursor = after
        }
        return token(.open(name: name, option: option, attributes: attributes), upTo: cursor)
    }

    /// Whether `[/name]` (any case) occurs at or after `position`.
    mutating func closingTagFollows(_ name: String, from position: Int) -> Bool {
        if let last = lastClosingTag[name] { return last >= position }
        let needle = Array("[/\(name)]".utf8)
        var last = -1
        var start = bytes.count - needle.count
        while start >= 0 {
            if zip(bytes[start..<start + needle.count], needle).allSatisfy({ Self.lower($0) == $1 }) {
                last = start
                break
            }
            start -= 1
        }
        lastClosingTag[name] = last
        return last >= position
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// A quoted or unquoted attribute value starting at `start`; returns it and where it ends.
    private mutating func value(from start: Int) -> (String, Int)? {
        let count = bytes.count
        guard start < count else { return nil }
        let quote = bytes[start]
        if quote == Byte.quote || quote == Byte.apostrophe {
            // The first quote not escaped by a backslash.
            var from = start + 1
            while true {
                let found =
                    quote == Byte.quote ? quotes.next(in: bytes, from: from) : apostrophes.next(in: bytes, from: from)
                guard let end = found else { return nil }
                var backslashes = 0
                while end - backslashes - 1 > start, bytes[end - backslashes - 1] == Byte.backslash { backslashes += 1 }
                if backslashes % 2 == 0 { return (Self.unescape(bytes[start + 1..<end]), end + 1) }
                from = end + 1
            }
        }
        // Unquoted: lazily up to `\s*]` or `\s+name=`, on one line.
        guard let close = closeBracket.next(in: bytes, from: start) else { return nil }
        var end = close
        if let next = nextAttribute(from: start), next < end { end = next }
        if let newline = newline.next(in: bytes, from: start), newline < end { return nil }
        var valueEnd = end
        while valueEnd > start, Byte.isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        return (bytes.string(start..<valueEnd), end)
    }

    private static func unescape(_ value: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(value.count)
        var escaped = false
        for byte in value {
            if !escaped, byte == Byte.backslash {
                escaped = true
                continue
            }
            escaped = false
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The first whitespace at or after `start` that is followed by `name=` (memoised, since
    /// tag candidates only move forward).
    private mutating func nextAttribute(from start: Int) -> Int? {
        if start >= attributeQueriedFrom, attributeAnswer.map({ start <= $0 }) ?? true { return attributeAnswer }
        attributeQueriedFrom = start
        attributeAnswer = nil
        var index = start
        let count = bytes.count
        while index < count {
            guard Byte.isSpace(bytes[index]) else {
                index += 1
                continue
            }
            var runEnd = index
            while runEnd < count, Byte.isSpace(bytes[runEnd]) { runEnd += 1 }
            var keyEnd = runEnd
            while keyEnd < count, Byte.isWord(bytes[keyEnd]) || bytes[keyEnd] == Byte.hyphen { keyEnd += 1 }
            if keyEnd > runEnd, keyEnd < count, bytes[keyEnd] == Byte.equals {
                attributeAnswer = index
                break
            }
            index = max(runEnd, index + 1)
        }
        return attributeAnswer
    }

    private mutating func text(upTo end: Int) -> BBCodeToken { token(.text, upTo: end) }

    private mutating func token(_ kind: BBCodeToken.Kind, upTo end: Int) -> BBCodeToken {
        defer { position = end }
        return BBCodeToken(kind: kind, range: position..<end)
    }
}
