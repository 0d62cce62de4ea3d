import Forum

/// `preview --remote`: the forum's own rendering of a post, from the Preview button of the form
/// it would be sent from; nothing is posted.
public struct PreviewRemotely: Sendable {
    let forum: any ForumAdapter

    public init(forum: any ForumAdapter) {
        self.forum = forum
    }

    public func run(_ bbcode: String, target: PreviewTarget) async throws -> RenderedPreview {
        try await forum.preview(target, bbcode: bbcode)
    }
}
