import Common
import CXML
import Foundation

/// A page parsed the way browsers parse it (HTML5, see `HTML5Parser`), held as a libxml2 tree and
/// queried with XPath.
public final class HTMLDocument {
    let pointer: htmlDocPtr
    /// The page as text, decoded from the charset the server named (windows-1252 when it named none).
    public let source: String
    /// Where the page came from; relative links and form actions resolve against it.
    public let url: URL?
    /// Controls that forms own without holding them (see `FormPointer`), by form.
    let pointerControls: [xmlNodePtr: [xmlNodePtr]]

    /// Nil only when memory runs out or libxml2 cannot be loaded (it is opened at the first page,
    /// see cxml.c): any bytes at all make a page (an empty one has an empty body).
    public init?(bytes: [UInt8], charset: String? = nil, url: URL? = nil) {
        guard cxml_ready() != 0 else { return nil }
        let text = Self.decode(bytes, charset: charset)
        guard let parsed = HTML5Parser.parse(text) else { return nil }
        pointer = parsed.document
        pointerControls = parsed.pointerControls
        source = text
        self.url = url
    }

    public convenience init?(_ html: String, url: URL? = nil) {
        self.init(bytes: Array(html.utf8), charset: "utf-8", url: url)
    }

    deinit { cxml_free_doc(pointer) }

    /// Decodes as the charset says; anything but UTF-8 is read as windows-1252, which is what
    /// browsers do for latin1/iso-8859-1 too.
    static func decode(_ bytes: [UInt8], charset: String?) -> String {
        let name = (charset ?? sniffedCharset(bytes) ?? "windows-1252").lowercased()
        if name == "utf-8" || name == "utf8" {
            return String(decoding: bytes, as: UTF8.self)
        }
        return Windows1252.decode(bytes)
    }

    /// The charset a `<meta>` in the first kilobyte names, if any.
    static func sniffedCharset(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
        guard let range = head.range(of: "charset=") else { return nil }
        let rest = head[range.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    public var root: HTMLNode? {
        cxml_doc_root(pointer).map { HTMLNode(pointer: $0, document: self) }
    }

    /// Nodes matching `xpath`, in document order, evaluated against `context` (the whole page when nil).
    public func select(_ xpath: String, in context: HTMLNode? = nil) -> [HTMLNode] {
        guard let xpathContext = cxml_xpath_context(pointer) else { return [] }
        defer { cxml_xpath_free_context(xpathContext) }
        if let context { xpathContext.pointee.node = context.pointer }
        guard let result = cxml_xpath_eval(xpath, xpathContext) else { return [] }
        defer { cxml_xpath_free_object(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let nodes = set.pointee.nodeTab else {
            return []
        }
        return (0..<Int(set.pointee.nodeNr)).compactMap { index in
            nodes[index].map { HTMLNode(pointer: $0, document: self) }
        }
    }

    public func first(_ xpath: String, in context: HTMLNode? = nil) -> HTMLNode? {
        select(xpath, in: context).first
    }

    /// A URL on the page made absolute.
    public func resolve(_ reference: String) -> URL? {
        URL(string: reference.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL
    }
}

/// An XPath predicate that is true when the node's class list holds `name` (XPath 1 has no `hasClass`).
public func xpathHasClass(_ name: String) -> String {
    "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
}

/// One element (or text node) of an `HTMLDocument`. It keeps its document alive.
public struct HTMLNode {
    let pointer: xmlNodePtr
    public let document: HTMLDocument

    /// Lower-case tag name.
    public var name: String {
        pointer.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    public func attribute(_ name: String) -> String? {
        guard let value = cxml_get_prop(pointer, name) else { return nil }
        defer { cxml_free(value) }
        return String(cString: value)
    }

    public func hasAttribute(_ name: String) -> Bool {
        cxml_has_prop(pointer, name) != 0
    }

    /// Whether this is an HTML comment (`<!-- ... -->`); its `text` is what it says.
    public var isComment: Bool {
        pointer.pointee.type == XML_COMMENT_NODE
    }

    public func hasClass(_ name: String) -> Bool {
        (attribute("class") ?? "").split(whereSeparator: \.isWhitespace).contains { $0 == name }
    }

    /// All text inside, references decoded.
    public var text: String {
        guard let content = cxml_node_content(pointer) else { return "" }
        defer { cxml_free(content) }
        return String(cString: content)
    }

    /// `text` with runs of whitespace collapsed to one space, trimmed: what a reader sees.
    public var visibleText: String {
        text.collapsingWhiteSpace
    }

    public func select(_ xpath: String) -> [HTMLNode] { document.select(xpath, in: self) }
    public func first(_ xpath: String) -> HTMLNode? { document.first(xpath, in: self) }

    /// A textarea's value is its text: HTML5 reads what is inside as text (tags in it are not tags,
    /// references are decoded) and drops one line break right after `<textarea>`, as browsers do.
    public var textareaValue: String { text }

    /// The text as a reader sees it on the page: `<br>` and block ends become line breaks,
    /// other whitespace collapses, smilies are their codes. For showing a post or PM body in a terminal.
    public var readableText: String {
        PostText.text(of: self, detail: .readable)
    }
}

extension String {
    /// Runs of white space as one space, none at the ends, scalar by scalar: a space or tab
    /// followed by a joiner or a combining mark is one Character, which a Character-level split
    /// drops whole (mark and all) on one side and keeps on the other.
    public var collapsingWhiteSpace: String {
        var result = String.UnicodeScalarView()
        var space = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                space = !result.isEmpty
                continue
            }
            if space { result.append(" ") }
            space = false
            result.append(scalar)
        }
        return String(result)
    }
}
