import CCMark
import Foundation

/// What MisagoSpecRoundTripTests' second comparison needs besides the engine: cmark's side of it
/// with raw HTML as Misago shows it, and the examples no Misago Markdown can render as cmark does.
enum MisagoRoundTrip {
    /// cmark's HTML of `markdown` (the libcmark the converter reads with), with its raw HTML as
    /// text, which is how Misago shows raw HTML whatever it is sent: an inline tag as it was
    /// typed, a block's lines as lines, an empty line between paragraphs.
    static func cmarkHTMLWithRawHTMLAsText(_ markdown: String) -> String {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
        defer { cmark_node_free(document) }
        var rawHTML: [OpaquePointer] = []
        walk(document) { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE { rawHTML.append(node) }
        }
        for node in rawHTML {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            if cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE {
                cmark_node_insert_before(node, textNode(literal))
            } else {
                let paragraphs = literal.trimmingCharacters(in: .newlines)
                    .replacing(#/\n[ \t]*\n/#, with: "\u{0}").split(separator: "\u{0}")
                for lines in paragraphs {
                    guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { continue }
                    for (index, line) in lines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                        if index > 0 { cmark_node_append_child(paragraph, cmark_node_new(CMARK_NODE_LINEBREAK)) }
                        cmark_node_append_child(paragraph, textNode(String(line)))
                    }
                    cmark_node_insert_before(node, paragraph)
                }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// Why no Markdown Misago reads could render `markdown` as cmark does, or nil: what
    /// Python-Markdown cannot draw (docs/misago.md, "Spec round trip").
    static func notExpressible(_ markdown: String) -> String? {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return nil }
        defer { cmark_node_free(document) }
        var reason: String?
        walk(document) { node in
            guard reason == nil else { return }
            let type = cmark_node_get_type(node)
            let previous = cmark_node_previous(node).map(cmark_node_get_type)
            if type == CMARK_NODE_LIST, cmark_node_get_list_type(node) == CMARK_ORDERED_LIST, cmark_node_get_list_start(node) != 1 {
                reason = "an ordered list starting at \(cmark_node_get_list_start(node)): Python-Markdown starts every list at 1"
            } else if type == CMARK_NODE_LIST, previous == CMARK_NODE_LIST {
                reason = "two lists in a row: Python-Markdown joins them (the converter's invisible paragraph stays between)"
            } else if type == CMARK_NODE_BLOCK_QUOTE, previous == CMARK_NODE_BLOCK_QUOTE {
                reason = "two quotes in a row: Python-Markdown joins them"
            }
        }
        return reason
    }

    private static func textNode(_ literal: String) -> OpaquePointer? {
        let node = cmark_node_new(CMARK_NODE_TEXT)
        cmark_node_set_literal(node, literal)
        return node
    }

    /// Every node, entered once, in document order (collected first: callers change the tree).
    private static func walk(_ root: OpaquePointer, _ visit: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        var nodes: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { nodes.append(node) }
        }
        cmark_iter_free(iterator)
        nodes.forEach(visit)
    }
}

extension MisagoRoundTrip {
    /// The libcmark's own HTML of `markdown`, raw HTML kept (as the spec's HTML has it).
    static func cmarkHTML(_ markdown: String) -> String {
        guard let html = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_UNSAFE) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}
