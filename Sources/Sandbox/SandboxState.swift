import Foundation
import GRDB

/// The whole forum as JSON, for tests to check what landed. `text` and `title` are as stored
/// (vBulletin keeps `&#NNN;` references as posted); `textShown` and `titleShown` are what a
/// reader sees, those references read as characters.
public struct SandboxState: Codable, Sendable, Equatable {
    public struct User: Codable, Sendable, Equatable {
        public var id: Int64
        public var username: String
        /// member, banned, probation or noplatinum.
        public var standing: String
        public var probationUntil: Date?
    }

    public struct Tag: Codable, Sendable, Equatable {
        public var id: Int64
        public var name: String
    }

    public struct Forum: Codable, Sendable, Equatable {
        public var id: Int64
        public var title: String
        public var previewFirst: Bool
        public var acceptsThreads: Bool
        /// The second tag group's input name (`samart_tag`, `tma_ama`), its values, and the one
        /// the form starts with; new threads here must carry one of the values.
        public var secondaryTagGroup: String?
        public var secondaryTags: [Tag]
        public var initialSecondaryTag: Int64?
        /// Needs the archives upgrade (no account has it).
        public var archived: Bool
        /// New threads are refused with the closed-thread redirect to this thread.
        public var closedRedirectThreadId: Int64?
    }

    public struct Thread: Codable, Sendable, Equatable {
        public var id: Int64
        public var forumId: Int64
        public var title: String
        public var authorId: Int64
        public var author: String
        public var iconId: Int64
        public var secondaryTagId: Int64?
        public var closed: Bool
        public var archived: Bool
        public var titleShown: String
        public var postIds: [Int64]
    }

    public struct Post: Codable, Sendable, Equatable {
        public var id: Int64
        public var threadId: Int64
        public var authorId: Int64
        public var author: String
        public var text: String
        public var textShown: String
        public var postedAt: Date
        public var editedAt: Date?
    }

    public struct Message: Codable, Sendable, Equatable {
        public var id: Int64
        /// `inbox` or `sent`.
        public var folder: String
        public var ownerId: Int64
        public var owner: String
        public var from: String
        public var to: String
        public var title: String
        public var text: String
        public var titleShown: String
        public var textShown: String
        public var iconId: Int64
        public var sentAt: Date
        public var seen: Bool
        public var repliedTo: Bool
        public var forwarded: Bool
        public var previousMessageId: Int64?
    }

    public var users: [User]
    public var forums: [Forum]
    public var threads: [Thread]
    public var posts: [Post]
    public var messages: [Message]

    public static func decode(_ data: Data) throws -> SandboxState {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(SandboxState.self, from: data)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        // Compact: tests fetch the whole forum after every case, and indentation doubled its size.
        // `jq .` shows it to a person.
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    static func load(from database: SandboxDatabase) async throws -> SandboxState {
        try await database.queue.read { db in
            let users = try UserRecord.order(Column("id")).fetchAll(db)
            let names = Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0.username) })
            let posts = try PostRecord.order(Column("threadId"), Column("postedAt"), Column("id")).fetchAll(db)
            let postIds = Dictionary(grouping: posts, by: \.threadId).mapValues { $0.map(\.id) }
            return SandboxState(
                users: users.map {
                    User(id: $0.id, username: $0.username, standing: $0.standing.rawValue, probationUntil: $0.probationUntil)
                },
                forums: try ForumRecord.order(Column("position")).fetchAll(db).map { forum in
                    let group = forum.secondaryTagGroup.flatMap { Catalog.secondaryTags[$0] }
                    return Forum(id: forum.id, title: forum.title, previewFirst: forum.previewFirst,
                                 acceptsThreads: forum.acceptsThreads, secondaryTagGroup: group?.name,
                                 secondaryTags: group?.tags.map { Tag(id: $0.id, name: $0.name) } ?? [],
                                 initialSecondaryTag: group?.initial, archived: forum.archived,
                                 closedRedirectThreadId: forum.closedRedirectThreadId)
                },
                threads: try ThreadRecord.order(Column("id")).fetchAll(db).map {
                    Thread(id: $0.id, forumId: $0.forumId, title: $0.title, authorId: $0.authorId,
                           author: names[$0.authorId] ?? "", iconId: $0.iconId, secondaryTagId: $0.secondaryTagId,
                           closed: $0.closed, archived: $0.archived, titleShown: NumericReferences.decode($0.title),
                           postIds: postIds[$0.id] ?? [])
                },
                posts: posts.map {
                    Post(id: $0.id, threadId: $0.threadId, authorId: $0.authorId, author: names[$0.authorId] ?? "",
                         text: $0.bbcode, textShown: NumericReferences.decode($0.bbcode), postedAt: $0.postedAt,
                         editedAt: $0.editedAt)
                },
                messages: try MessageRecord.order(Column("id")).fetchAll(db).map {
                    Message(id: $0.id, folder: $0.folderId == MessageRecord.sentItems ? "sent" : "inbox",
                            ownerId: $0.ownerId, owner: names[$0.ownerId] ?? "", from: names[$0.fromId] ?? "",
                            to: names[$0.toId] ?? "", title: $0.title, text: $0.bbcode,
                            titleShown: NumericReferences.decode($0.title), textShown: NumericReferences.decode($0.bbcode),
                            iconId: $0.iconId,
                            sentAt: $0.sentAt, seen: $0.seen, repliedTo: $0.repliedTo, forwarded: $0.forwarded,
                            previousMessageId: $0.previousMessageId)
                })
        }
    }
}
