import Foundation
import GRDB

/// The sandbox's rows. Column names are the property names.

struct UserRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"

    /// What the forum lets the account do. `noplatinum`: an ordinary member without the Platinum
    /// upgrade, so every private-message page is refused.
    enum Standing: String, Codable, Sendable, CaseIterable {
        case member, banned, probation, noplatinum
    }

    var id: Int64
    var username: String
    var password: String
    /// The `bbpassword` cookie's value: changes when sessions are expired.
    var cookieToken: String
    /// 32 hex characters, the same on every form this user gets (as on the forum).
    var formkey: String
    var standing: Standing
    var probationUntil: Date?
    /// Whether "Bookmark thread" starts checked on the reply form.
    var bookmarksByDefault: Bool
    var registeredAt: Date
    var lastPostAt: Date?
    var lastMessageAt: Date?
}

struct ForumRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "forum"

    var id: Int64
    var category: String
    var title: String
    var position: Int
    /// The new-thread form offers only Preview; Submit appears on the preview page.
    var previewFirst: Bool
    /// The name of a second tag radio group on the new-thread form (`samart_tag`, `tma_ama`).
    var secondaryTagGroup: String?
    var acceptsThreads: Bool
    /// Its pages and threads need the archives upgrade, which no sandbox account has.
    var archived: Bool
    /// When set, a new thread submitted here is refused with the closed-thread redirect page
    /// pointing at this (existing) thread, as the real forum once answered: a refusal that looks
    /// like a link to a thread.
    var closedRedirectThreadId: Int64?
}

struct ThreadRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "thread"

    var id: Int64
    var forumId: Int64
    var title: String
    var authorId: Int64
    var iconId: Int64
    var secondaryTagId: Int64?
    var closed: Bool
    var createdAt: Date
    /// Needs the archives upgrade (as does every thread of an archived forum).
    var archived: Bool
}

struct PostRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "post"

    var id: Int64
    var threadId: Int64
    var authorId: Int64
    var bbcode: String
    var postedAt: Date
    var editedAt: Date?
    var parseURLs: Bool
    var disableSmilies: Bool
    var showSignature: Bool
}

struct MessageRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "message"

    /// Folder ids as the forum numbers them.
    static let inbox: Int64 = 0
    static let sentItems: Int64 = -1

    var id: Int64
    /// Whose folder this copy sits in.
    var ownerId: Int64
    var folderId: Int64
    var fromId: Int64
    var toId: Int64
    var title: String
    var bbcode: String
    var iconId: Int64
    var sentAt: Date
    var seen: Bool
    var repliedTo: Bool
    var forwarded: Bool
    var previousMessageId: Int64?
}

/// A `form_cookie` handed out with a form; a post must bring back one issued to the same user.
struct FormCookieRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "formCookie"

    var value: String
    var userId: Int64
    /// What the form was for; a preview-first forum's form only allows a preview.
    var purpose: String
    var issuedAt: Date
}

// Rows read by column, not through Codable: in a debug build GRDB's Codable decoding of every
// row (generic containers, a key lookup per property) was a tenth of the sandbox's time, and the
// state dump and each page read hundreds of rows. Writes still go through Codable.

extension UserRecord.Standing: DatabaseValueConvertible {}

extension UserRecord {
    init(row: Row) throws {
        id = row["id"]; username = row["username"]; password = row["password"]
        cookieToken = row["cookieToken"]; formkey = row["formkey"]; standing = row["standing"]
        probationUntil = row["probationUntil"]; bookmarksByDefault = row["bookmarksByDefault"]
        registeredAt = row["registeredAt"]; lastPostAt = row["lastPostAt"]; lastMessageAt = row["lastMessageAt"]
    }
}

extension ThreadRecord {
    init(row: Row) throws {
        id = row["id"]; forumId = row["forumId"]; title = row["title"]; authorId = row["authorId"]
        iconId = row["iconId"]; secondaryTagId = row["secondaryTagId"]; closed = row["closed"]
        createdAt = row["createdAt"]; archived = row["archived"]
    }
}

extension PostRecord {
    init(row: Row) throws {
        id = row["id"]; threadId = row["threadId"]; authorId = row["authorId"]; bbcode = row["bbcode"]
        postedAt = row["postedAt"]; editedAt = row["editedAt"]; parseURLs = row["parseURLs"]
        disableSmilies = row["disableSmilies"]; showSignature = row["showSignature"]
    }
}

extension MessageRecord {
    init(row: Row) throws {
        id = row["id"]; ownerId = row["ownerId"]; folderId = row["folderId"]; fromId = row["fromId"]
        toId = row["toId"]; title = row["title"]; bbcode = row["bbcode"]; iconId = row["iconId"]
        sentAt = row["sentAt"]; seen = row["seen"]; repliedTo = row["repliedTo"]; forwarded = row["forwarded"]
        previousMessageId = row["previousMessageId"]
    }
}
