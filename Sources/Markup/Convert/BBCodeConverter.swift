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
        var markdown = markdown
        return markdown.withUTF8 { utf8 in
            guard !utf8.isEmpty, let document = CMarkDocument(utf8: utf8) else { return [] }
            return render(document, capacity: utf8.count + utf8.count / 4, sink: nil).bytes
        }
    }

    /// Converts Markdown (UTF-8) read a piece at a time and hands the BBCode to `sink` in pieces of
    /// about `chunkSize` bytes as it is written: each piece `next` returns (valid until it is called
    /// again) is parsed as it comes, so neither the Markdown nor its BBCode is ever held whole.
    /// An error `next` throws ends the conversion before anything is written. Returns whether any
    /// BBCode was written. `beforeExit`: the process ends right after, so the parsed tree is left
    /// for the kernel to take back rather than freed node by node.
    public func convert(
        pieces next: () throws -> UnsafeBufferPointer<UInt8>?, chunkSize: Int = 1 << 16, beforeExit: Bool = false,
        to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) rethrows -> Bool {
        guard let document = try CMarkDocument(pieces: next, freesTree: !beforeExit) else { return false }
        return withoutActuallyEscaping(sink) { sink in
            render(document, capacity: 0, sink: sink, chunkSize: chunkSize).wroteAny
        }
    }

    private func render(
        _ document: CMarkDocument, capacity: Int, sink: BBCodeSink?, chunkSize: Int = 1 << 16
    ) -> Rendered {
        switch dialect {
        case .somethingawful: render(document, SomethingAwfulDialect(), capacity: capacity, sink: sink, chunkSize: chunkSize)
        case .vbulletin: render(document, VBulletinDialect(), capacity: capacity, sink: sink, chunkSize: chunkSize)
        case .phpbb: render(document, PhpBBDialect(), capacity: capacity, sink: sink, chunkSize: chunkSize)
        case .xenforo: render(document, XenForoDialect(), capacity: capacity, sink: sink, chunkSize: chunkSize)
        case .misago: renderMisago(document, sink: sink)
        }
    }

    /// Misago reads Markdown, not BBCode: its own walker, and the text handed over whole.
    private func renderMisago(_ document: CMarkDocument, sink: BBCodeSink?) -> Rendered {
        var renderer = MarkdownToMisagoRenderer()
        renderer.render(document)
        let bytes = Array(renderer.out.utf8)
        guard let sink else { return Rendered(bytes: bytes, wroteAny: !bytes.isEmpty) }
        bytes.withUnsafeBufferPointer { sink($0) }
        return Rendered(bytes: [], wroteAny: !bytes.isEmpty)
    }

    /// One walk with the dialect's Strategy; generic so that each dialect's spelling is
    /// looked up directly rather than through an existential on every node.
    private func render<D: DialectStrategy>(
        _ document: CMarkDocument, _ dialect: D, capacity: Int, sink: BBCodeSink?, chunkSize: Int
    ) -> Rendered {
        var renderer = MarkdownToBBCodeRenderer(
            dialect: dialect, options: options, capacity: capacity, sink: sink, chunkSize: chunkSize)
        renderer.render(document)
        renderer.out.finish()
        return Rendered(bytes: renderer.out.bytes, wroteAny: !renderer.out.isEmpty)
    }

    /// The BBCode (all of it without a sink, none with one) and whether there was any.
    private struct Rendered {
        let bytes: [UInt8]
        let wroteAny: Bool
    }
}

/// Where streamed BBCode goes, a piece at a time.
typealias BBCodeSink = (UnsafeBufferPointer<UInt8>) -> Void
