import CCMark
import CMarkArena
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only view of one node of cmark's tree. The tree is owned by `CMarkDocument`;
/// a node is only valid while its document is alive.
struct CMarkNode: Hashable {
    let raw: OpaquePointer

    var type: cmark_node_type { cmark_node_get_type(raw) }
    var parent: CMarkNode? { cmark_node_parent(raw).map(CMarkNode.init) }
    var firstChild: CMarkNode? { cmark_node_first_child(raw).map(CMarkNode.init) }
    var next: CMarkNode? { cmark_node_next(raw).map(CMarkNode.init) }
    var previous: CMarkNode? { cmark_node_previous(raw).map(CMarkNode.init) }

    /// The text of a text, code, code block or HTML node (empty for the others).
    var literal: String { cmark_node_get_literal(raw).map { String(cString: $0) } ?? "" }
    /// The same bytes without a copy; valid until the tree is freed or the node changes.
    var literalBytes: UnsafeBufferPointer<UInt8> { Self.bytes(cmark_node_get_literal(raw)) }
    var url: String { cmark_node_get_url(raw).map { String(cString: $0) } ?? "" }
    /// The same bytes without a copy, as `literalBytes`.
    var urlBytes: UnsafeBufferPointer<UInt8> { Self.bytes(cmark_node_get_url(raw)) }
    var title: String { cmark_node_get_title(raw).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(raw).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(raw)) }
    var isOrderedList: Bool { cmark_node_get_list_type(raw) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(raw)) }
    var listIsTight: Bool { cmark_node_get_list_tight(raw) != 0 }

    private static func bytes(_ string: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
        guard let string else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string))
    }

    var isBlock: Bool {
        let value = type.rawValue
        return value >= CMARK_NODE_FIRST_BLOCK.rawValue && value <= CMARK_NODE_LAST_BLOCK.rawValue
    }
}

/// A parsed Markdown document; frees cmark's tree when it goes away.
final class CMarkDocument {
    let root: CMarkNode
    /// Whether the tree is freed with the document. A process that ends right after its one
    /// conversion leaves it to the kernel, which takes all of its memory back at once: freeing
    /// the nodes one by one is a sixth of converting a large post (clang's -disable-free skips
    /// freeing its syntax tree for the same reason).
    private let freesTree: Bool

    init?(markdown: String) {
        var source = markdown
        guard let parsed = source.withUTF8(Self.parse) else { return nil }
        root = CMarkNode(raw: parsed)
        freesTree = true
    }

    /// Parses UTF-8 in place: cmark reads the caller's bytes, no copy is made for it.
    init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(utf8) else { return nil }
        root = CMarkNode(raw: parsed)
        freesTree = true
    }

    /// Parses UTF-8 handed over a piece at a time until `next` returns nil, as cmark's own command
    /// line reads its input, so that the input is never held whole. A piece may end inside a line.
    /// A tree that is not freed is built in CMarkArena's arena: 16 bytes less for each node.
    init?(pieces next: () throws -> UnsafeBufferPointer<UInt8>?, freesTree: Bool = true) rethrows {
        let made = freesTree ? cmark_parser_new(CMARK_OPT_DEFAULT) : cmark_arena_parser_new(CMARK_OPT_DEFAULT).map(OpaquePointer.init)
        guard let parser = made else { return nil }
        defer { cmark_parser_free(parser) }
        while let piece = try next() {
            piece.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        guard let parsed = cmark_parser_finish(parser) else { return nil }
        root = CMarkNode(raw: parsed)
        self.freesTree = freesTree
    }

    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
        utf8.withMemoryRebound(to: CChar.self) { chars in
            cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
        }
    }

    deinit {
        if freesTree { cmark_node_free(root.raw) }
    }

    /// Walks the tree with cmark's own iterator: every node is entered, and every
    /// container is also exited, in document order. No recursion, so depth is free.
    func walk(_ visit: (CMarkNode, _ entering: Bool) -> Void) {
        guard let iterator = cmark_iter_new(root.raw) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(CMarkNode(raw: node), event == CMARK_EVENT_ENTER)
        }
    }
}
