import Foundation

/// What can be sent: a reply, a new thread, a private message.
public struct Reply: Sendable, Equatable {
    public var threadID: Int
    public var bbcode: String
    /// The form's checkboxes; nil keeps what the forum pre-checked (bookmark follows the user's setting).
    public var bookmark: Bool?
    public var disableSmilies: Bool
    public var showSignature: Bool?

    public init(threadID: Int, bbcode: String, bookmark: Bool? = nil, disableSmilies: Bool = false, showSignature: Bool? = nil) {
        self.threadID = threadID
        self.bbcode = bbcode
        self.bookmark = bookmark
        self.disableSmilies = disableSmilies
        self.showSignature = showSignature
    }
}

public struct NewThread: Sendable, Equatable {
    public var forumID: Int
    public var subject: String
    public var bbcode: String
    /// A post icon id from `postIcons(forumID:)`; nil keeps the form's default (no icon).
    public var iconID: String?
    /// The second tag, for forums whose form has a tag group (Ask/Tell's TMA/AMA, SA-Mart's
    /// selling/buying...): its value or its title as the form shows it, in any case. The group is
    /// found in the form. Nil keeps the form's default, and is refused where the form checks none.
    public var secondaryTag: String?

    public init(forumID: Int, subject: String, bbcode: String, iconID: String? = nil, secondaryTag: String? = nil) {
        self.forumID = forumID
        self.subject = subject
        self.bbcode = bbcode
        self.iconID = iconID
        self.secondaryTag = secondaryTag
    }
}

public struct PrivateMessage: Sendable, Equatable {
    public enum Relation: Sendable, Equatable {
        case new
        case reply(to: Int)
        case forward(of: Int)
    }

    public var to: String
    public var subject: String
    public var bbcode: String
    public var relation: Relation
    /// A post icon id; nil or "0" for none.
    public var iconID: String?

    public init(to: String, subject: String, bbcode: String, relation: Relation = .new, iconID: String? = nil) {
        self.to = to
        self.subject = subject
        self.bbcode = bbcode
        self.relation = relation
        self.iconID = iconID
    }

    /// The compose page's own length check.
    public static let lengthLimit = 100_000
}
