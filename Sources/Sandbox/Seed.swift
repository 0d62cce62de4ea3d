import Common
import Foundation
import GRDB

/// The people, forums and threads a fresh sandbox starts with. Every account's password is
/// `sandbox`; `--help` lists them.
public enum Seed {
    /// Seeded accounts, by what they are for.
    public enum Account {
        public static let member = (id: Int64(1001), username: "sandbox")
        public static let other = (id: Int64(1002), username: "Zoë")
        public static let banned = (id: Int64(1003), username: "banned")
        public static let probation = (id: Int64(1004), username: "probation")
        /// The account the default `sandbox` profile logs in as (`missive init` writes that profile).
        public static let tester = (id: Int64(1005), username: Config.sandboxProfile().username ?? "Missive Tester")
        public static let password = "sandbox"
    }

    /// Seeded forums and threads that tests and the help text refer to.
    public enum Ids {
        public static let generalForum: Int64 = 1
        public static let previewFirstForum: Int64 = 2
        public static let askTellForum: Int64 = 3
        public static let archiveForum: Int64 = 4
        public static let welcomeThread: Int64 = 3_500_001
        public static let closedThread: Int64 = 3_500_002
        public static let longThread: Int64 = 3_500_003
        public static let askThread: Int64 = 3_500_004
        /// The first post of the welcome thread, written by `Zoë` (not editable by `sandbox`).
        public static let othersPost: Int64 = 500_000_001
        /// The second post of the welcome thread, written by `sandbox`.
        public static let ownPost: Int64 = 500_000_002
        /// A message from `Zoë` in `sandbox`'s inbox.
        public static let inboxMessage: Int64 = 9_000_001
    }

    /// How long the seeded probation lasts from the moment the data was created.
    static let probationLength: TimeInterval = 3 * 24 * 3600

    static func insert(into db: Database, now: Date) throws {
        let registered = now.addingTimeInterval(-400 * 24 * 3600)
        func user(_ account: (id: Int64, username: String), _ standing: UserRecord.Standing) -> UserRecord {
            UserRecord(id: account.id, username: account.username, password: Account.password,
                       cookieToken: Token.hex(32), formkey: Token.hex(32), standing: standing,
                       probationUntil: standing == .probation ? now.addingTimeInterval(probationLength) : nil,
                       bookmarksByDefault: account.id == Account.member.id, registeredAt: registered)
        }
        for record in [user(Account.member, .member), user(Account.other, .member),
                       user(Account.banned, .banned), user(Account.probation, .probation), user(Account.tester, .member)] {
            try record.insert(db)
        }

        let forums = [
            ForumRecord(id: Ids.generalForum, category: "Main", title: "Sandbox Discussion", position: 1,
                        previewFirst: false, secondaryTagGroup: nil, acceptsThreads: true),
            ForumRecord(id: Ids.previewFirstForum, category: "Main", title: "Preview First Gallery", position: 2,
                        previewFirst: true, secondaryTagGroup: "samart_tag", acceptsThreads: true),
            ForumRecord(id: Ids.askTellForum, category: "Discussion", title: "Ask / Tell", position: 3,
                        previewFirst: false, secondaryTagGroup: "tma_ama", acceptsThreads: true),
            ForumRecord(id: Ids.archiveForum, category: "Discussion", title: "Read-Only Archive", position: 4,
                        previewFirst: false, secondaryTagGroup: nil, acceptsThreads: false),
        ]
        for forum in forums { try forum.insert(db) }

        var nextPost = Ids.othersPost
        var minutes = -600.0
        func post(_ thread: Int64, _ author: Int64, _ text: String) throws {
            minutes += 7
            try PostRecord(id: nextPost, threadId: thread, authorId: author, bbcode: text,
                           postedAt: now.addingTimeInterval(minutes * 60), editedAt: nil, parseURLs: true,
                           disableSmilies: false, showSignature: false).insert(db)
            nextPost += 1
        }
        func thread(_ id: Int64, forum: Int64, _ title: String, by author: Int64, icon: Int64,
                    tag: Int64? = nil, closed: Bool = false) throws {
            try ThreadRecord(id: id, forumId: forum, title: title, authorId: author, iconId: icon,
                             secondaryTagId: tag, closed: closed,
                             createdAt: now.addingTimeInterval((minutes + 1) * 60)).insert(db)
        }

        let other = Account.other.id, member = Account.member.id
        try thread(Ids.welcomeThread, forum: Ids.generalForum, "Welcome to the sandbox", by: other, icon: 60)
        try post(Ids.welcomeThread, other, """
            This is a practice forum. Nothing here leaves your computer.
            [b]Bold[/b], [i]italic[/i], [url=https://example.com]links[/url] and :cheers: all work.
            """)
        try post(Ids.welcomeThread, member, "Thanks! I can edit this post, but not the one above.")
        try post(Ids.welcomeThread, other, "[quote=\"sandbox\" post=\"\(Ids.ownPost)\"]\nThanks!\n[/quote]\nYou're welcome.")

        try thread(Ids.closedThread, forum: Ids.generalForum, "This thread is closed", by: other, icon: 64, closed: true)
        try post(Ids.closedThread, other, "Replies here are refused: the thread is closed.")

        try thread(Ids.longThread, forum: Ids.generalForum, "A long thread (two pages)", by: member, icon: 65)
        for number in 1...45 {
            try post(Ids.longThread, number.isMultiple(of: 2) ? other : member, "Post number \(number) of the long thread.")
        }

        try thread(Ids.askThread, forum: Ids.askTellForum, "I run a forum sandbox, ask me anything", by: other,
                   icon: 61, tag: 2)
        try post(Ids.askThread, other, "Ask away.")

        try MessageRecord(id: Ids.inboxMessage, ownerId: member, folderId: MessageRecord.inbox, fromId: other,
                          toId: member, title: "Hello from Zoë", bbcode: "Welcome! Reply to this message to try PMs.",
                          iconId: 0, sentAt: now.addingTimeInterval(-3600), seen: false, repliedTo: false,
                          forwarded: false, previousMessageId: nil).insert(db)
        try MessageRecord(id: Ids.inboxMessage + 1, ownerId: other, folderId: MessageRecord.sentItems, fromId: other,
                          toId: member, title: "Hello from Zoë", bbcode: "Welcome! Reply to this message to try PMs.",
                          iconId: 0, sentAt: now.addingTimeInterval(-3600), seen: true, repliedTo: false,
                          forwarded: false, previousMessageId: nil).insert(db)
    }
}

/// Random hex strings for cookies, formkeys and form cookies.
enum Token {
    static func hex(_ length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<length).map { _ in digits[Int(generator.next() % 16)] })
    }
}
