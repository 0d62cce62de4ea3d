/// Turns BBCode source into a ``BBCodeDocument`` the way a dialect's forum engine does.
public enum BBCode {
    /// Parses `source` as `dialect`'s engine would: unknown tags stay text, and unclosed or
    /// misnested tags come out as that engine shows them. Never fails; runs in time roughly
    /// linear in the input, with no recursion.
    public static func parse(_ source: String, dialect: Dialect) -> BBCodeDocument {
        let engine = dialect.bbcodeEngine
        // Browsers post CRLF; every engine reads it as one newline.
        let bytes = normalizedNewlines(Array(source.utf8))
        switch engine.syntax {
        case .vBulletin: return VBulletinParse(bytes: bytes, engine: engine).run()
        case .xenForo, .s9e: return SinglePassParse(bytes: bytes, engine: engine).run()
        }
    }

    static func normalizedNewlines(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                result.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(bytes[index])
            }
            index += 1
        }
        return result
    }
}

/// vBulletin's two passes. `fix_tags` first decides which opening tags ever get closed (those that
/// do not stay literal text, along with stray closing tags), reading nothing inside `[noparse]`;
/// then `parse_array` builds the tree, where a stop-parse tag (`[php]`, `[html]`, `[noparse]`)
/// shows every tag inside it as text.
private struct VBulletinParse {
    let bytes: [UInt8]
    let engine: BBCodeEngine

    func run() -> BBCodeDocument {
        var scanner = VBulletinScanner(bytes: bytes, engine: engine)
        var tokens: [BBCodeToken] = []
        while let token = scanner.next() { tokens.append(token) }
        let partner = pairs(tokens)

        var builder = BBCodeTreeBuilder(engine: engine, sourceLength: bytes.count)
        for (index, token) in tokens.enumerated() {
            let source = bytes.string(token.range)
            switch token.kind {
            case .text:
                builder.appendText(source)
            case .open(name: "*", _, _):
                builder.listItem(source: source, logical: index)
            case .open(let name, let option, let attributes):
                guard partner[index] != nil, builder.verbatimName == nil, let rule = engine.rule(for: name) else {
                    builder.appendText(source)
                    continue
                }
                builder.open(rule, option: option, attributes: attributes, source: source, logical: index)
            case .close:
                guard let opener = partner[index], builder.isOpen(logical: opener) else {
                    builder.appendText(source)
                    continue
                }
                builder.close(logical: opener, source: source)
            }
        }
        return builder.document()
    }

    /// `fix_tags`: each closing tag closes the innermost open tag of its name; what is never
    /// closed has no partner (and so stays text).
    private func pairs(_ tokens: [BBCodeToken]) -> [Int?] {
        var partner = [Int?](repeating: nil, count: tokens.count)
        var open: [String: [Int]] = [:]
        var noParse: Int?
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .text, .open(name: "*", _, _), .close(name: "*"):
                continue
            case .open(let name, _, _):
                guard noParse == nil else { continue }
                open[name, default: []].append(index)
                if name == engine.noParseTag { noParse = index }
            case .close(let name):
                if noParse != nil, name != engine.noParseTag { continue }
                guard let opener = open[name]?.popLast() else { continue }
                partner[opener] = index
                partner[index] = opener
                if name == engine.noParseTag { noParse = nil }
            }
        }
        return partner
    }
}

/// XenForo's and s9e's single pass: a tag is checked against the open elements as it comes,
/// inside a plain tag only its own closing tag counts, and what is left open at the end is closed
/// there.
private struct SinglePassParse {
    let bytes: [UInt8]
    let engine: BBCodeEngine

    func run() -> BBCodeDocument {
        var builder = BBCodeTreeBuilder(engine: engine, sourceLength: bytes.count)
        var xenForo = XenForoScanner(bytes: bytes)
        var s9e = S9eScanner(bytes: bytes, engine: engine)
        var count = 0
        while true {
            let plain = builder.verbatimName
            let next = engine.syntax == .xenForo ? xenForo.next(plain: plain) : s9e.next(plain: plain)
            guard let token = next else { break }
            count += 1
            let source = bytes.string(token.range)
            switch token.kind {
            case .text:
                builder.appendText(source)
            case .open(name: "*", _, _):
                builder.listItem(source: source, logical: count)
            case .close(name: "*"):
                builder.closeListItem(source: source)
            case .open(let name, let option, let attributes):
                guard let rule = engine.rule(for: name), builder.canOpen(rule, option: option, attributes: attributes),
                    !rule.requiresClosingTag || s9e.closingTagFollows(name, from: token.range.upperBound)
                else {
                    builder.appendText(source)
                    continue
                }
                builder.open(rule, option: option, attributes: attributes, source: source, logical: count)
            case .close(let name):
                builder.close(named: name, source: source)
            }
        }
        return builder.document()
    }
}
