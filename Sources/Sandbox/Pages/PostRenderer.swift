import Markup

/// Turns a post's BBCode into the HTML inside `td.postbody`, with the Markup module's renderer
/// for Something Awful's dialect (the same one Missive's previews use).
enum PostRenderer {
    static func html(_ bbcode: String) -> String {
        BBCode.parse(bbcode, dialect: .somethingawful).renderHTML()
    }
}
