import Common

/// Common's, under the name the converter's users have always written (as `Dialect` is).
public typealias SoftBreaks = Common.SoftBreaks

/// Choices that change what `BBCodeConverter` writes, whatever the dialect.
public struct ConversionOptions: Sendable, Equatable {
    /// Treat all prose as literal text (pure CommonMark meaning): BBCode typed into the
    /// Markdown is shown, not obeyed, and the `~~`, `||` and ```` ```bbcode ```` extensions are off.
    public var strict: Bool
    /// `.space` here, CommonMark's own rule, for the converter on its own; what a post uses comes
    /// from config.toml (`Config.softBreaks`, typed line breaks unless the user hard-wraps).
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
