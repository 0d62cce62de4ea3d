import CLibXML2
import Foundation

/// A page parsed the way the adapter parses it (libxml2's HTML parser, XPath), so that tests
/// check what a scraper would find rather than substrings.
final class HTMLPage {
    struct Node {
        var name: String
        var attributes: [String: String]
        var text: String
        subscript(attribute: String) -> String? { attributes[attribute] }
    }

    private let document: htmlDocPtr

    init?(_ body: Data) {
        let parsed = body.withUnsafeBytes { buffer -> htmlDocPtr? in
            guard let base = buffer.baseAddress else { return nil }
            return htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), "http://127.0.0.1/",
                                  "windows-1252",
                                  Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                                        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue))
        }
        guard let parsed else { return nil }
        document = parsed
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
                cxml_free(value)
            }
            attribute = current.pointee.next
        }
        var text = ""
        if let content = xmlNodeGetContent(pointer) {
            text = String(cString: content)
            cxml_free(content)
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
