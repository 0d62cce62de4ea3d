/// One piece of raw HTML from a Markdown document.
enum HTMLToken: Equatable {
    case text(String)
    case startTag(name: String, attributes: [String: String], selfClosing: Bool)
    case endTag(name: String)
    /// Comments, processing instructions, declarations and CDATA: nothing a browser shows.
    case invisible
}

/// A forgiving tokenizer for the raw HTML cmark hands over (one tag per inline HTML node,
/// any mixture in an HTML block). Anything that does not scan as markup is text.
struct HTMLTokenizer {
    let source: [UInt8]

    init(_ html: String) { source = Array(html.utf8) }

    func tokens() -> [HTMLToken] {
        var tokens: [HTMLToken] = []
        var textStart = 0
        var index = 0
        func flushText(upTo end: Int) {
            if end > textStart {
                tokens.append(.text(String(decoding: source[textStart..<end], as: UTF8.self)))
            }
        }
        while index < source.count {
            guard source[index] == UInt8(ascii: "<"), let (token, length) = markup(at: index) else {
                index += 1
                continue
            }
            flushText(upTo: index)
            tokens.append(token)
            index += length
            textStart = index
        }
        flushText(upTo: source.count)
        return tokens
    }

    private func markup(at start: Int) -> (HTMLToken, Int)? {
        let rest = source[start...]
        if rest.starts(with: Array("<!--".utf8)) {
            return skip(from: start, to: "-->")
        }
        // As in an HTML5 browser, `<?...`, `<!DOCTYPE ...>` and even `<![CDATA[...` are bogus
        // comments that end at the first `>`.
        if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!".utf8)) {
            return skip(from: start, to: ">")
        }
        var index = start + 1
        let closing = index < source.count && source[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < source.count, Self.isTagNameByte(source[index], first: index == nameStart) { index += 1 }
        guard index > nameStart else { return nil }
        let name = String(decoding: source[nameStart..<index], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        // A tag cut off by the end of the HTML is dropped with everything after it, as a
        // browser's tokenizer does at end of file.
        let cutOff: (HTMLToken, Int) = (.invisible, source.count - start)
        while index < source.count {
            while index < source.count, Self.isSpace(source[index]) { index += 1 }
            guard index < source.count else { return cutOff }
            if source[index] == UInt8(ascii: ">") {
                let token: HTMLToken =
                    closing ? .endTag(name: name) : .startTag(name: name, attributes: attributes, selfClosing: false)
                return (token, index + 1 - start)
            }
            if source[index] == UInt8(ascii: "/"), index + 1 < source.count, source[index + 1] == UInt8(ascii: ">") {
                let token: HTMLToken =
                    closing ? .endTag(name: name) : .startTag(name: name, attributes: attributes, selfClosing: true)
                return (token, index + 2 - start)
            }
            let attributeStart = index
            while index < source.count, !Self.isSpace(source[index]),
                ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(source[index])
            {
                index += 1
            }
            guard index > attributeStart else {
                index += 1  // a stray `=` or `/` inside a tag: browsers skip it
                continue
            }
            let attribute = String(decoding: source[attributeStart..<index], as: UTF8.self).lowercased()
            var value = ""
            while index < source.count, Self.isSpace(source[index]) { index += 1 }
            if index < source.count, source[index] == UInt8(ascii: "=") {
                index += 1
                while index < source.count, Self.isSpace(source[index]) { index += 1 }
                guard index < source.count else { return cutOff }
                let quote = source[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let end = source[(index + 1)...].firstIndex(of: quote) else { return cutOff }
                    value = String(decoding: source[(index + 1)..<end], as: UTF8.self)
                    index = end + 1
                } else {
                    let valueStart = index
                    while index < source.count, !Self.isSpace(source[index]), source[index] != UInt8(ascii: ">") {
                        index += 1
                    }
                    value = String(decoding: source[valueStart..<index], as: UTF8.self)
                }
            }
            attributes[attribute] = CharacterReferenceDecoder.browser.decode(value)
        }
        return cutOff
    }

    private func skip(from start: Int, to terminator: String) -> (HTMLToken, Int) {
        let end = Array(terminator.utf8)
        var index = start + 2
        while index + end.count <= source.count {
            if source[index..<(index + end.count)].elementsEqual(end) {
                return (.invisible, index + end.count - start)
            }
            index += 1
        }
        return (.invisible, source.count - start)
    }

    private static func isTagNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): !first
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
