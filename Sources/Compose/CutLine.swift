import Foundation

/// The line below which a buffer shows what the user is answering (the thread's latest posts,
/// the PM replied to). Everything from it down is removed before the buffer is read, so context
/// never reaches a revision, the store or the forum, whatever is typed there.
///
/// The line carries a token drawn for its buffer alone: a body or a forum post holding text that
/// looks like a cut line (someone quoting a Missive buffer, say) never moves the cut.
public struct CutLine: Equatable, Sendable {
    public let token: String

    public init(token: String) {
        self.token = token
    }

    /// A cut line with a fresh token (12 hex digits).
    public static func fresh() -> CutLine {
        CutLine(token: String(format: "%012llx", UInt64.random(in: 0..<(1 << 48))))
    }

    /// The scissors as git's `commit --cleanup=scissors` draws them, then the token.
    /// Every cut line starts so; the token after it is the session's.
    static let prefix = "------------------------ >8 ------------------------ "

    public var line: String { Self.prefix + token }

    /// The line under it, for a reader who has not met the cut line before.
    public static let explanation =
        "Below the line above: what you are answering. Missive removes all of it when you save."

    /// `text` without the cut line and everything after it; unchanged when the line is not there.
    /// The line must match whole (trailing blanks and a CR aside), token included.
    public func removing(from text: String) -> String {
        var offset = text.startIndex
        while offset < text.endIndex {
            let end = text[offset...].firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex  // "\r\n" is one Character
            if Self.trimmed(text[offset..<end]) == line { return String(text[..<offset]) }
            offset = end < text.endIndex ? text.index(after: end) : end
        }
        return text
    }

    /// `text` cut in two: what is kept, and the context from the cut line to the end (nil when
    /// the line is not there).
    public func split(_ text: String) -> (kept: String, context: String?) {
        let kept = removing(from: text)
        guard kept.utf8.count < text.utf8.count else { return (text, nil) }
        // `kept` ends where a line starts, so the rest starts on a character boundary.
        return (kept, String(text[text.index(text.startIndex, offsetBy: kept.count)...]))
    }

    /// Whether `text` holds this cut line.
    public func isPresent(in text: String) -> Bool {
        removing(from: text).utf8.count != text.utf8.count
    }

    /// The token of the first line in `text` shaped like a cut line, for a buffer file read
    /// without its session (`missive preview FILE`), where the lock file no longer says it.
    public static func first(in text: String) -> CutLine? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = Self.trimmed(line)
            guard trimmed.hasPrefix(Self.prefix) else { continue }
            let token = trimmed.dropFirst(Self.prefix.count)
            if token.count == 12, token.allSatisfy(\.isHexDigit) { return CutLine(token: String(token)) }
        }
        return nil
    }

    private static func trimmed(_ line: Substring) -> String {
        String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
