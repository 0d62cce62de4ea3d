extension BBCodeDocument {
    /// Builds a document from something other than BBCode text (a post the forum has already
    /// rendered, read back from its page), so that it is drawn by the same renderers as a parsed
    /// one. Elements nest as opened and closed; nothing is checked against an engine's rules.
    public struct Builder {
        public let dialect: Dialect
        private var drafts = [BBCodeTreeBuilder.Draft(parent: nil, kind: .root)]
        private var open = [BBCodeDocument.rootID]

        public init(dialect: Dialect) {
            self.dialect = dialect
        }

        /// Text as the reader sees it; each newline in it is a line break.
        public mutating func text(_ text: String) {
            var first = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { lineBreak() }
                first = false
                if !line.isEmpty { add(.text(String(line))) }
            }
        }

        public mutating func lineBreak() {
            add(.lineBreak)
        }

        /// Opens `element`: what is added next goes inside it until `close()`.
        public mutating func open(_ element: BBCodeElement) {
            open.append(add(.element(element)))
        }

        /// Closes the innermost open element (nothing, when none is open).
        public mutating func close() {
            if open.count > 1 { open.removeLast() }
        }

        /// The document, with whatever is still open closed.
        public func build() -> BBCodeDocument {
            var drafts = drafts
            return BBCodeTreeBuilder.compacted(&drafts, dialect: dialect)
        }

        @discardableResult
        private mutating func add(_ kind: BBCodeNode.Kind) -> Int {
            let parent = open[open.count - 1]
            drafts.append(BBCodeTreeBuilder.Draft(parent: parent, kind: kind))
            drafts[parent].children.append(drafts.count - 1)
            return drafts.count - 1
        }
    }
}
