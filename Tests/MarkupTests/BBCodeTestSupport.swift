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
