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
        String(decoding: convertToUTF8(markdown), as: UTF8.self)
    }

    /// The same BBCode as UTF-8 bytes, for writing straight to a file or pipe: a post can be
    /// megabytes, and this skips building (and validating) a String of it.
    public func convertToUTF8(_ markdown: String) -> [UInt8] {
        guard !markdown.isEmpty, let document = CMarkDocument(markdown: markdown) else { return [] }
        switch dialect {
        case .somethingawful: return render(document, SomethingAwfulDialect(), capacity: markdown.utf8.count)
        case .vbulletin: return render(document, VBulletinDialect(), capacity: markdown.utf8.count)
        case .phpbb: return render(document, PhpBBDialect(), capacity: markdown.utf8.count)
        case .xenforo: return render(document, XenForoDialect(), capacity: markdown.utf8.count)
        }
    }

    /// One walk with the dialect's Strategy; generic so that each dialect's spelling is
    /// looked up directly rather than through an existential on every node.
    private func render<D: DialectStrategy>(_ document: CMarkDocument, _ dialect: D, capacity: Int) -> [UInt8] {
        var renderer = MarkdownToBBCodeRenderer(dialect: dialect, options: options, capacity: capacity + capacity / 4)
        renderer.render(document)
        return renderer.outputBytes
    }
}
