import CCMark
import CLibXML2
import Foundation
import Markup

/// The round trip that proves the converter: for Markdown `m`, what a reader of the forum
/// sees of `convert(m)` must be what a reader of a browser sees of cmark's own HTML for `m`.
/// "What a reader sees" is compared after one normalisation, applied to both sides alike.
enum VisibleText {
    /// The forum side: the converter's BBCode, parsed and rendered as the dialect's engine does.
    static func ofForumPost(_ markdown: String, dialect: Dialect, options: ConversionOptions) -> String {
        let bbcode = BBCodeConverter(dialect: dialect, options: options).convert(markdown)
        return normalised(BBCode.parse(bbcode, dialect: dialect).renderText())
    }

    /// The browser side: cmark's HTML (raw HTML kept, as `--unsafe` renders it, because the
    /// converter translates raw HTML rather than dropping it), as libxml2's HTML parser reads it.
    static func ofBrowserPage(_ markdown: String) -> String {
        normalised(textOfHTML(cmarkHTML(markdown)))
    }

    static func cmarkHTML(_ markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                guard let html = cmark_markdown_to_html(chars.baseAddress, chars.count, CMARK_OPT_UNSAFE) else { return "" }
                defer { free(html) }
                return String(cString: html)
            }
        }
    }

    /// The text a browser shows for an HTML fragment: no markup, comments, scripts or styles;
    /// line breaks and block elements on lines of their own; image alt text not shown.
    static func textOfHTML(_ html: String) -> String {
        let wrapped = "<html><body>" + withoutBogusComments(html) + "</body></html>"
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        guard let document = wrapped.withCString({ htmlReadMemory($0, Int32(strlen($0)), nil, "UTF-8", options) })
        else { return "" }
        defer { xmlFreeDoc(document) }
        var text = ""
        var stack: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { stack.append(root) }
        // Depth-first, iteratively (the spec has deeply nested examples).
        func visit(_ node: xmlNodePtr) {
            var work: [(xmlNodePtr, Bool)] = [(node, true)]
            while let (current, entering) = work.popLast() {
                let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                switch current.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    guard entering, let content = current.pointee.content else { continue }
                    let piece = String(cString: content)
                    // A browser folds source newlines into spaces, except in preformatted text.
                    text += isPreformatted(current) ? piece : piece.replacingOccurrences(of: "\n", with: " ")
                case XML_ELEMENT_NODE:
                    if ["script", "style", "head", "title"].contains(name) { continue }
                    if name == "br" { text += "\n"; continue }
                    let block = blockElements.contains(name)
                    if entering {
                        if block { text += "\n" }
                        work.append((current, false))
                        var children: [xmlNodePtr] = []
                        var child = current.pointee.children
                        while let c = child { children.append(c); child = c.pointee.next }
                        for c in children.reversed() { work.append((c, true)) }
                    } else if block {
                        text += "\n"
                    }
                default:
                    continue
                }
            }
        }
        while let node = stack.popLast() { visit(node) }
        return text
    }

    private static func isPreformatted(_ node: xmlNodePtr) -> Bool {
        var ancestor = node.pointee.parent
        while let current = ancestor {
            if let name = current.pointee.name, ["pre", "textarea", "listing", "xmp", "plaintext"]
                .contains(String(cString: name).lowercased()) { return true }
            ancestor = current.pointee.parent
        }
        return false
    }

    /// libxml2 parses HTML4: it shows `<![CDATA[...]]>` and `<!ELEMENT ...>` as text, where an
    /// HTML5 browser reads `<!...` (not a comment) and `<?...` as a bogus comment up to the
    /// first `>`. Those are removed first, so the oracle sees what a browser shows.
    static func withoutBogusComments(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            if (after.hasPrefix("!") && !after.hasPrefix("!--")) || after.hasPrefix("?") {
                guard let close = after.firstIndex(of: ">") else { return result }
                rest = after[after.index(after: close)...]
            } else {
                result += "<"
                rest = after
            }
        }
        return result + rest
    }

    static let blockElements: Set<String> = [
        "p", "div", "li", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
        "table", "tr", "td", "th", "dl", "dt", "dd", "details", "summary", "section", "article", "header",
        "footer", "figure", "figcaption", "address", "aside", "nav", "main", "form", "fieldset", "center",
        "textarea", "body", "html",
    ]

    /// Both sides alike: list numbers (a browser draws them; the BBCode writes them out when
    /// the engine cannot start a list at 3) and stand-in rule lines go, whitespace runs fold.
    static func normalised(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = strippingListNumber(line.drop { $0 == " " || $0 == "\t" })
            if !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "\u{2500}" || $0 == " " }) { continue }
            lines.append(trimmed)
        }
        return lines.joined(separator: " ")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
    }

    /// Removes the list numbers at the start of a line (nested lists can put several there).
    private static func strippingListNumber(_ line: Substring) -> Substring {
        var line = line
        while true {
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9 else { return line }
            let rest = line.dropFirst(digits.count)
            guard let marker = rest.first, marker == "." || marker == ")" else { return line }
            let after = rest.dropFirst()
            guard after.isEmpty || after.first == " " || after.first == "\t" else { return line }
            line = after.drop { $0 == " " || $0 == "\t" }
        }
    }
}
