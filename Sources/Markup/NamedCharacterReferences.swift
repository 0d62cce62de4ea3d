import CCMark

/// Which named references (`&copy;`) a reader decodes, and to what.
enum NamedCharacterReferences: Sendable {
    /// Only `&shy;`, in any case (vBulletin's `htmlspecialchars_uni` keeps it, and no other name).
    case softHyphenOnly
    /// All of HTML5's, from libcmark's own entity table, so that the converter and cmark agree
    /// on every name.
    case html5

    /// The text for each name that is a reference; names that are not are left out.
    func resolve(_ names: Set<String>) -> [String: String] {
        switch self {
        case .softHyphenOnly:
            return Dictionary(uniqueKeysWithValues: names.filter { $0.lowercased() == "shy" }.map { ($0, "\u{AD}") })
        case .html5:
            return Self.cmarkEntities(names)
        }
    }

    /// libcmark exports no entity lookup, but its parser decodes `&name;` in text: one document
    /// with a paragraph per name resolves them all in a single parse.
    private static func cmarkEntities(_ names: Set<String>) -> [String: String] {
        let ordered = Array(names)
        let markdown = ordered.map { "&\($0);" }.joined(separator: "\n\n")
        guard let document = CMarkDocument(markdown: markdown) else { return [:] }
        var resolved: [String: String] = [:]
        var paragraph = document.root.firstChild
        for name in ordered {
            guard let current = paragraph else { break }
            paragraph = current.next
            guard let text = current.firstChild, text.type == CMARK_NODE_TEXT, text.next == nil else { continue }
            let literal = text.literal
            if literal != "&\(name);" { resolved[name] = literal }
        }
        return resolved
    }
}
