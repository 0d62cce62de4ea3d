import Forum

/// `inbox list`: the private messages in a folder, newest first as the forum shows them.
public struct ReadInbox: Sendable {
    let forum: any ForumAdapter

    public init(forum: any ForumAdapter) {
        self.forum = forum
    }

    public func run(_ folder: PrivateMessageFolder) async throws(ForumError) -> [PrivateMessageSummary] {
        try await forum.privateMessages(in: folder)
    }
}
