import Forum

/// `inbox show`: one private message, by its id or the URL the browser shows for it.
public struct ReadPrivateMessage: Sendable {
    let forum: any ForumAdapter

    public init(forum: any ForumAdapter) {
        self.forum = forum
    }

    public func run(_ reference: String) async throws -> PrivateMessageContent {
        try await forum.privateMessage(id: try ForumReference.parse(reference, as: .privateMessage).id)
    }
}
