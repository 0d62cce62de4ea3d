import Markup

/// Turns a post's BBCode into the HTML inside `td.postbody`, with the Markup module's renderer
/// for Something Awful's dialect, then turns smilie codes into pictures as the forum does
/// (unless the post disabled smilies). Decimal references in the stored text reach the page as
/// stored (`NumericReferences`): `&#91;b]` is shown as `[b]`, not as a tag.
enum PostRenderer {
    static func html(_ bbcode: String, smilies: Bool = true) -> String {
        NumericReferences.renderKeepingReferences(bbcode) { text in
            let html = BBCode.parse(text, dialect: .somethingawful).renderHTML()
            return smilies ? withSmilies(html) : html
        }
    }

    private static let pictures = SmiliePictures(Catalog.smilieGroups.flatMap(\.smilies).map {
        SmiliePictures.Picture(code: $0.code, source: $0.imagePath)
    })

    /// Replaces smilie codes in the text between tags, outside code, preformatted text and links.
    static func withSmilies(_ html: String) -> String { pictures.draw(in: html) }
}
