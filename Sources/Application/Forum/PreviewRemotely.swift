import Forum

/// `preview --remote`: the forum's own rendering of a post, from the Preview button of the form
/// it would be sent from; nothing is posted.
public struct PreviewRemotely: Sendable {
    /// The adapter is made only once the post is known to have a form to preview with, so that a
    /// post with nowhere to go is said before any problem with the profile's forum.
    let connect: @Sendable () throws -> any ForumAdapter

    public init(connect: @escaping @Sendable () throws -> any ForumAdapter) {
        self.connect = connect
    }

    /// The post previewed with the form `thread` (`--thread`) names, else the one its draft or
    /// buffer would be sent from.
    public func run(_ post: PreviewPost, thread: Int?) async throws -> RenderedPreview {
        let target = try post.source.remoteTarget(thread: thread)
        return try await connect().preview(target, bbcode: post.bbcode)
    }
}
