/// The part of TOML that Missive's hand-edited files use: `[tables]`, `key = value`, strings
/// (basic and literal), integers, floats, booleans and arrays, `#` comments.
/// A document is kept flat, as dotted keys in file order ("profiles.sa.base_url"), because that is
/// how config lookups and theme inheritance use it.
///
/// Why not LebJe/TOMLKit 0.6.0 (tried for issue 14; it parses every file in Themes/ too): it gives
/// a line only for a syntax error, never for a key, so every `FILE:LINE: key ...` message about a
/// value (config.toml's numbers, engine, dialect, theme; a theme file's keys and `themes show`'s
/// origins) would lose its line. Its tables list keys alphabetically, not in file order (the first
/// profile is the default one). Its writer drops comments and reorders keys, so it would not keep
/// comments through `profiles add|use` either (config.toml is written by `Config.render`). And it
/// costs a C++ build of toml++: about +8 s of CPU to a clean debug build (+14 s release), +550 KB to a
/// stripped release binary (+3.2 MB unstripped).
public enum TOMLValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])

    public var description: String {
        switch self {
        case .string(let value): TOML.quote(value)
        case .integer(let value): String(value)
        case .float(let value): String(value)
        case .boolean(let value): String(value)
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    public var boolean: Bool? { if case .boolean(let value) = self { value } else { nil } }
}

public struct TOMLError: MissiveError, Equatable {
    public var source: String
    public var line: Int
    public var problem: String
    public var status: ExitStatus { .config }
    public var description: String { "\(source):\(line): \(problem)" }
}

public struct TOMLDocument: Sendable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: TOMLValue
        public var line: Int
    }

    public private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]
    /// `[table]` headers by dotted name, in file order, with their lines.
    public private(set) var tableHeaders: [(name: String, line: Int)] = []

    public init() {}

    public subscript(key: String) -> TOMLValue? {
        index[key].map { entries[$0].value }
    }

    /// The line a key was set on, for messages that point into the file.
    public func line(of key: String) -> Int? { index[key].map { entries[$0].line } }

    /// The line of a `[table]` header, for messages about the table itself.
    public func line(ofTable name: String) -> Int? { tableHeaders.first { $0.name == name }?.line }

    /// Names of the tables directly under `prefix`, in file order: `tables(under: "profiles")`
    /// gives ["sandbox", "sa"] for `[profiles.sandbox]` and `[profiles.sa]`. A header with no
    /// keys under it counts too.
    public func tables(under prefix: String) -> [String] {
        var names: [String] = []
        let keys = tableHeaders.map { (key: $0.name + ".", line: $0.line) } + entries.map { (key: $0.key, line: $0.line) }
        for key in keys.sorted(by: { $0.line < $1.line }) where key.key.hasPrefix(prefix + ".") {
            let rest = key.key.dropFirst(prefix.count + 1)
            guard let dot = rest.firstIndex(of: ".") else { continue }
            let name = String(rest[..<dot])
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    mutating func addTable(_ name: String, line: Int) { tableHeaders.append((name, line)) }

    mutating func set(_ key: String, _ value: TOMLValue, line: Int) -> Bool {
        guard index[key] == nil else { return false }
        index[key] = entries.count
        entries.append(Entry(key: key, value: value, line: line))
        return true
    }
}

public enum TOML {
    public static func parse(_ text: String, source: String) throws(TOMLError) -> TOMLDocument {
        var parser = Parser(characters: Array(text.unicodeScalars), source: source)
        return try parser.document()
    }

    /// A TOML basic string for `value`, escaped so that it reads back the same.
    public static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A key as TOML writes it: bare when it can be, quoted otherwise.
    public static func key(_ name: String) -> String {
        let bare = !name.isEmpty && name.unicodeScalars.allSatisfy(Parser.isBareKeyCharacter)
        return bare ? name : quote(name)
    }
}

private struct Parser {
    let characters: [Unicode.Scalar]
    let source: String
    var position = 0
    var line = 1
    /// Arrays nest by recursion; a hostile file must get an error, not a stack overflow.
    var depth = 0
    static let maxDepth = 32

    init(characters: [Unicode.Scalar], source: String) {
        self.characters = characters
        self.source = source
    }

    static func isBareKeyCharacter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
    }

    var current: Unicode.Scalar? { position < characters.count ? characters[position] : nil }

    func fail(_ problem: String) -> TOMLError { TOMLError(source: source, line: line, problem: problem) }

    mutating func advance() {
        if current == "\n" { line += 1 }
        position += 1
    }

    mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { advance() }
    }

    /// Spaces, then an optional comment, then the end of the line (or file).
    mutating func endOfLine() throws(TOMLError) {
        skipSpaces()
        if current == "#" { while let c = current, c != "\n" { advance() } }
        if current == "\r" { advance() }
        guard current == nil || current == "\n" else {
            throw fail("unexpected \"\(current.map(String.init) ?? "")\" after the value; one key = value per line")
        }
        if current == "\n" { advance() }
    }

    mutating func document() throws(TOMLError) -> TOMLDocument {
        var document = TOMLDocument()
        var table: [String] = []
        var tablesSeen: Set<String> = []
        while current != nil {
            skipSpaces()
            switch current {
            case "#", "\n", "\r", nil:
                try endOfLine()
            case "[":
                advance()
                guard current != "[" else { throw fail("arrays of tables ([[...]]) are not supported here") }
                table = try keyPath()
                guard current == "]" else { throw fail("a table header must end with ]") }
                advance()
                let name = table.joined(separator: ".")
                guard tablesSeen.insert(name).inserted else { throw fail("table [\(name)] is defined twice") }
                document.addTable(name, line: line)
                try endOfLine()
            default:
                let keyLine = line
                let key = (table + (try keyPath())).joined(separator: ".")
                guard current == "=" else { throw fail("expected = after the key \"\(key)\"") }
                advance()
                skipSpaces()
                let value = try self.value()
                guard document.set(key, value, line: keyLine) else { throw fail("\"\(key)\" is set twice") }
                try endOfLine()
            }
        }
        return document
    }

    /// `a.b."c d"` up to `=` or `]`.
    mutating func keyPath() throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            switch current {
            case "\"", "'":
                let quoted = current == "\"" ? try basicString() : try literalString()
                // Keys are kept flat as dotted paths, so a dot inside one would change its meaning.
                guard !quoted.contains(".") else { throw fail("a quoted key may not contain \".\" (\"\(quoted)\")") }
                parts.append(quoted)
            case let c? where Parser.isBareKeyCharacter(c):
                var name = ""
                while let c = current, Parser.isBareKeyCharacter(c) { name.unicodeScalars.append(c); advance() }
                parts.append(name)
            default:
                throw fail("expected a key (letters, digits, _ or -, or a quoted string)")
            }
            skipSpaces()
            guard current == "." else { return parts }
            advance()
        }
    }

    mutating func value() throws(TOMLError) -> TOMLValue {
        switch current {
        case "\"": return .string(try basicString())
        case "'": return .string(try literalString())
        case "[": return try array()
        case "t", "f": return try boolean()
        case let c? where c == "+" || c == "-" || ("0"..."9").contains(c): return try number()
        case nil, "\n": throw fail("a key needs a value after =")
        default: throw fail("cannot read the value; strings need quotes")
        }
    }

    mutating func basicString() throws(TOMLError) -> String {
        advance()  // opening quote
        var out = ""
        while let c = current {
            advance()
            switch c {
            case "\"": return out
            case "\n": throw fail("a string is not closed on its line")
            case "\\":
                guard let escaped = current else { break }
                advance()
                switch escaped {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "\"": out += "\""
                case "\\": out += "\\"
                case "u", "U":
                    let length = escaped == "u" ? 4 : 8
                    var hex = ""
                    for _ in 0..<length {
                        guard let h = current, h.properties.isASCIIHexDigit else {
                            throw fail("\\\(escaped) needs \(length) hex digits")
                        }
                        hex.unicodeScalars.append(h)
                        advance()
                    }
                    guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw fail("\\\(escaped)\(hex) is not a Unicode character")
                    }
                    out.unicodeScalars.append(scalar)
                default: throw fail("unknown escape \\\(escaped) in a string")
                }
            default: out.unicodeScalars.append(c)
            }
        }
        throw fail("a string is not closed before the end of the file")
    }

    mutating func literalString() throws(TOMLError) -> String {
        advance()
        var out = ""
        while let c = current {
            advance()
            if c == "'" { return out }
            if c == "\n" { throw fail("a string is not closed on its line") }
            out.unicodeScalars.append(c)
        }
        throw fail("a string is not closed before the end of the file")
    }

    mutating func boolean() throws(TOMLError) -> TOMLValue {
        for (word, value) in [("true", true), ("false", false)] {
            let scalars = Array(word.unicodeScalars)
            if position + scalars.count <= characters.count,
               Array(characters[position..<position + scalars.count]) == scalars {
                position += scalars.count
                return .boolean(value)
            }
        }
        throw fail("cannot read the value; strings need quotes")
    }

    mutating func number() throws(TOMLError) -> TOMLValue {
        var text = ""
        while let c = current, c == "+" || c == "-" || c == "." || c == "_" || c == "e" || c == "E"
            || ("0"..."9").contains(c) {
            if c != "_" { text.unicodeScalars.append(c) }
            advance()
        }
        if let integer = Int(text) { return .integer(integer) }
        if let float = Double(text), text.contains(where: { $0.isNumber }) { return .float(float) }
        throw fail("\"\(text)\" is not a number")
    }

    mutating func array() throws(TOMLError) -> TOMLValue {
        guard depth < Parser.maxDepth else { throw fail("arrays nest more than \(Parser.maxDepth) deep") }
        depth += 1
        defer { depth -= 1 }
        advance()
        var values: [TOMLValue] = []
        while true {
            skipArraySpace()
            if current == "]" { advance(); return .array(values) }
            values.append(try value())
            skipArraySpace()
            switch current {
            case ",": advance()
            case "]": advance(); return .array(values)
            default: throw fail("expected , or ] in an array")
            }
        }
    }

    /// Arrays may span lines and hold comments between values.
    mutating func skipArraySpace() {
        while let c = current {
            if c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
            else if c == "#" { while let c = current, c != "\n" { advance() } }
            else { return }
        }
    }
}
