import Forum
import Markup

/// A post as the forum rendered it (the HTML inside its `.postbody`), read back into a
/// `BBCodeDocument`, so that `preview --remote` draws it with Markup's terminal renderer exactly
/// as a local preview is drawn: the forum's bold, quotes (under the forum's own "name posted:"
/// line), code, lists, tables, links, images and spoilers become the same elements, a smilie its
/// code. Read with Forum's `HTMLDocument`, which parses as a browser does, so broken markup is
/// survived the way a browser survives it; white space is what a browser shows (a run of it is
/// one space, except inside `<pre>`).
public struct ForumPostDocument {
    private var builder: BBCodeDocument.Builder
    /// Inside `<pre>`, where white space is kept.
    private var preformatted = 0
    /// Nothing is on the line yet, or what is ends in a space: white space here shows as nothing.
    private var afterSpace = true

    public static func read(html: String) -> BBCodeDocument {
        // The forum renders Something Awful's BBCode, whatever dialect this machine writes.
        var reader = ForumPostDocument(builder: BBCodeDocument.Builder(dialect: .somethingawful))
        if let document = HTMLDocument(html), let body = document.first("//body") { reader.walk(body) }
        return reader.builder.build()
    }

    private mutating func walk(_ node: HTMLNode, skippingFirstElement skip: Bool = false) {
        var skipping = skip
        for child in node.select("node()") {
            if child.first("self::text()") != nil {
                write(child.text)
            } else if child.first("self::*") != nil {
                if skipping {
                    skipping = false
                    continue
                }
                element(child)
            }
        }
    }

    private mutating func element(_ node: HTMLNode) {
        switch node.name {
        case "br": lineBreak()
        case "script", "style": break
        case "img": image(node)
        case "a" where node.hasClass("bbc-video"): contain(.video, node)
        case "a": if let href = node.attribute("href") { contain(.link, option: href, node) } else { walk(node) }
        case "b", "strong": contain(.bold, node)
        case "i", "em": contain(.italic, node)
        case "u", "ins": contain(.underline, node)
        case "s", "strike", "del": contain(.strike, node)
        case "sub": contain(.subscript, node)
        case "sup": contain(.superscript, node)
        case "mark": contain(.highlight, node)
        case "code", "tt": if preformatted > 0 { walk(node) } else { contain(.fixed, node) }
        case "span" where node.hasClass("bbc-spoiler"): contain(.spoiler, node)
        case "blockquote" where node.hasClass("quote-body") || node.hasClass("spoiler-body"): walk(node)
        case "blockquote": quote(node)
        // Misago: `<aside class="quote-block">` with its heading, `<aside class="spoiler-block">`.
        case "aside" where node.hasClass("quote-block"): quote(node)
        case "aside" where node.hasClass("spoiler-block"): contain(.spoiler, node)
        case "div" where node.hasClass("spoiler-overlay"): break
        case "pre": contain(node.hasClass("bbc-code") ? .code : .preformatted, node)
        case "ol": contain(.list, option: node.attribute("type") ?? "1", node)
        case "ul": contain(.list, node)
        case "li": contain(.listItem, node)
        case "hr": contain(.horizontalRule, node)
        case "h1", "h2", "h3", "h4", "h5", "h6": contain(.heading, node)
        case "table": contain(.table, node)
        case "tr": contain(.tableRow, node)
        case "th": contain(.tableHeaderCell, node)
        case "td": contain(.tableCell, node)
        case "center": contain(.alignCenter, node)
        case "div" where node.hasClass("bbc-quote-body"): walk(node)
        case "div" where node.hasClass("bbc-center"): contain(.alignCenter, node)
        case "div" where node.hasClass("bbc-right"): contain(.alignRight, node)
        case "div" where node.hasClass("bbc-indent"): contain(.indent, node)
        // Any other block: lines of its own, nothing drawn around them.
        case "div", "p": contain(.alignLeft, node)
        default: walk(node)
        }
    }

    /// The forum's quote: its first element is the line naming the author when it is a header
    /// (Something Awful's `<h4>`, the sandbox's `.bbc-quote-header`).
    private mutating func quote(_ node: HTMLNode) {
        let first = node.first("*[1]")
        let header = first.flatMap { $0.name == "h4" || $0.hasClass("bbc-quote-header") || $0.hasClass("quote-heading") ? $0.visibleText : nil }
        contain(.quote, header: header, node, skippingFirstElement: header != nil)
    }

    /// A smilie as its code (which the forum shows as a picture), any other picture by its address.
    private mutating func image(_ node: HTMLNode) {
        let source = node.attribute("src") ?? ""
        if node.hasClass("smilie") || source.contains("/smilies/") {
            write(node.attribute("title") ?? node.attribute("alt") ?? "")
            return
        }
        builder.open(BBCodeElement(name: "img", role: .image, openingTag: ""))
        builder.text(source)
        builder.close()
        afterSpace = false
    }

    /// An element of `role` holding the node's content.
    private mutating func contain(_ role: BBCodeRole, option: String? = nil, header: String? = nil, _ node: HTMLNode,
                                  skippingFirstElement skip: Bool = false) {
        let keepsSpace = role == .code || role == .preformatted
        builder.open(BBCodeElement(name: role.rawValue, role: role, option: option, openingTag: "", header: header))
        if role.isBlock { afterSpace = true }
        if keepsSpace { preformatted += 1 }
        walk(node, skippingFirstElement: skip)
        if keepsSpace { preformatted -= 1 }
        builder.close()
        if role.isBlock { afterSpace = true }
    }

    private mutating func lineBreak() {
        builder.lineBreak()
        afterSpace = true
    }

    /// Text as a browser shows it: outside `<pre>`, a run of white space is one space and none
    /// starts a line.
    private mutating func write(_ text: String) {
        guard preformatted == 0 else {
            builder.text(text)
            afterSpace = false
            return
        }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.htmlSpace.contains(scalar) {
                if !afterSpace { shown.append(" ") }
                afterSpace = true
            } else {
                shown.append(scalar)
                afterSpace = false
            }
        }
        if !shown.isEmpty { builder.text(String(shown)) }
    }

    /// What HTML counts as white space (not every Unicode space: a no-break space is kept).
    private static let htmlSpace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{C}"]
}
