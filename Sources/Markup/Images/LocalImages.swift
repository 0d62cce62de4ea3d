import CCMark
import Foundation

/// Where a Markdown image's target points.
public enum ImageLocation: Sendable, Equatable {
    /// A URL (`https://...`, `//host/...`, `data:`...) or nothing at all: left exactly as written.
    case remote
    /// A file on this machine: `path` as written, `resolved` absolute (`~` and relative paths expanded).
    case local(path: String, resolved: String)
}

/// What relative and `~` paths in a draft are resolved against.
public struct ImagePathBase: Sendable, Equatable {
    /// The directory the command was started in.
    public var workingDirectory: String
    public var home: String

    public init(workingDirectory: String, home: String) {
        self.workingDirectory = workingDirectory
        self.home = home
    }
}

/// One Markdown image of a draft, as cmark read it.
public struct DraftImage: Sendable, Equatable {
    /// The destination after Markdown's escapes are undone (what the converter would use).
    public var target: String
    public var title: String
    /// The image description as plain text (emphasis and code spans reduced to their text).
    public var altText: String
    public var location: ImageLocation
    /// Where `![...](...)` (or `![...][ref]`) is in the draft's UTF-8; nil when cmark's position
    /// could not be matched to the text (then the image cannot be rewritten, see `ImageRewriteError`).
    public var sourceRange: Range<Int>?

    public init(target: String, title: String, altText: String, location: ImageLocation, sourceRange: Range<Int>?) {
        self.target = target
        self.title = title
        self.altText = altText
        self.location = location
        self.sourceRange = sourceRange
    }

    public var isLocal: Bool { if case .local = location { true } else { false } }
}

public struct ImageRewriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var target: String

    public init(target: String) { self.target = target }

    public var description: String {
        "the image \(target) could not be located in the draft's text to put its hosted address in; "
            + "write it on one line as ![description](\(target))"
    }
}

/// Finds the images of a Markdown draft (through cmark's own tree, so an image inside a code
/// span or a code block is text, not an image) and puts hosted addresses in place of local ones.
public enum LocalImages {
    /// Every image of `markdown`, in document order, local or not.
    public static func find(in markdown: String, base: ImagePathBase) -> [DraftImage] {
        guard let document = CMarkDocument(markdown: markdown) else { return [] }
        let lines = LineStarts(markdown)
        var images: [DraftImage] = []
        document.walk { node, entering in
            guard entering, node.type == CMARK_NODE_IMAGE else { return }
            let target = node.url
            images.append(DraftImage(
                target: target, title: node.title, altText: plainText(of: node), location: location(of: target, base: base),
                sourceRange: lines.range(of: node, in: markdown)))
        }
        return images
    }

    /// The local images only.
    public static func local(in markdown: String, base: ImagePathBase) -> [DraftImage] {
        find(in: markdown, base: base).filter(\.isLocal)
    }

    /// `markdown` with each image for which `url` answers pointing at that address; the rest
    /// of the text is left byte for byte. Throws if an image to replace has no known source range.
    public static func rewrite(
        _ markdown: String, images: [DraftImage], url: (DraftImage) -> String?
    ) throws(ImageRewriteError) -> String {
        var replacements: [(range: Range<Int>, text: String)] = []
        for image in images {
            guard let url = url(image) else { continue }
            guard let range = image.sourceRange else { throw ImageRewriteError(target: image.target) }
            replacements.append((range, markdownText(url, for: image)))
        }
        let bytes = Array(markdown.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replacements.count * 64)
        var position = 0
        for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where replacement.range.lowerBound >= position {
            out += bytes[position..<replacement.range.lowerBound]
            out += Array(replacement.text.utf8)
            position = replacement.range.upperBound
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Targets

    static func location(of target: String, base: ImagePathBase) -> ImageLocation {
        guard !target.isEmpty, !target.hasPrefix("//") else { return .remote }
        if let scheme = scheme(of: target) {
            guard scheme == "file", let url = URL(string: target), url.host.map({ $0.isEmpty || $0 == "localhost" }) ?? true,
                  !url.path.isEmpty
            else { return .remote }
            return .local(path: target, resolved: url.path)
        }
        if target == "~" { return .local(path: target, resolved: base.home) }
        if target.hasPrefix("~/") { return .local(path: target, resolved: joined(base.home, String(target.dropFirst(2)))) }
        if target.hasPrefix("/") { return .local(path: target, resolved: target) }
        return .local(path: target, resolved: joined(base.workingDirectory, target))
    }

    /// RFC 3986's scheme (`letter *( letter / digit / "+" / "-" / "." ) ":"`), lower-cased.
    private static func scheme(of target: String) -> String? {
        guard let colon = target.firstIndex(of: ":") else { return nil }
        let name = target[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return name.lowercased()
    }

    private static func joined(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    // MARK: - Text

    private static func plainText(of node: CMarkNode) -> String {
        var text = ""
        var child = node.firstChild
        while let each = child {
            switch each.type {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += each.literal
            default: text += plainText(of: each)
            }
            child = each.next
        }
        return text
    }

    /// `![alt](<url> "title")`: the converter then writes the dialect's image tag (or, for an
    /// address in `ConversionOptions.largeImages`, its large-image tag). Never a BBCode tag typed
    /// into the Markdown, which `--strict` would escape.
    static func markdownText(_ url: String, for image: DraftImage) -> String {
        let title = image.title.isEmpty ? "" : " \"" + escapedTitle(image.title) + "\""
        return "![" + escapedText(image.altText) + "](<" + escapedDestination(url) + ">" + title + ")"
    }

    /// The characters that could start Markdown syntax inside a line backslash-escaped, line
    /// breaks as spaces: the text reads back exactly as given.
    static func escapedText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                out += " "
            } else if "\\`*_[]<>!&".unicodeScalars.contains(scalar) {
                out += "\\" + String(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Inside `<...>` only `<`, `>`, a backslash and line breaks would change the meaning.
    private static func escapedDestination(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "<": out += "%3C"
            case ">": out += "%3E"
            case "\\": out += "%5C"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func escapedTitle(_ title: String) -> String {
        escapedText(title)
    }
}

/// Byte offsets of line starts, to turn cmark's 1-based line:column (bytes) into UTF-8 ranges.
private struct LineStarts {
    let starts: [Int]

    init(_ markdown: String) {
        var starts = [0]
        let bytes = Array(markdown.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                starts.append(index + 1)
            } else if bytes[index] == 0x0D {
                // CR LF is one line ending; a lone CR is one too (as cmark reads it).
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.starts = starts
    }

    /// The image's bytes, checked to begin with `![` and end with `)` or `]`. cmark 0.30 gives an
    /// image that spans lines the start line of its end, with the right column: the lines above,
    /// back to its paragraph's first, are tried at that column.
    func range(of node: CMarkNode, in markdown: String) -> Range<Int>? {
        let bytes = Array(markdown.utf8)
        let endLine = Int(cmark_node_get_end_line(node.raw))
        let endColumn = Int(cmark_node_get_end_column(node.raw))
        let startLine = Int(cmark_node_get_start_line(node.raw))
        let startColumn = Int(cmark_node_get_start_column(node.raw))
        guard let end = offset(line: endLine, column: endColumn), end < bytes.count, bytes[end] == 0x29 || bytes[end] == 0x5D
        else { return nil }
        var block = node.parent
        while let each = block, !each.isBlock { block = each.parent }
        let firstLine = block.map { Int(cmark_node_get_start_line($0.raw)) } ?? 1
        for line in stride(from: startLine, through: max(firstLine, 1), by: -1) {
            guard let start = offset(line: line, column: startColumn), start + 1 < bytes.count, start <= end else { continue }
            if bytes[start] == 0x21, bytes[start + 1] == 0x5B { return start..<(end + 1) }
        }
        return nil
    }

    private func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= starts.count, column >= 1 else { return nil }
        return starts[line - 1] + column - 1
    }
}
