/// Turns a post's BBCode into the HTML inside `td.postbody`.
/// Until the Markup module's BBCode renderer lands, posts are shown as escaped source.
enum PostRenderer {
    static func html(_ bbcode: String) -> String {
        "<pre class=\"bbcode-source\">\(esc(bbcode))</pre>"
    }
}
