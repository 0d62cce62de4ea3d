import Common

/// One problem in a buffer, tied to a line when there is one.
public struct BufferProblem: Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var message: String

    public init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// A buffer whose front matter cannot be read; lists every problem found, not just the first.
public struct BufferError: MissiveError, Equatable {
    public var source: String
    public var problems: [BufferProblem]

    public init(source: String, problems: [BufferProblem]) {
        self.source = source
        self.problems = problems
    }

    public var status: ExitStatus { .dataError }
    public var description: String {
        "\(source): " + problems.map(\.description).joined(separator: "; ")
    }
}

/// A `key: value` line of the front matter, with where it was.
public struct FrontMatterEntry: Equatable, Sendable {
    public var key: String
    public var value: String
    /// nil for entries that come from somewhere other than a file (a template's fields).
    public var line: Int?

    public init(key: String, value: String, line: Int?) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// A buffer split into its front matter entries and its body.
public struct SplitBuffer: Equatable, Sendable {
    public var entries: [FrontMatterEntry]
    public var body: String
    /// The line of the closing `---`, where "missing key" problems point.
    public var closingLine: Int
}

/// The strict YAML subset the buffer uses: a `---` line, `key: value` lines (plain, "double" or
/// 'single' quoted values, `#` comments after a value or on a line of their own), a `---` line,
/// then the body. Anything else in the front matter (indentation, lists, flow collections, anchors)
/// is an error naming its line, because guessing would put text in the wrong place.
public enum FrontMatter {
    /// The comment Missive writes into buffers; whole-line blocks that start with it are removed.
    public static let commentStart = "<!-- Missive:"

    public static func split(_ text: String, source: String) throws(BufferError) -> SplitBuffer {
        let scanned = scan(text)
        guard let split = scanned.split, scanned.problems.isEmpty else {
            throw BufferError(source: source, problems: scanned.problems)
        }
        return split
    }

    /// What `scan` found: the entries it could read and every problem, and the split buffer when
    /// the front matter is closed. Reading goes on past a problem so that all are told at once.
    public struct Scan: Sendable {
        public var entries: [FrontMatterEntry]
        public var problems: [BufferProblem]
        public var split: SplitBuffer?
        /// Where "missing key" problems point: the closing line, or where it should be.
        public var closingLine: Int
        /// Whether the buffer starts with `---` at all; without it nothing else was read.
        public var opened = true
    }

    public static func scan(_ text: String) -> Scan {
        let lines = numberedLines(withoutMissiveComments: text)
        var index = lines.firstIndex { !$0.text.allSatisfy(\.isWhitespace) } ?? lines.count
        var problems: [BufferProblem] = []
        if index < lines.count, !isDelimiter(lines[index].text), let opening = frontMatterBelow(index, in: lines) {
            // A stray line above the front matter (a word typed before the cursor moved): every
            // such line is named, and the front matter below is read all the same, so one round
            // tells every problem.
            for line in lines[index..<opening] where !line.text.allSatisfy(\.isWhitespace) {
                problems.append(BufferProblem(line: line.number,
                    "text above the front matter: the buffer must start with its `---` line; move this below the second `---` or delete it"))
            }
            index = opening
        }
        guard index < lines.count, isDelimiter(lines[index].text) else {
            let line = index < lines.count ? lines[index].number : 1
            return Scan(entries: [], problems: [BufferProblem(
                line: line, "the buffer must start with a `---` line, then the front matter (kind: reply, ...), then `---`")],
                split: nil, closingLine: line, opened: false)
        }
        index += 1
        // Without a closing `---`, the front matter is taken to end at its first blank line or
        // line that is no `key: value`: the body's lines are not reported as bad entries.
        let closing = lines[index...].firstIndex { isDelimiter($0.text) }
        let end = closing ?? lines[index...].firstIndex { line in
            line.text.allSatisfy(\.isWhitespace) || (try? entry(line.text, line: line.number)) == nil
        } ?? lines.count
        var entries: [FrontMatterEntry] = []
        for (number, text) in lines[index..<end] {
            do {
                if let entry = try entry(text, line: number) {
                    if let first = entries.first(where: { $0.key == entry.key }) {
                        problems.append(BufferProblem(line: number, "`\(entry.key)` is already given on line \(first.line ?? 0)"))
                    } else {
                        entries.append(entry)
                    }
                }
            } catch {
                problems.append(error)
            }
        }
        guard let closing else {
            let lastEntry = lines[index..<end].last?.number ?? lines[index - 1].number
            problems.append(BufferProblem(line: lastEntry, "the front matter has no closing `---` line: add one after this line"))
            return Scan(entries: entries, problems: problems, split: nil, closingLine: lastEntry)
        }
        let body = lines[(closing + 1)...].map(\.text).joined(separator: "\n")
        let split = SplitBuffer(entries: entries, body: trimBody(body), closingLine: lines[closing].number)
        return Scan(entries: entries, problems: problems, split: split, closingLine: lines[closing].number)
    }

    /// The index of a `---` line below `start` that opens a front matter (the next line that is
    /// not blank reads as `key: value`), so a `---` rule in a body without front matter is no match.
    private static func frontMatterBelow(_ start: Int, in lines: [(number: Int, text: Substring)]) -> Int? {
        guard let delimiter = lines[start...].firstIndex(where: { isDelimiter($0.text) }),
            let next = lines[(delimiter + 1)...].first(where: { !$0.text.allSatisfy(\.isWhitespace) }),
            (try? entry(next.text, line: next.number)) != nil
        else { return nil }
        return delimiter
    }

    /// The body as best it can be found when the front matter is broken: the text after the
    /// second `---` line, or everything. Used so that a flagged draft still shows and searches.
    public static func bestEffortBody(_ text: String) -> String {
        let lines = numberedLines(withoutMissiveComments: text).map(\.text)
        let delimiters = lines.indices.filter { isDelimiter(lines[$0]) }
        guard delimiters.count >= 2 else { return trimBody(lines.joined(separator: "\n")) }
        return trimBody(lines[(delimiters[1] + 1)...].joined(separator: "\n"))
    }

    /// Removes blank lines at both ends and trailing whitespace, which editors add and people
    /// never mean; so a save that only touched those is "unchanged".
    public static func trimBody(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop(while: \.isWhitespace).reversed())
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    // MARK: - Lines

    static func isDelimiter(_ line: Substring) -> Bool {
        line.hasPrefix("---") && line.dropFirst(3).allSatisfy(\.isWhitespace)
    }

    /// The lines with their 1-based numbers in the file, less Missive's own comment blocks.
    /// An unterminated block is kept: better to show a stray line than to drop the user's text.
    static func numberedLines(withoutMissiveComments text: String) -> [(number: Int, text: Substring)] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        let all = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        var kept: [(Int, Substring)] = []
        var index = 0
        while index < all.count {
            if all[index].drop(while: \.isWhitespace).hasPrefix(commentStart),
               let end = all[index...].firstIndex(where: { $0.contains("-->") }) {
                index = end + 1
                continue
            }
            kept.append((index + 1, all[index]))
            index += 1
        }
        return kept
    }

    // MARK: - One line

    private static let reservedStarts: Set<Character> = ["[", "&", "*", "!", "|", ">", "%", "@", "`"]

    /// Parses `key: value  # comment`; nil for a blank or comment line.
    static func entry(_ text: Substring, line: Int) throws(BufferProblem) -> FrontMatterEntry? {
        if text.allSatisfy(\.isWhitespace) || text.hasPrefix("#") { return nil }
        if text.first?.isWhitespace == true {
            throw BufferProblem(line: line, "indented lines are not part of the front matter; write `key: value`")
        }
        if text.hasPrefix("- ") || text == "-" {
            throw BufferProblem(line: line, "lists are not part of the front matter; write `key: value`")
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw BufferProblem(line: line, "expected `key: value`, found `\(text)`")
        }
        let key = String(text[..<colon])
        guard !key.isEmpty, key.allSatisfy({ $0.isLowercase || $0 == "_" }), key.allSatisfy(\.isASCII) else {
            throw BufferProblem(line: line, "`\(key)` is not a key (keys are lowercase words like `thread`)")
        }
        let rest = text[text.index(after: colon)...]
        guard rest.isEmpty || rest.first?.isWhitespace == true else {
            throw BufferProblem(line: line, "put a space after `\(key):`")
        }
        return FrontMatterEntry(key: key, value: try value(rest.drop(while: \.isWhitespace), key: key, line: line), line: line)
    }

    private static func value(_ text: Substring, key: String, line: Int) throws(BufferProblem) -> String {
        guard let first = text.first else { return "" }
        if first == "\"" || first == "'" {
            let (value, rest) = try quoted(text, line: line)
            let after = rest.drop(while: \.isWhitespace)
            guard after.isEmpty || after.hasPrefix("#") else {
                throw BufferProblem(line: line, "unexpected `\(after)` after the quoted value of `\(key)`")
            }
            return value
        }
        if first == "#" { return "" }
        if reservedStarts.contains(first) || (first == "{" && !text.hasPrefix("{{")) {
            throw BufferProblem(line: line, "a value starting with `\(first)` must be quoted: \(key): \"\(text)\"")
        }
        // A plain value ends at a `#` that follows whitespace (a comment), as in YAML.
        var end = text.endIndex
        var previous: Character = " "
        for index in text.indices {
            if text[index] == "#", previous.isWhitespace { end = index; break }
            previous = text[index]
        }
        return String(text[..<end]).trimmingTrailingWhitespace()
    }

    /// A double-quoted string (escapes \" \\ \n \t) or a single-quoted one ('' is a quote).
    private static func quoted(_ text: Substring, line: Int) throws(BufferProblem) -> (String, Substring) {
        guard let quote = text.first else { return ("", text) }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == quote {
                if quote == "'", next < text.endIndex, text[next] == "'" {
                    result.append("'")
                    index = text.index(after: next)
                    continue
                }
                return (result, text[next...])
            }
            if quote == "\"", character == "\\" {
                guard next < text.endIndex else { break }
                switch text[next] {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: throw BufferProblem(line: line, "unknown escape `\\\(text[next])` in a quoted value")
                }
                index = text.index(after: next)
                continue
            }
            result.append(character)
            index = next
        }
        throw BufferProblem(line: line, "the quoted value has no closing \(quote)")
    }

    /// A value written so that `value(...)` reads it back exactly: plain when that is safe,
    /// double-quoted otherwise.
    public static func render(_ value: String) -> String {
        let plainSafe = !value.isEmpty && value.first?.isWhitespace == false && value.last?.isWhitespace == false
            && !value.contains(" #") && !value.contains("\t#") && !value.contains("\n") && !value.contains("\t")
            && !"\"'#".contains(value.first ?? "#") && !reservedStarts.contains(value.first ?? "[")
            && !(value.first == "{" && !value.hasPrefix("{{"))
        if plainSafe { return value }
        var escaped = ""
        for character in value {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}

extension BufferProblem: Error {}

extension String {
    func trimmingTrailingWhitespace() -> String {
        String(reversed().drop(while: \.isWhitespace).reversed())
    }
}
