extension BBCodeDocument {
    /// The post as an HTML fragment. Elements carry stable semantic classes (`bbc-quote`,
    /// `bbc-quote-header`, `bbc-spoiler`, `bbc-code`, `bbc-fixed`, ...) for theme CSS; every text
    /// and attribute is escaped, and links and images only point at http, https, mailto or
    /// relative URLs.
    ///
    /// `imageSources` swaps an image's address for another where the page should show something
    /// the post cannot name yet: a preview's local image (its stand-in URL) drawn from a `data:` URI.
    public func renderHTML(imageSources: [String: String] = [:]) -> String {
        var renderer = BBCodeToHTMLRenderer(document: self, imageSources: imageSources)
        return renderer.render()
    }
}

/// One `switch` over roles, with enter and exit events, in the manner of cmark's renderers.
private struct BBCodeToHTMLRenderer {
    let document: BBCodeDocument
    let engine: BBCodeEngine
    let imageSources: [String: String]
    private var out = ""
    /// What each open element writes when it closes, and whether it was preformatted.
    private var closers: [(html: String, preformatted: Bool)] = []
    private var preformattedDepth = 0

    init(document: BBCodeDocument, imageSources: [String: String]) {
        self.document = document
        self.engine = document.dialect.bbcodeEngine
        self.imageSources = imageSources
    }

    mutating func render() -> String {
        document.walk { event in
            switch event {
            case .enter(let node):
                switch node.kind {
                case .root: break
                case .text(let text): out += htmlEscaped(text)
                case .lineBreak: out += preformattedDepth > 0 ? "\n" : "<br>\n"
                case .element(let element): return enter(node, element)
                }
            case .exit(let node):
                guard node.element != nil, let closer = closers.popLast() else { break }
                out += closer.html
                if closer.preformatted { preformattedDepth -= 1 }
            }
            return .proceed
        }
        return out
    }

    /// Writes an element's opening (or, for an image, all of it).
    private mutating func enter(_ node: BBCodeNode, _ element: BBCodeElement) -> BBCodeDocument.WalkStep {
        switch element.role {
        case .bold: wrap("<b>", "</b>")
        case .italic: wrap("<i>", "</i>")
        case .underline: wrap("<u>", "</u>")
        case .strike: wrap("<s>", "</s>")
        case .subscript: wrap("<sub>", "</sub>")
        case .superscript: wrap("<sup>", "</sup>")
        case .color:
            let style = element.option.flatMap { OptionSyntax.xenForoColor($0) ? " style=\"color: \(htmlEscaped($0))\"" : nil }
            wrap("<span class=\"bbc-color\"\(style ?? "")>", "</span>")
        case .size: wrap("<span class=\"bbc-size\"\(data("size", element.option))>", "</span>")
        case .font: wrap("<span class=\"bbc-font\"\(data("font", element.option))>", "</span>")
        case .highlight: wrap("<mark class=\"bbc-highlight\">", "</mark>")
        case .spoiler where engine.rule(for: element.name)?.isBlock == true:
            let title = element.option.map { "<div class=\"bbc-spoiler-title\">\(htmlEscaped($0))</div>" } ?? ""
            wrap("<div class=\"bbc-spoiler bbc-spoiler-block\">\(title)<div class=\"bbc-spoiler-body\">", "</div></div>")
        case .spoiler, .inlineSpoiler: wrap("<span class=\"bbc-spoiler\">", "</span>")
        case .fixed: wrap("<code class=\"bbc-fixed\">", "</code>")
        case .inlineCode: wrap("<code class=\"bbc-icode\">", "</code>")
        case .code:
            let language = element.name == "code" ? element.option : element.name
            wrap("<pre class=\"bbc-code\"\(data("language", language))><code>", "</code></pre>", preformatted: true)
        case .preformatted: wrap("<pre class=\"bbc-pre\">", "</pre>", preformatted: true)
        case .quote:
            let source = engine.quoteSource(of: element)
            let header = engine.quoteHeader(of: element).map { "<div class=\"bbc-quote-header\">\(htmlEscaped($0))</div>" }
            wrap(
                "<blockquote class=\"bbc-quote\"\(data("post", source.postID))>\(header ?? "")<div class=\"bbc-quote-body\">",
                "</div></blockquote>")
        case .link, .email, .threadLink, .postLink:
            if let href = BBCodeLinks.href(of: node, in: document) {
                wrap("<a class=\"bbc-url\" href=\"\(htmlEscaped(href))\" rel=\"nofollow ugc\">", "</a>")
            } else {
                wrap("<span class=\"bbc-url\">", "</span>")
            }
        case .video:
            if let href = BBCodeLinks.href(of: node, in: document) {
                out += "<a class=\"bbc-video\" href=\"\(htmlEscaped(href))\" rel=\"nofollow ugc\">\(htmlEscaped(href))</a>"
                return .skipChildren
            } else {
                wrap("<span class=\"bbc-video\">", "</span>")
            }
        case .image:
            guard let source = BBCodeLinks.imageSource(of: node, in: document) else {
                // An address the engine would not show as an image stays as the text typed.
                wrap(htmlEscaped(element.openingTag), htmlEscaped(element.closingTag ?? ""))
                return .proceed
            }
            let src = htmlEscaped(imageSources[source] ?? source)
            if element.name == "timg" {
                // Something Awful shows [timg] as a thumbnail that opens the full image when clicked
                // (its script boxes it in 170x200); without a script, a link around a small picture.
                out += "<a class=\"bbc-timg\" href=\"\(src)\" rel=\"nofollow ugc\" title=\"Click to view full size\">"
                    + "<img class=\"bbc-timg\" src=\"\(src)\" alt=\"\"></a>"
            } else {
                out += "<img class=\"bbc-img\" src=\"\(src)\" alt=\"\">"
            }
            return .skipChildren
        case .list: list(element)
        case .listItem: wrap("<li>", "</li>")
        case .alignLeft: wrap("<div class=\"bbc-left\">", "</div>")
        case .alignCenter: wrap("<div class=\"bbc-center\">", "</div>")
        case .alignRight: wrap("<div class=\"bbc-right\">", "</div>")
        case .alignJustify: wrap("<div class=\"bbc-justify\">", "</div>")
        case .indent: wrap("<div class=\"bbc-indent\">", "</div>")
        case .heading:
            // `[heading=1]` is the page's second heading level (the first is the thread title).
            let level = (element.option.flatMap { OptionNumber.clamped($0, to: 1...5) } ?? 1) + 1
            wrap("<h\(level) class=\"bbc-heading\">", "</h\(level)>")
        case .horizontalRule: wrap("<hr class=\"bbc-hr\">", "")
        case .noParse: wrap("", "")
        case .mention: wrap("<span class=\"bbc-user\"\(data("user", element.option))>", "</span>")
        case .attachment: wrap("<span class=\"bbc-attach\">", "</span>")
        case .table: wrap("<table class=\"bbc-table\">", "</table>")
        case .tableRow: wrap("<tr>", "</tr>")
        case .tableHeaderCell: wrap("<th>", "</th>")
        case .tableCell: wrap("<td>", "</td>")
        case .embed: wrap("<div class=\"bbc-embed\">", "</div>")
        }
        return .proceed
    }

    /// Numbered, lettered or bulleted as the engine reads `[list=...]`.
    private mutating func list(_ element: BBCodeElement) {
        let type: String
        switch engine.listStyle(option: element.option) {
        case .bullet: return wrap("<ul class=\"bbc-list\">", "</ul>")
        case .decimal: type = "1"
        case .lowerAlpha: type = "a"
        case .upperAlpha: type = "A"
        case .lowerRoman: type = "i"
        case .upperRoman: type = "I"
        }
        wrap("<ol class=\"bbc-list\" type=\"\(type)\">", "</ol>")
    }

    private mutating func wrap(_ open: String, _ close: String, preformatted: Bool = false) {
        out += open
        closers.append((close, preformatted))
        if preformatted { preformattedDepth += 1 }
    }

    private func data(_ name: String, _ value: String?) -> String {
        guard let value, !value.isEmpty else { return "" }
        return " data-\(name)=\"\(htmlEscaped(value))\""
    }
}
