/// A parsed BBCode post: what one forum engine's parser makes of the text.
///
/// The tree is stored flat (an arena): every node lives in `nodes`, in document order (pre-order),
/// and refers to its children by index. A flat tree never recurses, so a post with 20,000 nested
/// tags can be built, compared, walked and freed without ever growing the call stack.
///
/// Walk it with ``events`` (enter/exit events, like cmark's iterator) or with ``children(of:)``.
/// ```swift
/// let document = BBCode.parse("[b]hi[/b] there", dialect: .somethingawful)
/// for event in document.events {
///     if case .enter(let node) = event, case .text(let text) = node.kind { print(text) }
/// }
/// ```
public struct BBCodeDocument: Sendable, Equatable {
    /// The engine whose parser produced this tree.
    public let dialect: Dialect
    /// Every node in document order; `nodes[0]` is the root, and a node's children come after it.
    public let nodes: [BBCodeNode]

    /// The index of the root node.
    public static let rootID: BBCodeNode.ID = 0

    init(dialect: Dialect, nodes: [BBCodeNode]) {
        self.dialect = dialect
        self.nodes = nodes
    }

    /// The root node, whose children are the post's top-level content.
    public var root: BBCodeNode { nodes[Self.rootID] }

    /// True when the post has no content at all.
    public var isEmpty: Bool { root.children.isEmpty }

    public subscript(id: BBCodeNode.ID) -> BBCodeNode { nodes[id] }

    /// The children of a node, in order.
    public func children(of id: BBCodeNode.ID) -> [BBCodeNode] {
        nodes[id].children.map { nodes[$0] }
    }

    /// The nearest ancestors of a node first, ending with the root.
    public func ancestors(of id: BBCodeNode.ID) -> [BBCodeNode] {
        var result: [BBCodeNode] = []
        var current = nodes[id].parent
        while let parent = current {
            result.append(nodes[parent])
            current = nodes[parent].parent
        }
        return result
    }

    /// Every node once on the way in and, for the root and elements, once on the way out.
    /// Text and line breaks are leaves: they only ever `enter` (as in cmark's iterator).
    public var events: Events { Events(document: self) }

    /// What a visitor wants after entering a node.
    enum WalkStep { case proceed, skipChildren }

    /// The events, letting the visitor skip an element's content (an image written whole).
    /// A skipped element gets no exit event.
    func walk(_ visit: (BBCodeEvent) -> WalkStep) {
        var skipping: BBCodeNode.ID?
        for event in events {
            if let skipped = skipping {
                if case .exit(let node) = event, node.id == skipped { skipping = nil }
                continue
            }
            if visit(event) == .skipChildren, case .enter(let node) = event, node.isContainer { skipping = node.id }
        }
    }

    /// The enter/exit walk over a document; see ``BBCodeDocument/events``.
    public struct Events: Sequence, Sendable {
        let document: BBCodeDocument

        public func makeIterator() -> Iterator { Iterator(document: document) }

        public struct Iterator: IteratorProtocol, Sendable {
            let document: BBCodeDocument
            // (node, index of the next child to visit); an explicit stack instead of recursion.
            var stack: [(node: BBCodeNode.ID, next: Int)] = []
            var started = false

            init(document: BBCodeDocument) { self.document = document }

            public mutating func next() -> BBCodeEvent? {
                if !started {
                    started = true
                    stack.append((BBCodeDocument.rootID, 0))
                    return .enter(document.root)
                }
                guard let top = stack.last else { return nil }
                let node = document.nodes[top.node]
                if top.next < node.children.count {
                    stack[stack.count - 1].next += 1
                    let child = document.nodes[node.children[top.next]]
                    if child.isContainer { stack.append((child.id, 0)) }
                    return .enter(child)
                }
                stack.removeLast()
                return .exit(node)
            }
        }
    }
}

/// One step of a walk over a ``BBCodeDocument``.
public enum BBCodeEvent: Sendable, Equatable {
    case enter(BBCodeNode)
    /// Only for containers (the root and elements), after all their children.
    case exit(BBCodeNode)
}

/// A node of a ``BBCodeDocument``.
public struct BBCodeNode: Sendable, Equatable, Identifiable {
    public typealias ID = Int

    public enum Kind: Sendable, Equatable {
        /// The document itself.
        case root
        /// Text as the reader sees it: character references the engine honours are decoded,
        /// tags it does not know are kept literally. Never contains a newline.
        case text(String)
        /// A newline in the post, which every engine shows as a line break.
        case lineBreak
        /// A tag the engine recognised, with everything between its opening and closing tags.
        case element(BBCodeElement)
    }

    public let id: ID
    /// The containing node; nil only for the root.
    public let parent: ID?
    public let kind: Kind
    /// The node's children in order (empty for text and line breaks).
    public let children: [ID]

    init(id: ID, parent: ID?, kind: Kind, children: [ID] = []) {
        self.id = id
        self.parent = parent
        self.kind = kind
        self.children = children
    }

    /// The element, when this node is one.
    public var element: BBCodeElement? { kind.element }

    /// The text, when this node is text.
    public var text: String? {
        if case .text(let text) = kind { return text }
        return nil
    }

    /// Whether the node can have children (the root and elements).
    public var isContainer: Bool {
        switch kind {
        case .root, .element: true
        case .text, .lineBreak: false
        }
    }
}

/// A recognised tag: `[url=http://example.com]`, `[quote="name" post="1"]`, `[*]`...
public struct BBCodeElement: Sendable, Equatable {
    /// The tag name in lower case (`url`, `quote`, `*` for a list item).
    public let name: String
    /// What the tag means, whatever the engine calls it.
    public let role: BBCodeRole
    /// The value after `=`, without its quotes: `http://example.com` for `[url=http://example.com]`,
    /// `name` for `[quote="name" post="1"]`. Nil when the tag has none.
    public let option: String?
    /// Named attributes in the order written: `post` → `1` for `[quote="name" post="1"]`.
    /// Names are lower case.
    public let attributes: [BBCodeAttribute]
    /// The opening tag exactly as written.
    public let openingTag: String
    /// The closing tag exactly as written, or nil when the engine closed the element itself
    /// (a list item ended by the next `[*]`, a tag left open at the end of the post, an element
    /// closed early by a misnested closing tag).
    public let closingTag: String?
    /// True when the engine shows everything inside as literal text (`[noparse]`, `[plain]`,
    /// `[php]`, and `[code]` where the engine stops parsing in it).
    public let isVerbatim: Bool
    /// A quote's line above it as the forum wrote it ("Kyle posted:"), for a post read back from
    /// the forum's page. Nil for parsed BBCode, whose engine words the line from the option.
    public let header: String?

    public init(
        name: String, role: BBCodeRole, option: String? = nil, attributes: [BBCodeAttribute] = [],
        openingTag: String, closingTag: String? = nil, isVerbatim: Bool = false, header: String? = nil
    ) {
        self.name = name
        self.role = role
        self.option = option
        self.attributes = attributes
        self.openingTag = openingTag
        self.closingTag = closingTag
        self.isVerbatim = isVerbatim
        self.header = header
    }

    /// The value of a named attribute (names are compared in lower case).
    public func attribute(_ name: String) -> String? {
        let key = name.lowercased()
        return attributes.first { $0.name == key }?.value
    }

    func closed(by closingTag: String?) -> BBCodeElement {
        BBCodeElement(
            name: name, role: role, option: option, attributes: attributes,
            openingTag: openingTag, closingTag: closingTag, isVerbatim: isVerbatim, header: header)
    }
}

/// One `name="value"` pair of a tag.
public struct BBCodeAttribute: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
