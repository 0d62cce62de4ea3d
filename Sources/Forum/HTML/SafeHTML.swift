import CXML
import Foundation
import Markup

/// A forum's rendered post as markup that is safe to open in a browser: only the elements,
/// attributes and URL schemes a post needs, written out again from the parsed tree. Anything
/// else (scripts, `on*` handlers, `javascript:` links, frames, forms, styles) never gets through.
extension HTMLNode {
    public var safeInnerHTML: String {
        var html = ""
        SafeHTML.writeChildren(of: pointer, document: document, to: &html)
        return html
    }
}

enum SafeHTML {
    /// Elements kept as they are (with the attributes below).
    static let elements: Set<String> = [
        "a", "abbr", "b", "big", "blockquote", "br", "caption", "center", "cite", "code", "dd", "del", "div", "dl",
        "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "ol", "p", "pre", "q",
        "s", "small", "span", "strike", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "tr", "tt", "u", "ul",
    ]
    /// Elements dropped with everything inside them. Any other element is dropped but its content kept.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript", "template",
        "form", "input", "button", "select", "textarea", "link", "meta", "base", "head", "title", "svg", "math",
    ]
    /// Attributes every kept element may have, and those only some may.
    static let commonAttributes: Set<String> = ["class", "title", "lang", "dir"]
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href"], "img": ["src", "alt", "width", "height"], "td": ["colspan", "rowspan"],
        "th": ["colspan", "rowspan"], "ol": ["start", "type"], "q": ["cite"], "blockquote": ["cite"],
    ]
    static let urlAttributes: Set<String> = ["href", "src", "cite"]
    static let schemes: Set<String> = ["http", "https"]
    /// `mailto:` only where a person clicks it.
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]
    static let voidElements: Set<String> = ["br", "hr", "img"]

    static func writeChildren(of node: xmlNodePtr, document: HTMLDocument, to html: inout String) {
        var child = node.pointee.children
        while let each = child {
            switch each.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = each.pointee.content { html += ThemedPage.escape(String(cString: content)) }
            case XML_ELEMENT_NODE:
                let element = HTMLNode(pointer: each, document: document)
                let name = element.name
                if elements.contains(name) {
                    html += "<" + name + attributes(of: element) + ">"
                    if !voidElements.contains(name) {
                        writeChildren(of: each, document: document, to: &html)
                        html += "</\(name)>"
                    }
                } else if !droppedWithContent.contains(name) {
                    writeChildren(of: each, document: document, to: &html)
                }
            default:
                break  // comments, processing instructions
            }
            child = each.pointee.next
        }
    }

    /// ` name="value"` for each attribute the element may keep, URLs only with a safe scheme.
    static func attributes(of element: HTMLNode) -> String {
        let allowed = commonAttributes.union(elementAttributes[element.name] ?? [])
        var text = ""
        var property = element.pointer.pointee.properties
        while let each = property {
            let name = each.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            property = each.pointee.next
            guard allowed.contains(name), var value = element.attribute(name) else { continue }
            if urlAttributes.contains(name) {
                guard let url = safeURL(value, document: element.document, schemes: name == "href" ? linkSchemes : schemes) else { continue }
                value = url
            }
            text += " \(name)=\"\(ThemedPage.escape(value))\""
        }
        return text
    }

    /// The URL made absolute when its scheme is allowed; nil otherwise. The scheme is read the
    /// way a browser reads it: with spaces, tabs, line breaks and control characters ignored.
    static func safeURL(_ value: String, document: HTMLDocument, schemes: Set<String>) -> String? {
        let compact = String(value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })
        let end = compact.firstIndex { "/?#".contains($0) } ?? compact.endIndex
        if let colon = compact[..<end].firstIndex(of: ":") {
            return schemes.contains(compact[..<colon].lowercased()) ? value.trimmingCharacters(in: .whitespaces) : nil
        }
        // Relative: made absolute against the page, so it still works from a file.
        guard let url = document.resolve(value), let scheme = url.scheme?.lowercased() else { return value }
        return schemes.contains(scheme) ? url.absoluteString : nil
    }
}
