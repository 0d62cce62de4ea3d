/// Builds a ``BBCodeDocument`` the way an engine nests tags, with an explicit stack of open
/// elements (never recursion, so any depth is safe).
///
/// Shared by every engine: text and line breaks, opening and closing (with misnested tags
/// closed early and reopened after, as vBulletin's `fix_tags` and XenForo's `closeTag` both do),
/// `[*]` list items, and the newlines each engine swallows around block tags.
struct BBCodeTreeBuilder {
    /// A node while the tree is built; parents and children by index into the drafts.
    struct Draft {
        var parent: Int?
        var kind: BBCodeNode.Kind
        var children: [Int] = []
    }

    private struct Open {
        let node: Int
        let rule: BBCodeTagRule
        /// The tag this element stands for; a reopened copy keeps its original's.
        let logical: Int
        let verbatim: Bool
    }

    let engine: BBCodeEngine
    private var drafts = [Draft(parent: nil, kind: .root)]
    private var stack: [Open] = []
    /// Open elements by name, so closing a tag that is not open costs nothing.
    private var openCount: [String: Int] = [:]
    private var openLogical: Set<Int> = []
    /// Text not yet made a node; it belongs to the innermost open element.
    private var pending = ""
    private var linesToTrim = 0
    /// Misnesting can make an engine reopen every tag above the one closed, again and again;
    /// past this many reopenings the builder only closes them (see docs/bbcode-parsers.md).
    private var reopenBudget: Int

    init(engine: BBCodeEngine, sourceLength: Int) {
        self.engine = engine
        self.reopenBudget = sourceLength + 1_000
    }

    /// The name of the innermost open element whose content is literal, if any.
    var verbatimName: String? {
        guard let top = stack.last, top.verbatim else { return nil }
        return top.rule.name
    }

    func isOpen(logical: Int) -> Bool { openLogical.contains(logical) }

    func isOpen(named name: String) -> Bool { openCount[name, default: 0] > 0 }

    // MARK: Text

    /// Adds text as the reader would see it (references decoded where the engine decodes them).
    mutating func appendText(_ raw: String) {
        guard !raw.isEmpty else { return }
        var text = Substring(raw)
        if linesToTrim > 0 {
            text = Self.trimmingLeadingLines(text, count: linesToTrim)
            linesToTrim = 0
        }
        let decoded =
            engine.decodesNumericCharacterReferences ? CharacterReferenceDecoder.vBulletinPost.decode(String(text)) : String(text)
        // Newlines were normalised to LF, so splitting the UTF-8 bytes splits the lines.
        var first = true
        for segment in decoded.utf8.split(separator: Byte.newline, omittingEmptySubsequences: false) {
            if !first {
                flush()
                addNode(.lineBreak)
            }
            first = false
            pending += Substring(segment)
        }
    }

    /// XenForo's `^([ \t]*\r?\n){1,n}`: up to `count` leading blank-line endings.
    private static func trimmingLeadingLines(_ text: Substring, count: Int) -> Substring {
        var rest = text
        for _ in 0..<count {
            let afterBlanks = rest.drop { $0 == " " || $0 == "\t" }
            guard afterBlanks.first == "\n" else { break }
            rest = afterBlanks.dropFirst()
        }
        return rest
    }

    // MARK: Elements

    /// Whether the engine would open `rule` here (option, attributes, allowed parents).
    func canOpen(_ rule: BBCodeTagRule, option: String?, attributes: [BBCodeAttribute]) -> Bool {
        guard rule.accepts(option: option) else { return false }
        if !attributes.isEmpty, !rule.namedAttributes { return false }
        if let parents = rule.parents {
            guard let top = stack.last, parents.contains(top.rule.name) else { return false }
        }
        return !rule.forbiddenAncestors.contains { isOpen(named: $0) }
    }

    mutating func open(
        _ rule: BBCodeTagRule, option: String?, attributes: [BBCodeAttribute], source: String, logical: Int
    ) {
        if rule.role == .list || rule.role == .indent { trimLineBeforeBlockTag() }
        flush()
        let element = BBCodeElement(
            name: rule.name, role: rule.role, option: option, attributes: attributes,
            openingTag: source, isVerbatim: rule.isVerbatim(option: option))
        push(element, rule: rule, logical: logical)
    }

    /// Closes the open element standing for `logical` (and, first, everything opened inside it).
    mutating func close(logical: Int, source: String) {
        guard let index = stack.lastIndex(where: { $0.logical == logical }) else { return appendText(source) }
        close(at: index, source: source)
    }

    /// Closes the innermost open element named `name`; the tag is text when none is open.
    mutating func close(named name: String, source: String) {
        guard isOpen(named: name), let index = stack.lastIndex(where: { $0.rule.name == name }) else {
            return appendText(source)
        }
        close(at: index, source: source)
    }

    private mutating func close(at index: Int, source: String?) {
        if stack[index].rule.role == .list { trimLineBeforeBlockTag() }
        flush()
        let target = stack[index]
        // A copy of just the entries above (usually none): a slice would share the stack's buffer
        // and make the removal below copy the whole stack on every close.
        let above = Array(stack[(index + 1)...])
        // Misnested: what was opened inside closes first, and (except list items, which belong to
        // their list) opens again after, as both vBulletin and XenForo do.
        let reopen = engine.reopensMisnestedTags ? above.filter { $0.rule.role != .listItem } : []
        for entry in above.reversed() { finish(entry, closingTag: nil) }
        finish(target, closingTag: source)
        stack.removeLast(stack.count - index)
        for entry in [target] + above {
            openCount[entry.rule.name, default: 1] -= 1
            openLogical.remove(entry.logical)
        }
        linesToTrim = target.rule.linesTrimmedAfter
        for entry in reopen where reopenBudget > 0 {
            reopenBudget -= 1
            guard let element = drafts[entry.node].kind.element else { continue }
            push(element.closed(by: nil), rule: entry.rule, logical: entry.logical)
        }
    }

    private mutating func push(_ element: BBCodeElement, rule: BBCodeTagRule, logical: Int) {
        let node = addNode(.element(element))
        stack.append(Open(node: node, rule: rule, logical: logical, verbatim: element.isVerbatim))
        openCount[rule.name, default: 0] += 1
        openLogical.insert(logical)
    }

    // MARK: Lists

    /// `[*]`: starts an item when the innermost open element is a list or one of its items;
    /// anywhere else it is text.
    mutating func listItem(source: String, logical: Int) {
        guard verbatimName == nil, let rule = engine.rule(for: "*"), let top = stack.last else {
            return appendText(source)
        }
        if top.rule.role == .listItem, stack.count >= 2, stack[stack.count - 2].rule.role == .list {
            trimLineBeforeBlockTag()
            flush()
            finish(top, closingTag: nil)
            stack.removeLast()
            openCount[top.rule.name, default: 1] -= 1
            openLogical.remove(top.logical)
        } else if top.rule.role == .list {
            trimLineBeforeBlockTag()
            flush()
            settleLooseContent(of: top.node, itemsFollow: true)
        } else {
            return appendText(source)
        }
        let element = BBCodeElement(name: "*", role: .listItem, openingTag: source)
        push(element, rule: rule, logical: logical)
    }

    /// phpBB's optional `[/*]`.
    mutating func closeListItem(source: String) {
        guard let top = stack.last, top.rule.role == .listItem else { return appendText(source) }
        close(at: stack.count - 1, source: source)
    }

    // MARK: Finishing

    /// Closes whatever is still open and returns the document, compacted into pre-order.
    mutating func document() -> BBCodeDocument {
        flush()
        while let top = stack.popLast() { finish(top, closingTag: nil) }
        return Self.compacted(&drafts, dialect: engine.dialect)
    }

    private mutating func finish(_ entry: Open, closingTag: String?) {
        guard let element = drafts[entry.node].kind.element else { return }
        drafts[entry.node].kind = .element(element.closed(by: closingTag))
        switch element.role {
        case .code, .preformatted, .quote, .listItem:
            // Engines drop the newline right after the opening tag and before the closing one.
            trimEdges(of: entry.node)
        case .spoiler where entry.rule.isBlock:
            trimEdges(of: entry.node)
        case .list:
            settleLooseContent(of: entry.node, itemsFollow: false)
        default:
            break
        }
    }

    private mutating func trimEdges(of node: Int) {
        let children = drafts[node].children
        guard !children.isEmpty else { return }
        var start = 0, end = children.count
        if case .lineBreak = drafts[children[start]].kind { start += 1 }
        if end > start, case .lineBreak = drafts[children[end - 1]].kind { end -= 1 }
        if start != 0 || end != children.count { drafts[node].children = Array(children[start..<end]) }
    }

    /// vBulletin's `parse_whitespace_newlines`: blanks and one newline before `[*]`, `[list`,
    /// `[/list` and `[indent` are removed.
    private mutating func trimLineBeforeBlockTag() {
        while pending.last == " " { pending.removeLast() }
        guard pending.isEmpty else { return }
        let parent = stack.last?.node ?? BBCodeDocument.rootID
        if let last = drafts[parent].children.last, case .lineBreak = drafts[last].kind {
            drafts[parent].children.removeLast()
        }
    }

    /// Content of a list outside any item: before its first `[*]` (`itemsFollow`), or all of a
    /// list without one. Blanks are nothing; the rest is dropped or made an item, as the engine
    /// does (a list with no `[*]` at all is one item everywhere).
    private mutating func settleLooseContent(of list: Int, itemsFollow: Bool) {
        let children = drafts[list].children
        let hasItems = children.contains { drafts[$0].kind.element?.role == .listItem }
        guard !children.isEmpty, !hasItems else { return }
        drafts[list].children = []
        let blank = children.allSatisfy { child in
            switch drafts[child].kind {
            case .lineBreak: true
            case .text(let text): text.allSatisfy { $0 == " " || $0 == "\t" }
            default: false
            }
        }
        if blank || (itemsFollow && engine.textBeforeFirstItem == .dropped) { return }
        let item = addNode(.element(BBCodeElement(name: "*", role: .listItem, openingTag: "")), parent: list)
        for child in children { drafts[child].parent = item }
        drafts[item].children = children
        trimEdges(of: item)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        addNode(.text(pending))
        pending = ""
    }

    @discardableResult
    private mutating func addNode(_ kind: BBCodeNode.Kind, parent explicitParent: Int? = nil) -> Int {
        let parent = explicitParent ?? stack.last?.node ?? BBCodeDocument.rootID
        let id = drafts.count
        drafts.append(Draft(parent: parent, kind: kind))
        drafts[parent].children.append(id)
        return id
    }

    /// Renumbers the reachable nodes in pre-order, merging text that trimming left side by side.
    static func compacted(_ drafts: inout [Draft], dialect: Dialect) -> BBCodeDocument {
        for index in drafts.indices where drafts[index].children.count > 1 {
            var merged: [Int] = []
            for child in drafts[index].children {
                if let previous = merged.last, case .text(let before) = drafts[previous].kind,
                    case .text(let after) = drafts[child].kind
                {
                    drafts[previous].kind = .text(before + after)
                } else {
                    merged.append(child)
                }
            }
            drafts[index].children = merged
        }
        var order: [Int] = []
        order.reserveCapacity(drafts.count)
        var toVisit = [BBCodeDocument.rootID]
        while let next = toVisit.popLast() {
            order.append(next)
            toVisit.append(contentsOf: drafts[next].children.reversed())
        }
        var newID = [Int](repeating: -1, count: drafts.count)
        for (position, old) in order.enumerated() { newID[old] = position }
        let nodes = order.map { old in
            let draft = drafts[old]
            return BBCodeNode(
                id: newID[old], parent: draft.parent.map { newID[$0] }, kind: draft.kind,
                children: draft.children.map { newID[$0] })
        }
        return BBCodeDocument(dialect: dialect, nodes: nodes)
    }
}

extension BBCodeNode.Kind {
    var element: BBCodeElement? {
        if case .element(let element) = self { return element }
        return nil
    }
}
