import Foundation

/// What a preview is for: the form whose Preview button renders it.
public enum PreviewTarget: Sendable, Equatable {
    case reply(threadID: Int)
    case edit(postID: Int)
    case newThread(forumID: Int, subject: String)
}

public struct RenderedPreview: Sendable, Equatable {
    /// The `.postbody` markup as the forum rendered it.
    public var html: String
    /// The same, as text for a terminal.
    public var text: String
}
