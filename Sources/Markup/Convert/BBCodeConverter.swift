import CCMark

/// Markdown in, BBCode for one forum engine out.
///
/// ```swift
/// let bbcode = BBCodeConverter(dialect: .somethingawful).convert("**hi** [timg]x.png[/timg]")
/// ```
public struct BBCodeConverter: Sendable {
    public let dialect: Dialect
    public let options: ConversionOptions

    public init(dialect: Dialect, options: ConversionOptions = .init()) {
        self.dialect = dialect
        self.options = options
    }

    public func convert(_ markdown: String) -> String {
        guard !markdown.isEmpty, let document = CMarkDocument(markdown: markdown) else { return "" }
        var renderer = BBCodeRenderer(
            dialect: dialect.strategy, options: options, capacity: markdown.utf8.count + markdown.utf8.count / 4)
        renderer.render(document)
        return renderer.output
    }
}
