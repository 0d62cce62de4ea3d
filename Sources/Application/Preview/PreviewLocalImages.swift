import Common
import Foundation
import Markup
import Store

/// A Markdown draft's local images (`![cat](cat.png)`), looked at for the preview before they are
/// uploaded: each is put in the Markdown under a stand-in address, which the terminal preview
/// labels with the file's name, pixel size and byte size (or why it cannot be sent) and the HTML
/// preview draws from a `data:` URI, so the page stays self-contained (it may be written to
/// standard output or moved; a file reference would break there).
public struct PreviewLocalImages: Sendable {
    /// The draft with stand-in addresses in place of local paths.
    var markdown: String
    /// Stand-in address → `cat.png, 640x480 PNG, 12 KB` (or the reason it is not shown).
    public var labels: [String: String] = [:]
    /// Stand-in address → `data:` URI of the file's bytes (or of a picture saying what is wrong).
    public var sources: [String: String] = [:]
    /// Stand-in addresses the converter writes in the dialect's large-image tag (SA's `[timg]`).
    var largeImages: Set<String> = []

    /// `.invalid` is reserved (RFC 2606): the stand-in can never name a real image.
    static let standInBase = "https://missive-local-image.invalid/"

    init(markdown: String, base: ImagePathBase, dialect: Dialect) {
        let images = LocalImages.local(in: markdown, base: base)
        self.markdown = markdown
        guard !images.isEmpty else { return }
        for (index, image) in images.enumerated() {
            guard case let .local(path, resolved) = image.location else { continue }
            let standIn = "\(Self.standInBase)\(index)"
            do {
                let file = try LocalImageFile(path: path, resolvedPath: resolved, limit: Int.max)
                labels[standIn] = "\(path), \(file.pixelSize) \(file.format), \(Self.size(file.byteCount))"
                sources[standIn] = try Self.dataURI(file)
                // The tag the post will use: Something Awful's [timg] above its size rule.
                if dialect.thumbnailRule?.wantsThumbnail(file.pixelSize) == true { largeImages.insert(standIn) }
            } catch let error as ImageFileError {
                let reason = Self.reason(error)
                labels[standIn] = "\(path): cannot be sent: \(reason)"
                sources[standIn] = Self.notice("\(path): \(reason)")
            } catch {
                labels[standIn] = "\(path): cannot be sent: \(error)"
                sources[standIn] = Self.notice("\(path): \(error)")
            }
        }
        // An image whose place in the text cannot be found stays as written (shown as typed).
        self.markdown = (try? LocalImages.rewrite(markdown, images: images) { image in
            images.firstIndex(of: image).map { "\(Self.standInBase)\($0)" }
        }) ?? markdown
    }

    /// Relative paths against the directory the command was started in, `~` against `$HOME`.
    static func commandBase() -> ImagePathBase {
        ImagePathBase(workingDirectory: FileManager.default.currentDirectoryPath,
                      home: ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory())
    }

    /// `ImageFileError` says "image PATH: REASON"; the label already names the path.
    private static func reason(_ error: ImageFileError) -> String {
        let prefix = "image \(error.path): "
        return error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : error.description
    }

    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: "\(bytes) bytes"
        case ..<(1024 * 1024): "\(Int((Double(bytes) / 1024).rounded())) KB"
        default: "\((Double(bytes) / 1_048_576 * 10).rounded() / 10) MB"
        }
    }

    private static func dataURI(_ file: LocalImageFile) throws -> String {
        var bytes = Data(capacity: file.byteCount)
        try file.stream { bytes.append(contentsOf: $0) }
        return "data:\(file.format.mediaType);base64,\(bytes.base64EncodedString())"
    }

    /// A small picture that says what is wrong, where the image would be.
    private static func notice(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let width = min(20 + text.count * 7, 1200)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"24\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fde2e2\" stroke=\"#b00\"/>"
            + "<text x=\"8\" y=\"16\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#900\">\(escaped)</text></svg>"
        return "data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())"
    }
}
