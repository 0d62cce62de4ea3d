/// What raw HTML has opened so far: each element closes when its end tag comes, or at the
/// latest when the Markdown node that contains it is exited, so the BBCode always nests even
/// when the HTML does not. Every operation takes (amortised) constant time: a post can open
/// 20,000 elements, so nothing here may look through the whole stack.
struct OpenRawHTML {
    struct Element {
        let name: String
        let tags: [TagPair]
        let content: TagContent
        let owner: CMarkNode?
        /// How many `~~`/`||` tags were open when it opened.
        let delimiterDepth: Int
        /// Where the run of elements with this one's owner, ending with this one, starts.
        let ownerRunStart: Int
    }

    private var elements: [Element] = []
    /// Where each element name stands in `elements`, innermost last.
    private var positions: [String: [Int]] = [:]
    /// Inside `<code>` and friends, text is literal even outside strict mode.
    private(set) var codeDepth = 0
    static let codeElements: Set<String> = ["code", "tt", "kbd", "samp", "pre"]

    var count: Int { elements.count }
    var last: Element? { elements.last }

    mutating func push(_ name: String, tags: [TagPair], content: TagContent, owner: CMarkNode?, delimiterDepth: Int) {
        let runStart = elements.last.map { $0.owner == owner ? $0.ownerRunStart : elements.count } ?? 0
        positions[name, default: []].append(elements.count)
        if Self.codeElements.contains(name) { codeDepth += 1 }
        elements.append(
            Element(
                name: name, tags: tags, content: content, owner: owner, delimiterDepth: delimiterDepth,
                ownerRunStart: runStart))
    }

    mutating func pop() -> Element? {
        guard let element = elements.popLast() else { return nil }
        positions[element.name]?.removeLast()
        if Self.codeElements.contains(element.name) { codeDepth -= 1 }
        return element
    }

    /// Where the element an end tag closes stands: the innermost element of that name, if it
    /// was opened at the same level of the Markdown tree as the end tag, with nothing from
    /// another level opened inside it since, and no `~~`/`||` tag opened or closed in between.
    func closedByEndTag(_ name: String, owner: CMarkNode?, delimiterDepth: Int) -> Int? {
        guard let index = positions[name]?.last, let top = elements.last,
            elements[index].owner == owner, top.owner == owner, top.ownerRunStart <= index,
            elements[index].delimiterDepth == delimiterDepth
        else { return nil }
        return index
    }
}
