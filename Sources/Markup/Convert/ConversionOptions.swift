/// How a Markdown line break inside a paragraph (a "soft" break) reaches the forum.
public enum SoftBreaks: String, CaseIterable, Sendable, Codable {
    /// A space, as CommonMark renders it: the forum reflows the paragraph.
    case space
    /// A newline, which forums turn into a line break: keeps the author's lines.
    case newline
}

/// Choices that change what `BBCodeConverter` writes, whatever the dialect.
public struct ConversionOptions: Sendable, Equatable {
    /// Treat all prose as literal text (pure CommonMark meaning): BBCode typed into the
    /// Markdown is shown, not obeyed, and the `~~`, `||` and ```` ```bbcode ```` extensions are off.
    public var strict: Bool
    public var softBreaks: SoftBreaks
    /// Image addresses that take the dialect's large-image tag (Something Awful's `[timg]`)
    /// instead of its image tag: the images its thumbnail rule says are too large to show inline.
    public var largeImages: Set<String>

    public init(strict: Bool = false, softBreaks: SoftBreaks = .space, largeImages: Set<String> = []) {
        self.strict = strict
        self.softBreaks = softBreaks
        self.largeImages = largeImages
    }
}
