import Foundation
@testable import Markup

/// A one-line picture of a parsed tree, so that a test states the whole structure it expects:
/// text is quoted, a line break is `/`, an element is `name(children)`, with `=option` and
/// `{attribute=value}` when it has them. `b("bold") " and " url=http://x("link")`.
func outline(_ source: String, _ dialect: Dialect) -> String {
    outline(BBCode.parse(source, dialect: dialect))
}

func outline(_ document: BBCodeDocument) -> String {
    var parts: [[String]] = [[]]
    for event in document.events {
        switch event {
        case .enter(let node):
            switch node.kind {
            case .root: break
            case .text(let text): parts[parts.count - 1].append("\"\(text)\"")
            case .lineBreak: parts[parts.count - 1].append("/")
            case .element: parts.append([])
            }
        case .exit(let node):
            guard let element = node.element, let inner = parts.popLast() else { continue }
            var head = element.name
            if let option = element.option { head += "=\(option)" }
            if !element.attributes.isEmpty {
                head += "{" + element.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + "}"
            }
            parts[parts.count - 1].append("\(head)(\(inner.joined(separator: " ")))")
        }
    }
    return parts[0].joined(separator: " ")
}

/// The depth of the deepest node (iteratively, so that deep trees do not hurt the test).
func depth(of document: BBCodeDocument) -> Int {
    var deepest = 0, current = 0
    for event in document.events {
        switch event {
        case .enter(let node): if node.isContainer { current += 1; deepest = max(deepest, current) }
        case .exit: current -= 1
        }
    }
    return deepest
}

extension Dialect {
    /// The engines that keep an unclosed tag as literal text (vBulletin's family).
    var keepsUnclosedTagsLiteral: Bool { bbcodeEngine.unclosedTags == .literal }
}

/// The addresses a browser would follow in rendered HTML: href values unescaped, with the
/// tabs, newlines, blanks and controls browsers ignore taken out.
func hrefs(in html: String) -> [String] {
    html.components(separatedBy: "href=\"").dropFirst().map { rest in
        let value = rest.prefix { $0 != "\"" }
        let unescaped = value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return String(unescaped.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" })
    }
}

/// Whether an href's scheme is one a page must never follow.
func isDangerous(href: String) -> Bool {
    let scheme = href.prefix { $0 != ":" }.lowercased()
    return href.contains(":") && ["javascript", "vbscript", "data", "file"].contains(scheme)
}

/// Checks what every document must be: nodes in pre-order, children pointing back at their
/// parent, text never empty and never holding a newline. Returns the problems found.
func structuralProblems(_ document: BBCodeDocument) -> [String] {
    var problems: [String] = []
    var expected = 0
    var toVisit = [BBCodeDocument.rootID]
    while let id = toVisit.popLast() {
        if id != expected { problems.append("node \(id) visited as \(expected)") }
        expected += 1
        let node = document[id]
        for child in node.children where document[child].parent != id {
            problems.append("child \(child) of \(id) names parent \(String(describing: document[child].parent))")
        }
        if case .text(let text) = node.kind, text.isEmpty || text.contains("\n") {
            problems.append("text node \(id) is \(text.debugDescription)")
        }
        if !node.isContainer, !node.children.isEmpty { problems.append("leaf \(id) has children") }
        toVisit.append(contentsOf: node.children.reversed())
        if problems.count > 5 { break }
    }
    if expected != document.nodes.count, problems.isEmpty {
        problems.append("\(document.nodes.count - expected) unreachable nodes")
    }
    return problems
}
