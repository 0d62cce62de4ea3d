import Forum

/// `bookmarks list`: the forum's bookmark list with each thread's unread count. Only looks:
/// reading the list moves no read position.
public struct ListBookmarks: Sendable {
    let forum: any ForumReader

    /// The most threads read from the list (its pages hold 40 each).
    public static let limit = 400

    public init(forum: any ForumReader) {
        self.forum = forum
    }

    public func run() async throws(ForumError) -> [BookmarkedThread] {
        try await forum.bookmarks(limit: Self.limit)
    }
}
