/// Smilie codes drawn as the forum draws them: each code in a post's text becomes an `<img>` of
/// the forum's picture, except in code, preformatted text and link text (Something Awful leaves
/// those as typed). The sandbox draws its posts with it, and the preview when the forum's smilie
/// list is cached.
public struct SmiliePictures: Sendable {
    public struct Picture: Sendable {
        public var code: String
        public var source: String

        public init(code: String, source: String) {
            self.code = code
            self.source = source
        }
    }

    /// Longest code first, so that `:o` never eats the start of a longer code.
    private let pictures: [Picture]

    public init(_ pictures: [Picture]) {
        self.pictures = pictures.filter { !$0.code.isEmpty }.sorted { $0.code.count > $1.code.count }
    }

    public var isEmpty: Bool { pictures.isEmpty }

    /// Elements whose text is never smilie-fied.
    private static let verbatim: Set<String> = ["pre", "code", "a"]

    /// `html` (as the BBCode renderer writes it) with the codes in its text replaced.
    public func draw(in html: String) -> String {
        guard !pictures.isEmpty else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var verbatimDepth = 0
        var rest = Substring(html)
        while !rest.isEmpty {
            if rest.first == "<" {
                // The renderer escapes text, so `<` only ever opens a tag.
                guard let close = rest.firstIndex(of: ">") else {
                    out += rest
                    break
                }
                let tag = rest[...close]
                let name = tag.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter }.lowercased()
                if Self.verbatim.contains(name), !tag.hasSuffix("/>") {
                    verbatimDepth = max(0, verbatimDepth + (tag.hasPrefix("</") ? -1 : 1))
                }
                out += tag
                rest = rest[rest.index(after: close)...]
                continue
            }
            let textEnd = rest.firstIndex(of: "<") ?? rest.endIndex
            let text = rest[..<textEnd]
            out += verbatimDepth > 0 ? String(text) : replaceCodes(in: text)
            rest = rest[textEnd...]
        }
        return out
    }

    private func replaceCodes(in text: Substring) -> String {
        var out = ""
        var index = text.startIndex
        scanning: while index < text.endIndex {
            // An escape such as `&#39;` stays whole: its `;)` is no wink.
            if text[index] == "&", let end = Self.entityEnd(text[index...]) {
                out += text[index..<end]
                index = end
                continue
            }
            for picture in pictures where text[index...].hasPrefix(picture.code) {
                out += "<img src=\"\(htmlEscaped(picture.source))\" alt=\"\" title=\"\(htmlEscaped(picture.code))\" class=\"smilie\">"
                index = text.index(index, offsetBy: picture.code.count)
                continue scanning
            }
            out.append(text[index])
            index = text.index(after: index)
        }
        return out
    }

    /// Where the character reference starting `text` (`&amp;`, `&#39;`, `&#x5B;`) ends, or nil.
    private static func entityEnd(_ text: Substring) -> Substring.Index? {
        let body = text.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
        guard !body.isEmpty, body.count <= 32, body.endIndex < text.endIndex, text[body.endIndex] == ";" else { return nil }
        return text.index(after: body.endIndex)
    }
}
