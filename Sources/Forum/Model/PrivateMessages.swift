import Foundation

/// The private-message folders, and what a folder list and a message page show.
public enum PrivateMessageFolder: String, Sendable, CaseIterable {
    case inbox, sent

    /// The forum's folder ids.
    var folderID: String {
        switch self {
        case .inbox: "0"
        case .sent: "-1"
        }
    }
}

public struct PrivateMessageSummary: Sendable, Equatable, Codable {
    public var id: Int
    public var subject: String
    /// The sender in the inbox, the recipient in Sent Items, as the folder shows it.
    public var correspondent: String
    /// As the forum prints it.
    public var date: String
    public var unread: Bool
    public var replied: Bool
    public var forwarded: Bool
}

public struct PrivateMessageContent: Sendable, Equatable, Codable {
    public var id: Int
    public var subject: String
    public var author: String
    public var date: String
    /// The message as a reader sees it (the forum sends it rendered, not as BBCode).
    public var text: String
}
