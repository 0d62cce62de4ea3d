import Foundation
import GRDB

/// `/_sandbox/...`: what tests use to look inside the forum and to steer it. Faults never touch these.
///
/// - `GET /_sandbox/state.json`: every user, forum, thread, post and private message.
/// - `POST /_sandbox/fault?next=KIND`: the next posting request gets that fault.
/// - `POST /_sandbox/expire-sessions`: every login cookie stops working (the forum logged everyone out).
/// - `GET /_sandbox/loop`: redirects to itself, for the `loop` fault.
extension SandboxHTTPHandler {
    func control(_ request: SandboxRequest) async throws -> SandboxResponse {
        switch (request.method, request.script) {
        case (.get, "_sandbox/state.json"):
            return .json(try await SandboxState.load(from: forum.database).encoded())
        case (.post, "_sandbox/fault"):
            guard let fault = request["next"].flatMap(Fault.init(rawValue:)) else {
                return .text("next= must name a fault: \(Fault.allCases.map(\.rawValue).joined(separator: ", "))\n", status: 400)
            }
            await dice.enqueue(fault)
            return .text("the next posting request gets: \(fault.rawValue)\n", status: 200)
        case (.post, "_sandbox/expire-sessions"):
            try await forum.database.queue.write { db in
                for user in try UserRecord.fetchAll(db) {
                    try db.execute(sql: "UPDATE user SET cookieToken = ? WHERE id = ?", arguments: [Token.hex(32), user.id])
                }
            }
            return .text("every session has expired\n", status: 200)
        case (_, "_sandbox/loop"):
            return .redirect(to: "/_sandbox/loop")
        default:
            return .text("unknown sandbox control: /\(request.script)\n", status: 404)
        }
    }
}

/// The whole forum as JSON, for tests to check what landed. Text is the stored BBCode.
public struct SandboxState: Codable, Sendable, Equatable {
    public struct User: Codable, Sendable, Equatable {
        public var id: Int64
        public var username: String
        public var standing: String
    }

    public struct Forum: Codable, Sendable, Equatable {
        public var id: Int64
        public var title: String
        public var previewFirst: Bool
        public var acceptsThreads: Bool
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
        public var postIds: [Int64]
    }

    public struct Post: Codable, Sendable, Equatable {
        public var id: Int64
        public var threadId: Int64
        public var authorId: Int64
        public var author: String
        public var text: String
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
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func load(from database: SandboxDatabase) async throws -> SandboxState {
        try await database.queue.read { db in
            let users = try UserRecord.order(Column("id")).fetchAll(db)
            let names = Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0.username) })
            let posts = try PostRecord.order(Column("threadId"), Column("postedAt"), Column("id")).fetchAll(db)
            let postIds = Dictionary(grouping: posts, by: \.threadId).mapValues { $0.map(\.id) }
            return SandboxState(
                users: users.map { User(id: $0.id, username: $0.username, standing: $0.standing.rawValue) },
                forums: try ForumRecord.order(Column("position")).fetchAll(db).map {
                    Forum(id: $0.id, title: $0.title, previewFirst: $0.previewFirst, acceptsThreads: $0.acceptsThreads)
                },
                threads: try ThreadRecord.order(Column("id")).fetchAll(db).map {
                    Thread(id: $0.id, forumId: $0.forumId, title: $0.title, authorId: $0.authorId,
                           author: names[$0.authorId] ?? "", iconId: $0.iconId, secondaryTagId: $0.secondaryTagId,
                           closed: $0.closed, postIds: postIds[$0.id] ?? [])
                },
                posts: posts.map {
                    Post(id: $0.id, threadId: $0.threadId, authorId: $0.authorId, author: names[$0.authorId] ?? "",
                         text: $0.bbcode, postedAt: $0.postedAt, editedAt: $0.editedAt)
                },
                messages: try MessageRecord.order(Column("id")).fetchAll(db).map {
                    Message(id: $0.id, folder: $0.folderId == MessageRecord.sentItems ? "sent" : "inbox",
                            ownerId: $0.ownerId, owner: names[$0.ownerId] ?? "", from: names[$0.fromId] ?? "",
                            to: names[$0.toId] ?? "", title: $0.title, text: $0.bbcode, iconId: $0.iconId,
                            sentAt: $0.sentAt, seen: $0.seen, repliedTo: $0.repliedTo, forwarded: $0.forwarded,
                            previousMessageId: $0.previousMessageId)
                })
        }
    }
}
