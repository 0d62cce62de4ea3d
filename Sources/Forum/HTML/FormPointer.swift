import CGumbo
import CXML

/// HTML5's form element pointer, worked out after parsing. When the parser closes a form before
/// its `</form>` (a `<form>` between table rows is closed at once, one in a cell closes with the
/// cell), browsers still give that form the controls parsed after it, until a `</form>` tag comes:
/// they are submitted with it though they are not inside it. Gumbo builds the same tree but keeps
/// the pointer to itself, so it is recovered here from where each form, control and `</form>` tag
/// stands in the source.
struct FormPointer {
    private var closedEarly: [(offset: Int, node: xmlNodePtr)] = []
    private var controls: [(offset: Int, node: xmlNodePtr)] = []

    /// Called for every element as it is copied.
    mutating func note(_ node: UnsafeMutablePointer<GumboNode>, as copy: xmlNodePtr) {
        let element = node.pointee.v.element
        let offset = Int(element.start_pos.offset)
        switch element.tag {
        case GUMBO_TAG_FORM where node.pointee.parse_flags.rawValue & GUMBO_INSERTION_IMPLICIT_END_TAG.rawValue != 0:
            closedEarly.append((offset, copy))
        case GUMBO_TAG_INPUT, GUMBO_TAG_SELECT, GUMBO_TAG_TEXTAREA, GUMBO_TAG_BUTTON:
            // A `form` attribute names the control's form itself, whatever the pointer says.
            let named = withUnsafePointer(to: element.attributes) { gumbo_get_attribute($0, "form") } != nil
            if !named { controls.append((offset, copy)) }
        default:
            break
        }
    }

    /// The controls each early-closed form owns by the pointer (its own descendants among them).
    func controlsByForm(output: UnsafeMutablePointer<GumboOutput>, source: UnsafeBufferPointer<CChar>) -> [xmlNodePtr: [xmlNodePtr]] {
        guard !closedEarly.isEmpty, !controls.isEmpty else { return [:] }
        let ends = Self.formEndTags(in: source, output: output)
        var owned: [xmlNodePtr: [xmlNodePtr]] = [:]
        for form in closedEarly {
            let end = ends.first { $0 > form.offset } ?? Int.max
            let mine = controls.filter { $0.offset > form.offset && $0.offset < end }.map(\.node)
            if !mine.isEmpty { owned[form.node] = mine }
        }
        return owned
    }

    /// Where each `</form>` end tag starts, in order: each `</form` in the source that is not in a
    /// start tag (an attribute value), a comment, or the text of a script, style, textarea or title.
    private static func formEndTags(in source: UnsafeBufferPointer<CChar>, output: UnsafeMutablePointer<GumboOutput>) -> [Int] {
        let candidates = endTagCandidates(UnsafeRawBufferPointer(source))
        guard !candidates.isEmpty, let base = source.baseAddress else { return [] }
        let covered = coveredSpans(output.pointee.document, base: base).sorted { $0.lowerBound < $1.lowerBound }
        return candidates.filter { offset in
            // The spans do not overlap: only the last one starting at or before `offset` can hold it.
            var low = 0
            var high = covered.count
            while low < high {
                let middle = (low + high) / 2
                if covered[middle].lowerBound <= offset { low = middle + 1 } else { high = middle }
            }
            return low == 0 || !covered[low - 1].contains(offset)
        }
    }

    /// Offsets of `</form` followed by what ends a tag name (case-insensitive, as the tokenizer reads it).
    private static func endTagCandidates(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        let name = Array("/form".utf8)
        var found: [Int] = []
        var index = 0
        while index + 6 <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            guard (0..<5).allSatisfy({ bytes[index + 1 + $0] | ($0 == 0 ? 0 : 0x20) == name[$0] }) else { continue }
            if index + 6 == bytes.count || [0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2F, 0x3E].contains(bytes[index + 6]) {
                found.append(index)
            }
        }
        return found
    }

    private static let rawTextTags: Set<UInt32> = [
        GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_TEXTAREA, GUMBO_TAG_TITLE, GUMBO_TAG_XMP, GUMBO_TAG_IFRAME,
        GUMBO_TAG_NOEMBED, GUMBO_TAG_NOFRAMES, GUMBO_TAG_PLAINTEXT,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    /// The source spans where `</form` is not a tag: start tags, comments, raw text.
    private static func coveredSpans(_ root: UnsafeMutablePointer<GumboNode>, base: UnsafePointer<CChar>) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        func add(_ piece: GumboStringPiece) {
            guard let data = piece.data, piece.length > 0 else { return }
            let start = base.distance(to: data)
            spans.append(start..<start + piece.length)
        }
        var pending: [(node: UnsafeMutablePointer<GumboNode>, rawText: Bool)] = [(root, false)]
        while let item = pending.popLast() {
            let (node, rawText) = item
            let children: GumboVector
            switch node.pointee.type {
            case GUMBO_NODE_DOCUMENT:
                children = node.pointee.v.document.children
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                add(node.pointee.v.element.original_tag)
                children = node.pointee.v.element.children
            case GUMBO_NODE_COMMENT:
                add(node.pointee.v.text.original_text)
                continue
            default:
                if rawText { add(node.pointee.v.text.original_text) }
                continue
            }
            let holdsRawText = node.pointee.type != GUMBO_NODE_DOCUMENT && rawTextTags.contains(node.pointee.v.element.tag.rawValue)
            for index in 0..<Int(children.length) {
                if let child = children.data?[index] {
                    pending.append((child.assumingMemoryBound(to: GumboNode.self), holdsRawText))
                }
            }
        }
        return spans
    }
}

extension HTMLDocument {
    /// A form's controls as a browser decides them, in document order: `found` (those inside it or
    /// naming it) and those it owns by the form element pointer.
    func addingPointerControls(of form: HTMLNode, to found: [HTMLNode]) -> [HTMLNode] {
        guard let extra = pointerControls[form.pointer], !extra.isEmpty else { return found }
        let known = Set(found.map(\.pointer))
        let all = found + extra.filter { !known.contains($0) }.map { HTMLNode(pointer: $0, document: self) }
        // cxml_xpath_compare (xmlXPathCmpNodes) is 1 when the first node comes first.
        return all.sorted { cxml_xpath_compare($0.pointer, $1.pointer) == 1 }
    }
}
