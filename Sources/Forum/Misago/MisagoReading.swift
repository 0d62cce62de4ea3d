import Foundation

/// The engine's own rendering of a draft, and its smilies (none: Misago uses emoji as text).
extension MisagoAdapter {
    /// `POST /api/parse-markup/`: the markup as the engine renders a post, stored nowhere. The
    /// target does not change Misago's rendering, so it is not sent.
    public func preview(_ target: PreviewTarget, bbcode: String) async throws(ForumError) -> RenderedPreview {
        var answer = await write(.post, "api/parse-markup/", json: ["post": bbcode], subject: .page)
        // A preview stores nothing, so an answer that may have landed is only an unreadable one.
        if case let .mayHaveLanded(evidence) = answer { answer = .failed(.unexpected(evidence)) }
        let parsed = try decode(MisagoJSON.Parsed.self, answer, from: "api/parse-markup/").parsed
        return RenderedPreview(html: parsed, text: Self.text(ofHTML: parsed))
    }

    /// Misago has no smilie codes (emoji are typed as text): said, rather than an empty list.
    public func smilies() async throws(ForumError) -> [Smilie] {
        throw .rejected(.invalid("Misago has no smilie codes; type emoji as they are (they are sent as text)"))
    }
}
