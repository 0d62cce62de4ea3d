import Common
import Store

/// The editor buffer of product.md: front matter naming the draft's kind, target, profile and
/// format, then the body. The table below is the whole schema.
public enum Buffer {
    /// Front matter keys, in the order Missive writes them.
    public enum Key: String, CaseIterable, Sendable {
        case kind, thread, post, forum, to, reply_to, forward, subject, icon, tag, profile, format
    }

    /// Which keys each kind takes, and which of them it needs.
    static let schema: [DraftKind: (allowed: [Key], required: Set<Key>)] = [
        .reply: ([.kind, .thread, .profile, .format], [.thread]),
        .pm: ([.kind, .to, .reply_to, .forward, .subject, .profile, .format], [.to]),
        .thread: ([.kind, .forum, .subject, .icon, .tag, .profile, .format], [.forum]),
        .edit: ([.kind, .post, .profile, .format], [.post]),
    ]

    static let numberKeys: Set<Key> = [.thread, .post, .forum, .icon, .reply_to, .forward]

    public static let footer = """
        <!-- Missive: lines inside this comment are removed. Save and quit to keep the draft;
             leave the body empty to discard a new draft. -->
        """

    // MARK: - Writing

    /// The text the editor opens. `notice` lines go in a Missive comment at the very top;
    /// `context` goes below `cut`, after everything else.
    public static func render(_ content: DraftContent, notice: [String] = [], context: BufferContext? = nil,
                              cut: CutLine? = nil) -> String {
        var lines = noticeLines(notice)
        lines.append("---")
        for (key, value) in fields(of: content) {
            let comment = switch key {
            case .kind: "  # reply | pm | thread | edit"
            case .format: "  # markdown | bbcode"
            default: ""
            }
            lines.append("\(key.rawValue): \(FrontMatter.render(value))\(comment)")
        }
        lines.append("---")
        lines.append(content.body)
        lines.append("")
        lines.append(footer)
        var text = lines.joined(separator: "\n") + "\n"
        if let context, let cut { text += context.render(below: cut) }
        return text
    }

    /// `text` (a buffer as `render` or `withNotice` made it) with `context` below `cut`.
    public static func appending(_ context: BufferContext?, cut: CutLine?, to text: String) -> String {
        guard let context, let cut else { return text }
        return text + (text.hasSuffix("\n") ? "" : "\n") + context.render(below: cut)
    }

    /// The line (1-based) where the body starts: the one after the closing `---`, Missive's
    /// comments counted, as the editor numbers them. Nil when there is no front matter.
    public static func bodyLine(in text: String) -> Int? {
        let lines = FrontMatter.numberedLines(withoutMissiveComments: text)
        let delimiters = lines.filter { FrontMatter.isDelimiter($0.text) }.prefix(2)
        guard delimiters.count == 2, let closing = delimiters.last else { return nil }
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Quotes fetched from the forum open the body in ```bbcode fences; writing goes below
        // them (a word typed on a fence line would break it), on the blank line that follows.
        var line = closing.number + 1  // 1-based; `all[line - 1]` is that line
        while line <= all.count, let fence = fenceOpening(all[line - 1]) {
            guard let end = all[line...].firstIndex(where: { String($0).trimmingTrailingWhitespace() == fence }) else { break }
            line = end + 2  // the line after the closing fence (0-based `end` is line `end + 1`)
            // A blank line between two quotes' fences: on to the next fence.
            if line < all.count, all[line - 1].allSatisfy(\.isWhitespace), fenceOpening(all[line]) != nil { line += 1 }
        }
        // Quotes added at the end of a draft that already has text (`reply --quote` on an open
        // draft): the answer goes below the last of them.
        if let end = trailingFenceEnd(lines.filter { $0.number > closing.number }), end + 1 > line { line = end + 1 }
        return min(line, max(1, all.count))
    }

    /// The line of the closing fence of a ```bbcode block that ends the body (nothing but blank
    /// lines after it, up to the cut line), or nil.
    private static func trailingFenceEnd(_ body: [(number: Int, text: Substring)]) -> Int? {
        var open: String?
        var lastClosed: Int?
        var lastText: Int?
        for (number, text) in body {
            if open == nil, text.hasPrefix(CutLine.prefix) { break }
            if let fence = open {
                if String(text).trimmingTrailingWhitespace() == fence { open = nil; lastClosed = number }
            } else if let fence = fenceOpening(text) {
                open = fence
            }
            if !text.allSatisfy(\.isWhitespace) { lastText = number }
        }
        return open == nil && lastClosed != nil && lastClosed == lastText ? lastClosed : nil
    }

    /// The closing fence of a line that opens a ```bbcode block (three or more backticks), or nil.
    private static func fenceOpening(_ line: Substring) -> String? {
        let ticks = line.prefix { $0 == "`" }
        guard ticks.count >= 3, line.dropFirst(ticks.count) == "bbcode" else { return nil }
        return String(ticks)
    }

    /// The user's own text again, with a fresh notice at the top (any older notice removed).
    public static func withNotice(_ notice: [String], over text: String) -> String {
        // An empty notice adds nothing, so a text without one comes back as it was.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }  // CRLF is one Character
        if let first = lines.first, first.hasPrefix(FrontMatter.commentStart),
           let end = lines.firstIndex(where: { $0.contains("-->") }) {
            lines.removeSubrange(...end)
        }
        return (noticeLines(notice) + lines.map(String.init)).joined(separator: "\n")
    }

    private static func noticeLines(_ notice: [String]) -> [String] {
        guard !notice.isEmpty else { return [] }
        return ["\(FrontMatter.commentStart) " + notice[0]] + notice.dropFirst().map { "     " + $0 } + ["-->"]
    }

    /// The front matter values of a draft, in the schema's order, empty optional ones left out.
    static func fields(of content: DraftContent) -> [(Key, String)] {
        let target = content.target
        let values: [Key: String?] = [
            .kind: content.kind.rawValue,
            .thread: target.thread.map(String.init), .post: target.post.map(String.init),
            .forum: target.forum.map(String.init), .to: target.recipient,
            .reply_to: target.replyTo.map(String.init), .forward: target.forwardOf.map(String.init),
            .subject: content.subject, .icon: target.icon.map(String.init), .tag: target.tag,
            .profile: content.profile, .format: content.format.rawValue,
        ]
        let allowed = schema[content.kind]?.allowed ?? []
        return allowed.compactMap { key in
            guard let value = values[key] ?? nil else { return nil }
            if key == .subject || key == .reply_to || key == .forward || key == .icon || key == .tag,
               value.isEmpty { return nil }
            return (key, value)
        }
    }

    // MARK: - Reading

    /// Reads a buffer into draft content. `defaultProfile` fills a missing `profile:`.
    /// Every problem is reported at once: those of the front matter's lines and those of its
    /// keys and values, even when the closing `---` is missing.
    public static func parse(_ text: String, source: String, defaultProfile: String) throws(BufferError) -> DraftContent {
        let scanned = FrontMatter.scan(text)
        guard scanned.opened else { throw BufferError(source: source, problems: scanned.problems) }
        do throws(BufferError) {
            let content = try content(from: scanned.entries, body: scanned.split?.body ?? "", missingLine: scanned.closingLine,
                                      source: source, defaultProfile: defaultProfile)
            if scanned.problems.isEmpty { return content }
            throw BufferError(source: source, problems: scanned.problems)
        } catch {
            let all = (scanned.problems + error.problems).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
            throw BufferError(source: source, problems: all.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
        }
    }

    /// Checks entries against the schema and builds the content, reporting every problem at once.
    public static func content(
        from entries: [FrontMatterEntry], body: String, missingLine: Int?, source: String, defaultProfile: String
    ) throws(BufferError) -> DraftContent {
        var problems: [BufferProblem] = []
        var values: [Key: FrontMatterEntry] = [:]
        for entry in entries {
            guard let key = Key(rawValue: entry.key) else {
                problems.append(BufferProblem(line: entry.line, "unknown key `\(entry.key)`; the keys are "
                    + Key.allCases.map(\.rawValue).joined(separator: ", ")))
                continue
            }
            values[key] = entry
        }
        guard let kindEntry = values[.kind] else {
            problems.append(BufferProblem(line: missingLine, "the front matter needs a `kind:` line (reply, pm, thread or edit)"))
            throw BufferError(source: source, problems: problems)
        }
        guard let kind = DraftKind(rawValue: kindEntry.value), let rules = schema[kind] else {
            let kinds = DraftKind.allCases.map(\.rawValue)
            let guess = EditDistance.closest(to: kindEntry.value, among: kinds).map { " (did you mean `\($0)`?)" } ?? ""
            problems.append(BufferProblem(line: kindEntry.line,
                "unknown kind `\(kindEntry.value)`\(guess); it must be reply, pm, thread or edit"))
            // What does not depend on the kind is checked all the same, so one round tells everything.
            _ = numbers(values, allowed: Set(Key.allCases), problems: &problems)
            _ = format(values[.format], problems: &problems)
            checkProfile(values[.profile], problems: &problems)
            throw BufferError(source: source, problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
        for (key, entry) in values.sorted(by: { ($0.value.line ?? 0, $0.key.rawValue) < ($1.value.line ?? 0, $1.key.rawValue) }) where !rules.allowed.contains(key) {
            problems.append(BufferProblem(line: entry.line, "`\(key.rawValue)` does not apply to a \(kind.rawValue); "
                + "a \(kind.rawValue) takes " + rules.allowed.map(\.rawValue).joined(separator: ", ")))
        }
        for key in rules.allowed where rules.required.contains(key) && (values[key]?.value ?? "").isEmpty {
            problems.append(BufferProblem(line: values[key]?.line ?? missingLine,
                "a \(kind.rawValue) needs `\(key.rawValue):` (\(hint(for: key)))"))
        }
        let numbers = numbers(values, allowed: Set(rules.allowed), problems: &problems)
        if numbers[.reply_to] != nil, numbers[.forward] != nil, let line = values[.forward]?.line {
            problems.append(BufferProblem(line: line, "a PM either replies (`reply_to`) or forwards (`forward`), not both"))
        }
        let format = format(values[.format], problems: &problems)
        let profile = values[.profile]?.value ?? ""
        checkProfile(values[.profile], problems: &problems)
        if !problems.isEmpty { throw BufferError(source: source, problems: problems) }
        return DraftContent(
            kind: kind,
            target: DraftTarget(
                thread: numbers[.thread], post: numbers[.post], forum: numbers[.forum], icon: numbers[.icon],
                recipient: values[.to]?.value, replyTo: numbers[.reply_to], forwardOf: numbers[.forward],
                // The forum's form decides which tags exist; it is checked there, before posting.
                tag: values[.tag].map(\.value).flatMap { $0.isEmpty ? nil : $0 }),
            subject: values[.subject]?.value ?? "", body: body, format: format,
            profile: profile.isEmpty ? defaultProfile : profile)
    }

    /// The number keys' values among `allowed`, each checked.
    private static func numbers(_ values: [Key: FrontMatterEntry], allowed: Set<Key>, problems: inout [BufferProblem]) -> [Key: Int64] {
        var numbers: [Key: Int64] = [:]
        for key in numberKeys {
            guard let entry = values[key], !entry.value.isEmpty, allowed.contains(key) else { continue }
            // Ids on the forum start at 1; an icon of 0 means "no icon", as in the forum's own forms.
            if let number = Int64(entry.value), number > 0 || (key == .icon && number == 0) {
                numbers[key] = number
            } else {
                problems.append(BufferProblem(line: entry.line, "`\(key.rawValue)` must be a number, not `\(entry.value)`"))
            }
        }
        return numbers
    }

    /// The `format:` entry's format (markdown when it is missing or empty), or a problem.
    private static func format(_ entry: FrontMatterEntry?, problems: inout [BufferProblem]) -> DraftFormat {
        guard let entry, !entry.value.isEmpty else { return .markdown }
        if let known = DraftFormat(rawValue: entry.value) { return known }
        let names = DraftFormat.allCases.map(\.rawValue)
        // `md` is what people type for Markdown; it is no edit distance from `markdown`.
        let guess = entry.value == "md" ? "markdown" : EditDistance.closest(to: entry.value, among: names)
        problems.append(BufferProblem(line: entry.line, "unknown format `\(entry.value)`"
            + (guess.map { " (did you mean `\($0)`?)" } ?? "") + "; it must be markdown or bbcode"))
        return .markdown
    }

    private static func checkProfile(_ entry: FrontMatterEntry?, problems: inout [BufferProblem]) {
        if let entry, !entry.value.isEmpty, !isValidProfileName(entry.value) {
            problems.append(BufferProblem(line: entry.line, "`\(entry.value)` is not a profile name"))
        }
    }

    static func isValidProfileName(_ name: String) -> Bool {
        name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    private static func hint(for key: Key) -> String {
        switch key {
        case .thread: "the thread id, a number"
        case .post: "the post id, a number"
        case .forum: "the forum id, a number"
        case .to: "the user name to send to"
        default: "a value"
        }
    }
}
