import Markup

/// Turns a post's BBCode into the HTML inside `td.postbody`, with the Markup module's renderer
/// for Something Awful's dialect, then turns smilie codes into pictures as the forum does
/// (unless the post disabled smilies).
enum PostRenderer {
    static func html(_ bbcode: String, smilies: Bool = true) -> String {
        let html = BBCode.parse(bbcode, dialect: .somethingawful).renderHTML()
        return smilies ? withSmilies(html) : html
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
}
