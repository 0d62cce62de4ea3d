import CCMark
import Foundation

/// A local stand-in for Misago's renderer, for `missive preview` on a misago profile: the text
/// the engine would get (the `misago` dialect's output, or a BBCode draft as it is), drawn with
/// the engine's rules as far as cmark can follow them. Its block BBCode (`[quote]`, `[spoiler]`)
/// splits the text where it stands, as Misago's preprocessor does, and `[code]` becomes a block
/// where it stands (in a list item or a quote too), as the preprocessor's placeholder does; the
/// Markdown between is cmark's with every newline a line break (nl2br); the inline BBCode it honours (`[b] [i]
/// [u] [url] [img] [hr]`) is drawn, and every other tag (`[color] [size] [list] [s] ...`) stays
/// text, as on the forum. The HTML uses Misago's own classes, so it reads back like the forum's
/// preview. `preview --remote` asks the engine itself.
public enum MisagoPreviewHTML {
    public static func render(_ text: String) -> String {
        var html = ""
        var markdown = ""
        // A code block stays where it stands in the Markdown, as a placeholder on a line of its
        // own, as Misago's preprocessor leaves it: so `[code]` in a list item or a quote stays in
        // it. The placeholder line continues the line `[code]` was on (its `>` kept, the rest as
        // spaces), so cmark reads it in the same containers.
        let placeholder = "MISSIVECODE" + UUID().uuidString.filter(\.isHexDigit)
        var codeBlocks: [String] = []
        func flush() {
            if !markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                html += withCode(inline(cmark(markdown)), placeholder: placeholder, blocks: codeBlocks)
            }
            markdown = ""
        }
        var code: String?
        for piece in pieces(text) {
            switch piece {
            case .text(let chunk) where code != nil: code? += chunk
            case .text(let chunk): markdown += chunk
            case .tag(let tag) where code != nil:
                if tag.lowercased() == "[/code]" {
                    let line = markdown.lastIndex(of: "\n").map { markdown[markdown.index(after: $0)...] } ?? markdown[...]
                    markdown += "\n" + String(line.map { $0 == ">" ? ">" : " " }) + placeholder + "\(codeBlocks.count)Z\n"
                    codeBlocks.append("<pre><code>" + htmlEscaped(code?.trimmingCharacters(in: .newlines) ?? "") + "</code></pre>")
                    code = nil
                } else {
                    code? += tag
                }
            case .tag(let tag) where tag.lowercased().hasPrefix("[code"):
                code = ""
            case .tag(let tag):
                flush()
                html += block(tag)
            }
        }
        if let code { markdown += "[code]" + code }
        flush()
        return html
    }

    /// cmark's HTML with each code placeholder replaced by its block: a paragraph of its own, or
    /// where it stands in a line.
    private static func withCode(_ html: String, placeholder: String, blocks: [String]) -> String {
        var html = html
        for (index, block) in blocks.enumerated() where html.contains(placeholder) {
            let key = placeholder + "\(index)Z"
            html = html.replacingOccurrences(of: "<p>" + key + "</p>", with: block)
                .replacingOccurrences(of: "<pre><code>" + key + "\n</code></pre>", with: block)
                .replacingOccurrences(of: key, with: block)
        }
        return html
    }

    private enum Piece { case text(String), tag(String) }

    private static func pieces(_ text: String) -> [Piece] {
        // The block tags Misago's preprocessor finds anywhere in the raw text.
        let blockTag = #/(?i)\[(?:quote(?:=(?:"[^"\]]*"|[^\]]*))?|/quote|spoiler|/spoiler|code(?:=[^\]]*)?|/code)\]/#
        var result: [Piece] = []
        var rest = Substring(text)
        while let match = rest.firstMatch(of: blockTag) {
            result.append(.text(String(rest[..<match.range.lowerBound])))
            result.append(.tag(String(match.output)))
            rest = rest[match.range.upperBound...]
        }
        result.append(.text(String(rest)))
        return result
    }

    private static func block(_ tag: String) -> String {
        let lower = tag.lowercased()
        if lower.hasPrefix("[quote") {
            var author = String(tag.dropFirst(6).dropLast())
            if author.hasPrefix("=") { author = String(author.dropFirst()).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            let heading = author.isEmpty ? "Quoted message:" : htmlEscaped(author) + " has written:"
            return "<aside class=\"quote-block\"><div class=\"quote-heading\">\(heading)</div><blockquote class=\"quote-body\">\n"
        }
        switch lower {
        case "[/quote]", "[/spoiler]": return "</blockquote></aside>\n"
        case "[spoiler]": return "<aside class=\"spoiler-block\"><blockquote class=\"spoiler-body\">\n"
        default:
            return ""
        }
    }

    /// cmark's HTML with nl2br's line breaks; raw HTML is left out (the dialect writes none).
    private static func cmark(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    guard let rendered = cmark_markdown_to_html(chars, buffer.count, CMARK_OPT_HARDBREAKS) else { return "" }
                    defer { free(rendered) }
                    return String(cString: rendered)
                }
            } ?? ""
        }
    }

    /// The inline BBCode Misago draws, in cmark's HTML (where its brackets are still text).
    private static func inline(_ html: String) -> String {
        html.replacing(#/(?is)\[b\](.*?)\[/b\]/#) { "<b>\($0.output.1)</b>" }
            .replacing(#/(?is)\[i\](.*?)\[/i\]/#) { "<i>\($0.output.1)</i>" }
            .replacing(#/(?is)\[u\](.*?)\[/u\]/#) { "<u>\($0.output.1)</u>" }
            .replacing(#/(?is)\[url=(?:&quot;)?([^\]&]*)(?:&quot;)?\](.*?)\[/url\]/#) { "<a href=\"\($0.output.1)\">\($0.output.2)</a>" }
            .replacing(#/(?is)\[url\](.*?)\[/url\]/#) { "<a href=\"\($0.output.1)\">\($0.output.1)</a>" }
            .replacing(#/(?is)\[img\](.*?)\[/img\]/#) { "<img src=\"\($0.output.1)\">" }
            .replacing(#/(?i)\[hr\]/#) { _ in "<hr>" }
    }
}
