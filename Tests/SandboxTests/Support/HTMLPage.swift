import CLibXML2
import Foundation

/// A page parsed with libxml2's HTML parser and read with XPath, so that tests check what a
/// scraper would find rather than substrings, with one browser rule added: the attributes of the
/// page's `<body>` tag end up on the body. Pages carry divs inside `<head>` as the real forum's do;
/// a browser (HTML5) then starts the body early and moves the later `<body class="...">` tag's
/// attributes onto it, where libxml2 (an HTML4 parser) drops them. `libxml2Body` shows that loss.
final class HTMLPage {
    struct Node {
        var name: String
        var attributes: [String: String]
        var text: String
        subscript(attribute: String) -> String? { attributes[attribute] }
    }

    private let document: htmlDocPtr

    init?(_ body: Data) {
        guard let parsed = Self.parse(body) else { return nil }
        document = parsed
        Self.mergeBodyTagAttributes(from: body, into: parsed)
    }

    /// The body's attributes exactly as libxml2 leaves them, without the browser rule.
    static func libxml2Body(_ body: Data) -> [String: String]? {
        guard let parsed = parse(body) else { return nil }
        return HTMLPage(document: parsed).first("//body")?.attributes
    }

    private init(document: htmlDocPtr) {
        self.document = document
    }

    private static func parse(_ body: Data) -> htmlDocPtr? {
        body.withUnsafeBytes { buffer -> htmlDocPtr? in
            guard let base = buffer.baseAddress else { return nil }
            return htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), "http://127.0.0.1/",
                                  "windows-1252",
                                  Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                                        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue))
        }
    }

    /// HTML5's rule for a `<body>` tag met when a body already exists: each of its attributes the
    /// body lacks is added to it.
    private static func mergeBodyTagAttributes(from body: Data, into document: htmlDocPtr) {
        let source = String(decoding: body.map { UInt16(TestCP1252.scalar(for: $0)) }, as: UTF16.self)
        guard let tag = source.range(of: #"<body(\s[^>]*)?>"#, options: [.regularExpression, .caseInsensitive]),
              let root = xmlDocGetRootElement(document) else { return }
        var bodyNode: xmlNodePtr?
        var child = root.pointee.children
        while let node = child {
            if let name = node.pointee.name, String(cString: name).lowercased() == "body" { bodyNode = node }
            child = node.pointee.next
        }
        guard let bodyNode else { return }
        let attributes = String(source[tag].dropFirst("<body".count).dropLast())
        let pattern = #"([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return }
        let whole = NSRange(attributes.startIndex..., in: attributes)
        for match in expression.matches(in: attributes, range: whole) {
            func group(_ index: Int) -> String? {
                Range(match.range(at: index), in: attributes).map { String(attributes[$0]) }
            }
            guard let name = group(1)?.lowercased() else { continue }
            let value = (group(2) ?? group(3) ?? group(4) ?? "")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            if xmlHasProp(bodyNode, name) == nil { xmlSetProp(bodyNode, name, value) }
        }
    }

    deinit { xmlFreeDoc(document) }

    func nodes(_ xpath: String) -> [Node] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        guard let result = xmlXPathEvalExpression(xpath, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { index in
            guard let node = set.pointee.nodeTab[index] else { return nil }
            return Self.node(node)
        }
    }

    func first(_ xpath: String) -> Node? { nodes(xpath).first }

    /// Trimmed text of the first match.
    func text(_ xpath: String) -> String? {
        first(xpath)?.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func node(_ pointer: xmlNodePtr) -> Node {
        var attributes: [String: String] = [:]
        var attribute = pointer.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            if let value = xmlGetProp(pointer, current.pointee.name) {
                attributes[name] = String(cString: value)
                linked_xml_free(value)
            }
            attribute = current.pointee.next
        }
        var text = ""
        if let content = xmlNodeGetContent(pointer) {
            text = String(cString: content)
            linked_xml_free(content)
        }
        let name = pointer.pointee.name.map { String(cString: $0) } ?? ""
        return Node(name: name, attributes: attributes, text: text)
    }

    /// What a browser submits from `form[name=vbform]` when `button` is clicked: hidden and text
    /// inputs, checked boxes and radios, the textarea, and that one button.
    func vbformSubmission(clicking button: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for input in nodes("//form[@name='vbform']//input | //form[@name='vbform']//textarea") {
            guard let name = input["name"] else { continue }
            if input.name == "textarea" { fields.append((name, input.text)); continue }
            switch (input["type"] ?? "text").lowercased() {
            case "hidden", "text", "password": fields.append((name, input["value"] ?? ""))
            case "checkbox", "radio": if input["checked"] != nil { fields.append((name, input["value"] ?? "on")) }
            case "submit": if name == button { fields.append((name, input["value"] ?? "")) }
            default: break
            }
        }
        return fields
    }
}
