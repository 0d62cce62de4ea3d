import CGumbo
import CXML

/// Parses a page the way browsers do, with gumbo (an HTML5 parser), and copies gumbo's tree into a
/// libxml2 document so that pages are still queried with XPath. libxml2's own HTML parser is an
/// HTML4 one: on real forum pages (divs inside `<head>`) it drops the attributes of `<body>`, and
/// it parses markup inside a `<textarea>` as elements (see platform-notes.md).
enum HTML5Parser {
    struct Parsed {
        let document: htmlDocPtr
        /// Controls a form owns without holding them (see `FormPointer`), by form.
        let pointerControls: [xmlNodePtr: [xmlNodePtr]]
    }

    /// Nil only when gumbo or libxml2 cannot allocate; any text at all makes a page.
    static func parse(_ text: String) -> Parsed? {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { buffer in
                if buffer.baseAddress == nil {
                    return "".withCString { parse(UnsafeBufferPointer(start: $0, count: 0)) }
                }
                return parse(buffer)
            }
        }
    }

    private static func parse(_ buffer: UnsafeBufferPointer<CChar>) -> Parsed? {
        var options = kGumboDefaultOptions
        // Each recorded parse error copies the stack of open elements: quadratic time and memory
        // on a deeply nested page, for errors nobody reads.
        options.max_errors = 0
        guard let base = buffer.baseAddress, let output = gumbo_parse_with_options(&options, base, buffer.count) else {
            return nil
        }
        defer { gumbo_destroy_output(&options, output) }
        guard let document = cxml_html_new_doc() else { return nil }
        // Tag and attribute names are few and repeated: one copy each, shared through the dictionary.
        document.pointee.dict = cxml_dict_create()
        var forms = FormPointer()
        copy(output.pointee.document, into: document, forms: &forms)
        return Parsed(document: document, pointerControls: forms.controlsByForm(output: output, source: buffer))
    }

    /// Copies gumbo's tree node by node, without recursion: a page may nest thousands deep.
    private static func copy(_ root: UnsafeMutablePointer<GumboNode>, into document: htmlDocPtr, forms: inout FormPointer) {
        var stack: [(children: GumboVector, next: UInt32, parent: xmlNodePtr)] = [
            (root.pointee.v.document.children, 0, xmlNodePtr(OpaquePointer(document))),
        ]
        while let top = stack.last {
            guard top.next < top.children.length else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            guard let raw = top.children.data?[Int(top.next)] else { continue }
            let node = raw.assumingMemoryBound(to: GumboNode.self)
            switch node.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                guard let element = newElement(node, document: document) else { continue }
                cxml_add_child(top.parent, element)
                forms.note(node, as: element)
                stack.append((node.pointee.v.element.children, 0, element))
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                if let chars = node.pointee.v.text.text, let text = cxml_new_text(document, xmlString(chars)) {
                    cxml_add_child(top.parent, text)
                }
            case GUMBO_NODE_COMMENT:
                if let chars = node.pointee.v.text.text, let comment = cxml_new_comment(document, xmlString(chars)) {
                    cxml_add_child(top.parent, comment)
                }
            default:
                break
            }
        }
    }

    /// The element with its lower-case name and its attributes (gumbo has dropped duplicates).
    private static func newElement(_ node: UnsafeMutablePointer<GumboNode>, document: htmlDocPtr) -> xmlNodePtr? {
        let element = node.pointee.v.element
        let made: xmlNodePtr?
        if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
            made = cxml_new_node(document, xmlString(name))
        } else {
            made = cxml_new_node(document, unknownTagName(element.original_tag))
        }
        guard let made else { return nil }
        let attributes = element.attributes
        for index in 0..<Int(attributes.length) {
            guard let attribute = attributes.data?[index]?.assumingMemoryBound(to: GumboAttribute.self),
                let name = attribute.pointee.name, let value = attribute.pointee.value
            else { continue }
            // xmlNewProp (cxml_new_prop) takes the value as it is; xmlNewDocProp would read `&` in it as an entity.
            cxml_new_prop(made, xmlString(name), xmlString(value))
        }
        return made
    }

    /// Gumbo names only the tags HTML knows; any other keeps its own name, lower-cased.
    private static func unknownTagName(_ original: GumboStringPiece) -> String {
        var piece = original
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data, piece.length > 0 else { return "unknown" }
        let bytes = UnsafeRawBufferPointer(start: data, count: piece.length)
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// Gumbo's `char` strings are UTF-8, which is what libxml2's `xmlChar` strings hold.
    private static func xmlString(_ text: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
        UnsafeRawPointer(text).assumingMemoryBound(to: xmlChar.self)
    }
}
