import Markup

/// Turns a post's BBCode into the HTML inside `td.postbody`, with the Markup module's renderer
/// for Something Awful's dialect, then turns smilie codes into pictures as the forum does
/// (unless the post disabled smilies). Decimal references in the stored text reach the page as
/// stored (`NumericReferences`): `&#91;b]` is shown as `[b]`, not as a tag.
enum PostRenderer {
    static func html(_ bbcode: String, smilies: Bool = true) -> String {
        NumericReferences.renderKeepingReferences(bbcode) { text in
            let html = BBCode.parse(text, dialect: .somethingawful).renderHTML()
            return smilies ? withSmilies(html) : html
        }
    }

    /// Codes longest first, so that `:o` never eats the start of a longer code.
    private static let smilies: [Catalog.Smilie] = Catalog.smilieGroups.flatMap(\.smilies)
        .sorted { $0.code.count > $1.code.count }

    /// Elements whose text is never smilie-fied: code, preformatted text, and link text.
    private static let verbatim: Set<String> = ["pre", "code", "a"]

    /// Replaces smilie codes in the text between tags, outside `verbatim` elements.
    static func withSmilies(_ html: String) -> String {
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
                if verbatim.contains(name), !tag.hasSuffix("/>") {
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

    private static func replaceCodes(in text: Substring) -> String {
        var out = ""
        var index = text.startIndex
        scanning: while index < text.endIndex {
            // An escape such as `&#39;` stays whole: its `;)` is no wink.
            if text[index] == "&", let end = entityEnd(text[index...]) {
                out += text[index..<end]
                index = end
                continue
            }
            for smilie in smilies where text[index...].hasPrefix(smilie.code) {
                out += "<img src=\"\(smilie.imagePath)\" alt=\"\" title=\"\(esc(smilie.code))\" class=\"smilie\">"
                index = text.index(index, offsetBy: smilie.code.count)
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
