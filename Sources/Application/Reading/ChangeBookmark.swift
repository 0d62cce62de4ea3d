import Forum

/// `bookmarks add|remove THREAD`: the thread (an id or its address) on or off the forum's list.
public struct ChangeBookmark: Sendable {
    let forum: any ForumReader

    public init(forum: any ForumReader) {
        self.forum = forum
    }

    /// The thread's id, once the forum took the change.
    public func run(_ reference: String, bookmarked: Bool) async throws -> Int {
        let thread = try ForumReference.parse(reference, as: .thread).id
        try await forum.setBookmark(thread: thread, bookmarked)
        return thread
    }
}
