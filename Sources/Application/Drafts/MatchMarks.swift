/// How `SearchDrafts` marks the words found in an excerpt: two Unicode noncharacters (U+FDD0 and
/// U+FDD1), which Unicode sets aside for a program's own use. Nothing a draft holds (BBCode's `[b]`,
/// Markdown's `**`) can be taken for a mark, and no mark for text: the command draws them as it
/// likes, or not at all.
public enum MatchMarks {
    // Swift refuses noncharacters in literals, so they are made from their numbers (which are
    // valid scalars: the fallback is never taken).
    public static let open = Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{FFFD}"
    public static let close = Unicode.Scalar(UInt32(0xFDD1)) ?? "\u{FFFD}"

    /// The excerpt with each marked run between `before` and `after` ("" and "" leave the marks out).
    /// Scalar by scalar: a mark next to a combining accent must not be read as one character with it.
    public static func render(_ excerpt: String, before: String, after: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in excerpt.unicodeScalars {
            switch scalar {
            case open: output.append(contentsOf: before.unicodeScalars)
            case close: output.append(contentsOf: after.unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
