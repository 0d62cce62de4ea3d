/// A three-way merge by lines, deciding as diff3 and `git merge-file` do: what both sides left
/// as the base had it is kept, a stretch only one side changed takes that side's lines, a
/// stretch both changed the same way is taken once, and a stretch both changed differently (or
/// changes that touch, with no unchanged line between them) is a conflict, written out between
/// markers for a person to settle.
///
/// An edit keeps its base this way (issue 22): the post as the forum had it when the edit
/// began (base), the user's new text (ours) and the forum's text right before the send
/// (theirs, changed meanwhile by another session or a moderator).
///
/// The algorithm is the one described in Khanna, Kuncak and Pierce, "A Formal Investigation of
/// Diff3" (2007): match base to each side with a line diff (`LineDiff.diff`, the longest common
/// subsequence), then walk the three texts together, alternating stable stretches (a base line
/// matched on both sides at the same offset from where the walk stands) with unstable ones
/// (everything up to the next base line matched on both sides).
public struct LineMerge: Equatable, Sendable {
    /// Lines of a text: from `first` (1-based), `count` of them. A count of 0 is a place between
    /// lines: lines removed before line `first`.
    public struct Span: Equatable, Sendable {
        public var first: Int
        public var count: Int

        public init(first: Int, count: Int) {
            self.first = first
            self.count = count
        }
    }

    /// The merged text (without a final newline); where the sides overlap it holds both,
    /// between conflict markers.
    public var text: String
    /// Where their changes went in `text` (a clean merge's report: "their change, lines 4-6").
    public var theirChanges: [Span]
    /// Each conflict in `text`, its marker lines included.
    public var conflicts: [Span]

    public var isClean: Bool { conflicts.isEmpty }

    /// The markers name the sides in words, since a person reads them in an editor. They are
    /// git's markers (seven characters) so that editors that colour conflicts colour these.
    public static let oursMarker = "<<<<<<< your edit"
    public static let separator = "======="
    public static let theirsMarker = ">>>>>>> the forum now"

    /// Merges by lines. The texts are compared exactly, line by line: a caller makes line ends
    /// alike first (`normalized`).
    public static func merge(base: String, ours: String, theirs: String) -> LineMerge {
        let base = LineDiff.lines(base), ours = LineDiff.lines(ours), theirs = LineDiff.lines(theirs)
        let toOurs = matches(base, ours), toTheirs = matches(base, theirs)
        var output: [String] = []
        var theirChanges: [Span] = [], conflicts: [Span] = []
        var b = 0, o = 0, t = 0

        while b < base.count || o < ours.count || t < theirs.count {
            // A stable stretch: the next base lines stand, unchanged, right where each side is.
            var stable = 0
            while b + stable < base.count, toOurs[b + stable] == o + stable, toTheirs[b + stable] == t + stable { stable += 1 }
            if stable > 0 {
                output += base[b..<(b + stable)]
                b += stable; o += stable; t += stable
                continue
            }
            // An unstable stretch reaches to the next base line both sides kept (or to the ends).
            var next = b
            while next < base.count, toOurs[next] == nil || toTheirs[next] == nil { next += 1 }
            let oursEnd = next < base.count ? toOurs[next] ?? ours.count : ours.count
            let theirsEnd = next < base.count ? toTheirs[next] ?? theirs.count : theirs.count
            let was = Array(base[b..<next]), mine = Array(ours[o..<oursEnd]), other = Array(theirs[t..<theirsEnd])

            if mine == was || mine == other {
                // Only they changed it (or both alike): theirs. Said as their change only when it
                // is one that ours did not make too.
                if other != was, mine != other { theirChanges.append(Span(first: output.count + 1, count: other.count)) }
                output += other
            } else if other == was {
                output += mine
            } else {
                let first = output.count + 1
                output += [oursMarker] + mine + [separator] + other + [theirsMarker]
                conflicts.append(Span(first: first, count: output.count + 1 - first))
            }
            b = next; o = oursEnd; t = theirsEnd
        }
        return LineMerge(text: output.joined(separator: "\n"), theirChanges: theirChanges, conflicts: conflicts)
    }

    /// For each line of `base`, the line of `other` it is matched to by the line diff, if any.
    static func matches(_ base: [String], _ other: [String]) -> [Int?] {
        var matched = [Int?](repeating: nil, count: base.count)
        var i = 0, j = 0
        for edit in LineDiff.diff(base, other) {
            switch edit {
            case .same: matched[i] = j; i += 1; j += 1
            case .removed: i += 1
            case .added: j += 1
            }
        }
        return matched
    }

    /// The text as a merge compares it: every line end LF (a form's textarea gives CRLF), no
    /// blank lines at either end (a textarea, and the draft's own trimming, do not keep them).
    public static func normalized(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The first conflict marker line left in a text, 1-based, with the line: what makes a
    /// draft not ready to send until a person has settled the conflict. Only the markers a merge
    /// writes count (a line of `=======` alone is a common divider in posts).
    public static func firstMarker(in text: String) -> (line: Int, text: String)? {
        for (index, line) in LineDiff.lines(text.replacingOccurrences(of: "\r\n", with: "\n")).enumerated() {
            let trimmed = line.trimmingTrailingBlanks
            if trimmed == oursMarker || trimmed == theirsMarker { return (index + 1, trimmed) }
        }
        return nil
    }

    /// "lines 4-6", "line 4", "lines 2 and 9-10", "lines removed before line 7": where spans
    /// are, `offset` lines further down (a fence line above them).
    public static func describe(_ spans: [Span], offset: Int = 0) -> String {
        let parts = spans.map { span -> (String, Bool) in
            let first = span.first + offset
            switch span.count {
            case 0: return ("lines removed before line \(first)", false)
            case 1: return ("\(first)", true)
            default: return ("\(first)-\(first + span.count - 1)", true)
            }
        }
        let numbers = parts.filter(\.1).map(\.0), removals = parts.filter { !$0.1 }.map(\.0)
        var words: [String] = []
        if !numbers.isEmpty {
            let single = numbers.count == 1 && !numbers[0].contains("-")
            words.append((single ? "line " : "lines ") + Self.list(numbers))
        }
        words += removals
        return Self.list(words)
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingTrailingBlanks: String {
        String(String(self).reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
