/// BBCode from the forum (a quoted post, a post being edited) inside a Markdown draft.
///
/// Markdown would reinterpret the `*`, `_`, `#`, backticks and `[` a post is full of, so the text
/// goes in the converter's escape hatch instead: a fenced block with the info string `bbcode`,
/// passed to the forum verbatim. The fence is longer than any run of backticks in the text, so no
/// line of the text can close it, and it starts in column 0, so no line loses its indentation.
public enum BBCodeFence {
    public static func wrap(_ bbcode: String) -> String {
        // The forum's quote form ends in blank lines for the reply below it; inside the fence
        // they would be where the cursor lands, and whatever was typed there would go out raw.
        let bbcode = withoutBlankEnds(bbcode)
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: bbcode) + 1))
        return fence + "bbcode\n" + bbcode + "\n" + fence
    }

    /// The text without the blank lines at its ends; every other byte as the forum gave it.
    public static func withoutBlankEnds(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.first?.allSatisfy(\.isWhitespace) == true, !lines.isEmpty { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true, !lines.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0, current = 0
        for byte in text.utf8 {
            current = byte == UInt8(ascii: "`") ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
