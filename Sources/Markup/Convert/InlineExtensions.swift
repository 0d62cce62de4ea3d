import CCMark

/// The two inline extensions forum users expect, `~~strike~~` and `||spoiler||`. libcmark
/// (unlike cmark-gfm) has no extension hooks, so they are found in the text nodes of one
/// inline container at a time and paired the way GFM pairs `~~`: a run of exactly two,
/// an opener followed by non-space, a closer preceded by non-space, innermost first,
/// never across a container (so the tags they become always nest).
enum InlineDelimiter: Sendable {
    case strike
    case spoiler

    var byte: UInt8 {
        switch self {
        case .strike: UInt8(ascii: "~")
        case .spoiler: UInt8(ascii: "|")
        }
    }
}

/// Where a text node gets a delimiter tag: the UTF-8 offset of a two-byte run.
struct DelimiterMark: Equatable {
    let offset: Int
    let kind: InlineDelimiter
    let opens: Bool
}

struct InlineDelimiterScanner {
    let kinds: [InlineDelimiter]

    /// Pairs the delimiters among the direct children of `container`; the result maps
    /// each text node that holds a paired run to its marks, in order.
    func marks(in container: CMarkNode) -> [CMarkNode: [DelimiterMark]] {
        struct Candidate {
            let node: CMarkNode
            let offset: Int
            let kind: InlineDelimiter
            let canOpen: Bool
            let canClose: Bool
        }
        var candidates: [Candidate] = []
        let first = kinds.first?.byte ?? 0
        let second = kinds.last?.byte ?? 0
        var child = container.firstChild
        while let node = child {
            defer { child = node.next }
            guard node.type == CMARK_NODE_TEXT else { continue }
            let text = node.literalBytes
            guard text.contains(where: { $0 == first || $0 == second }) else { continue }
            var index = 0
            while index < text.count {
                guard let kind = kinds.first(where: { $0.byte == text[index] }) else {
                    index += 1
                    continue
                }
                var end = index
                while end < text.count, text[end] == kind.byte { end += 1 }
                if end - index == 2 {
                    let before = index > 0 ? Self.isSpace(text[index - 1]) : Self.boundaryIsSpace(node.previous, isBefore: true)
                    let after = end < text.count ? Self.isSpace(text[end]) : Self.boundaryIsSpace(node.next, isBefore: false)
                    candidates.append(Candidate(node: node, offset: index, kind: kind, canOpen: !after, canClose: !before))
                }
                index = end
            }
        }
        guard !candidates.isEmpty else { return [:] }

        // A stack of openers; a closer takes the nearest opener of its kind and drops the
        // unmatched openers above it, so each candidate is pushed and popped at most once.
        var stack: [Int] = []
        var openCount: [InlineDelimiter: Int] = [:]
        var paired: [(Int, Int)] = []
        for (position, candidate) in candidates.enumerated() {
            if candidate.canClose, openCount[candidate.kind, default: 0] > 0 {
                while let top = stack.popLast() {
                    let opener = candidates[top]
                    openCount[opener.kind, default: 0] -= 1
                    if opener.kind == candidate.kind {
                        paired.append((top, position))
                        break
                    }
                }
            } else if candidate.canOpen {
                stack.append(position)
                openCount[candidate.kind, default: 0] += 1
            }
        }
        var result: [CMarkNode: [DelimiterMark]] = [:]
        for (open, close) in paired {
            for (position, opens) in [(open, true), (close, false)] {
                let candidate = candidates[position]
                result[candidate.node, default: []].append(
                    DelimiterMark(offset: candidate.offset, kind: candidate.kind, opens: opens))
            }
        }
        for key in result.keys { result[key]?.sort { $0.offset < $1.offset } }
        return result
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// What lies past the edge of a text node: nothing or a line break counts as space,
    /// any other inline (emphasis, code, a link) as a word character.
    private static func boundaryIsSpace(_ neighbour: CMarkNode?, isBefore: Bool) -> Bool {
        guard let neighbour else { return true }
        switch neighbour.type {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return true
        case CMARK_NODE_TEXT:
            // cmark splits text at brackets and unmatched delimiters: look at the edge.
            let bytes = neighbour.literalBytes
            guard let edge = isBefore ? bytes.last : bytes.first else { return true }
            return isSpace(edge)
        default: return false
        }
    }
}
