import CCMark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// A small index for counting per kind without a dictionary.
    var slot: Int {
        switch self {
        case .strike: 0
        case .spoiler: 1
        }
    }
}

/// Where a text node gets a delimiter tag: the UTF-8 offset of a two-byte run.
struct DelimiterMark: Equatable {
    let node: CMarkNode
    let offset: Int
    let kind: InlineDelimiter
    let opens: Bool
}

struct InlineDelimiterScanner {
    let kinds: [InlineDelimiter]

    /// Whether `text` has a delimiter character at all: true for few text nodes, and asked of
    /// every one, so it is memchr's vectorised search rather than a loop over the bytes.
    func mayHoldDelimiters(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        return kinds.contains { memchr(base, Int32($0.byte), text.count) != nil }
    }

    /// Pairs the delimiters among the direct children of `container`; the result is the marks
    /// in document order (the order the walk meets them, so they are taken from the front
    /// without a lookup).
    func marks(in container: CMarkNode) -> [DelimiterMark] {
        struct Candidate {
            let node: CMarkNode
            let offset: Int
            let kind: InlineDelimiter
            let canOpen: Bool
            let canClose: Bool
            /// Set once paired: whether it opens or closes its pair.
            var opens: Bool?
        }
        var candidates: [Candidate] = []
        let first = kinds.first?.byte ?? 0
        let second = kinds.last?.byte ?? 0
        var child = container.firstChild
        while let node = child {
            defer { child = node.next }
            guard node.type == CMARK_NODE_TEXT else { continue }
            let text = node.literalBytes
            guard mayHoldDelimiters(text) else { continue }
            var index = 0
            while index < text.count {
                let byte = text[index]
                guard byte == first || byte == second, let kind = kinds.first(where: { $0.byte == byte }) else {
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
        guard !candidates.isEmpty else { return [] }

        // A stack of openers; a closer takes the nearest opener of its kind and drops the
        // unmatched openers above it, so each candidate is pushed and popped at most once.
        var stack: [Int] = []
        var openCount = [0, 0]  // by `InlineDelimiter.slot`
        for position in candidates.indices {
            let candidate = candidates[position]
            if candidate.canClose, openCount[candidate.kind.slot] > 0 {
                while let top = stack.popLast() {
                    let opener = candidates[top]
                    openCount[opener.kind.slot] -= 1
                    if opener.kind == candidate.kind {
                        candidates[top].opens = true
                        candidates[position].opens = false
                        break
                    }
                }
            } else if candidate.canOpen {
                stack.append(position)
                openCount[candidate.kind.slot] += 1
            }
        }
        return candidates.compactMap { candidate in
            candidate.opens.map { DelimiterMark(node: candidate.node, offset: candidate.offset, kind: candidate.kind, opens: $0) }
        }
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
