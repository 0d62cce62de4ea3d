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
        /// A member without the Platinum upgrade: every private.php page is refused.
        public static let noPlatinum = (id: Int64(1006), username: "noplatinum")
        /// The account the default `sandbox` profile logs in as (`missive init` writes that profile).
        public static let tester = (id: Int64(1005), username: Config.sandboxProfile().username ?? "Missive Tester")
        /// A moderator: nobody may put them on an ignore list.
        public static let staff = (id: Int64(1007), username: "Moderator Mia")
        public static let password = "sandbox"
    }

    /// Seeded forums and threads that tests and the help text refer to.
    public enum Ids {
        public static let generalForum: Int64 = 1
        public static let previewFirstForum: Int64 = 2
        public static let askTellForum: Int64 = 3
        /// Not accepting new threads.
        public static let archiveForum: Int64 = 4
        /// SA-Mart-like: preview first, and the `samart_tag` group (1 selling, 2 buying, 3 trading, 4 other).
        public static let samartForum: Int64 = 5
        /// Archived: its pages and threads need the archives upgrade, which no account has.
        public static let archivesUpgradeForum: Int64 = 6
        /// A new thread submitted here is refused with the closed-thread redirect page pointing at
        /// `closedDoorThread`.
        public static let closedDoorForum: Int64 = 7
        public static let welcomeThread: Int64 = 3_500_001
        public static let closedThread: Int64 = 3_500_002
        public static let longThread: Int64 = 3_500_003
        public static let askThread: Int64 = 3_500_004
        // Threads added by the second seed sit below the first seed's, so that they never meet
        // the ids of threads posted in a sandbox made before them.
        /// In the archived forum.
        public static let archivedThread: Int64 = 3_400_001
        /// In the ordinary forum, but archived on its own.
        public static let archivedThreadElsewhere: Int64 = 3_400_002
        /// Closed, in `closedDoorForum`: where that forum's refusals point.
        public static let closedDoorThread: Int64 = 3_400_003
        /// In SA-Mart, tagged selling.
        public static let samartThread: Int64 = 3_400_004
        /// The first post of the welcome thread, written by `Zoë` (not editable by `sandbox`).
        public static let othersPost: Int64 = 500_000_001
        /// The second post of the welcome thread, written by `sandbox`.
        public static let ownPost: Int64 = 500_000_002
        /// A message from `Zoë` in `sandbox`'s inbox.
        public static let inboxMessage: Int64 = 9_000_001
        /// A message from `Zoë` in the tester's inbox (the README's `missive pm Zoë --reply-to`),
        /// in a fresh sandbox; one seeded before it gets the next free id.
        public static let testersMessage: Int64 = 9_000_003
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
                        previewFirst: false, secondaryTagGroup: nil, acceptsThreads: true, archived: false),
            ForumRecord(id: Ids.previewFirstForum, category: "Main", title: "Preview First Gallery", position: 2,
                        previewFirst: true, secondaryTagGroup: nil, acceptsThreads: true, archived: false),
            ForumRecord(id: Ids.askTellForum, category: "Discussion", title: "Ask / Tell", position: 3,
                        previewFirst: true, secondaryTagGroup: "tma_ama", acceptsThreads: true, archived: false),
            ForumRecord(id: Ids.archiveForum, category: "Discussion", title: "Read-Only Archive", position: 4,
                        previewFirst: false, secondaryTagGroup: nil, acceptsThreads: false, archived: false),
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
                             createdAt: now.addingTimeInterval((minutes + 1) * 60), archived: false).insert(db)
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
                   icon: 61, tag: 1)
        try post(Ids.askThread, other, "Ask away.")

        try MessageRecord(id: Ids.inboxMessage, ownerId: member, folderId: MessageRecord.inbox, fromId: other,
                          toId: member, title: "Hello from Zoë", bbcode: "Welcome! Reply to this message to try PMs.",
                          iconId: 0, sentAt: now.addingTimeInterval(-3600), seen: false, repliedTo: false,
                          forwarded: false, previousMessageId: nil).insert(db)
        try MessageRecord(id: Ids.inboxMessage + 1, ownerId: other, folderId: MessageRecord.sentItems, fromId: other,
                          toId: member, title: "Hello from Zoë", bbcode: "Welcome! Reply to this message to try PMs.",
                          iconId: 0, sentAt: now.addingTimeInterval(-3600), seen: true, repliedTo: false,
                          forwarded: false, previousMessageId: nil).insert(db)
        try insertSecondSeed(into: db, now: now)
    }

    /// Brings a sandbox seeded before the second seed up to date (its data is kept across restarts
    /// now): Ask/Tell's tags become the real ones and it previews first, the gallery loses the tag
    /// group SA-Mart now has, and the second seed's accounts, forums and threads are added.
    /// Does nothing to a sandbox seeded with both.
    static func upgradeFirstSeed(_ db: Database, now: Date) throws {
        guard try !ForumRecord.exists(db, key: Ids.samartForum) else { return }
        try db.execute(sql: "UPDATE forum SET secondaryTagGroup = NULL WHERE id = ?", arguments: [Ids.previewFirstForum])
        try db.execute(sql: "UPDATE forum SET previewFirst = 1 WHERE id = ?", arguments: [Ids.askTellForum])
        // The first seed's Ask/Tell tags were 1 Ask, 2 Tell; the real ones are 0 TMA (tell me), 1 AMA (ask me).
        try db.execute(sql: "UPDATE thread SET secondaryTagId = 0 WHERE forumId = ? AND secondaryTagId = 2",
                       arguments: [Ids.askTellForum])
        try db.execute(sql: "UPDATE thread SET secondaryTagId = 1 WHERE id = ?", arguments: [Ids.askThread])
        try insertSecondSeed(into: db, now: now)
    }

    /// The third seed: a message from Zoë waiting for the tester, the account a new user logs in
    /// as, so that reading and answering a PM can be tried at once. Its copy is in Zoë's Sent Items,
    /// as the forum keeps one.
    static func insertTestersMessage(into db: Database, now: Date) throws {
        let id = try SandboxForum.nextId(db, table: "message", first: Ids.testersMessage)
        let title = "Welcome, \(Account.tester.username)"
        let text = "Hi! This message waits in your inbox so that you can try private messages: "
            + "`missive pm Zoë --reply-to \(id)` answers it, quoting it."
        for (copy, owner, folder) in [(id, Account.tester.id, MessageRecord.inbox), (id + 1, Account.other.id, MessageRecord.sentItems)] {
            try MessageRecord(id: copy, ownerId: owner, folderId: folder, fromId: Account.other.id,
                              toId: Account.tester.id, title: title, bbcode: text, iconId: 0,
                              sentAt: now.addingTimeInterval(-1800), seen: folder == MessageRecord.sentItems,
                              repliedTo: false, forwarded: false, previousMessageId: nil).insert(db)
        }
    }

    /// The fourth seed: a moderator, whom the ignore list refuses (as the real one refuses staff).
    static func insertStaff(into db: Database, now: Date) throws {
        guard try !UserRecord.exists(db, key: Account.staff.id) else { return }
        try UserRecord(id: Account.staff.id, username: Account.staff.username, password: Account.password,
                       cookieToken: Token.hex(32), formkey: Token.hex(32), standing: .member, probationUntil: nil,
                       bookmarksByDefault: false, registeredAt: now.addingTimeInterval(-900 * 24 * 3600)).insert(db)
        try db.execute(sql: "INSERT INTO staff (userId, role) VALUES (?, 'Moderator')", arguments: [Account.staff.id])
    }

    /// What the second seed adds: an account without Platinum, SA-Mart, an archived forum and
    /// thread, and a forum whose new threads are refused with a closed-thread redirect.
    private static func insertSecondSeed(into db: Database, now: Date) throws {
        try UserRecord(id: Account.noPlatinum.id, username: Account.noPlatinum.username, password: Account.password,
                       cookieToken: Token.hex(32), formkey: Token.hex(32), standing: .noplatinum, probationUntil: nil,
                       bookmarksByDefault: false, registeredAt: now.addingTimeInterval(-30 * 24 * 3600)).insert(db)
        let forums = [
            ForumRecord(id: Ids.samartForum, category: "Main", title: "SA-Mart", position: 5, previewFirst: true,
                        secondaryTagGroup: "samart_tag", acceptsThreads: true, archived: false),
            ForumRecord(id: Ids.archivesUpgradeForum, category: "Discussion", title: "The Archives", position: 6,
                        previewFirst: false, secondaryTagGroup: nil, acceptsThreads: true, archived: true),
            ForumRecord(id: Ids.closedDoorForum, category: "Discussion", title: "Closed Door", position: 7,
                        previewFirst: false, secondaryTagGroup: nil, acceptsThreads: true, archived: false,
                        closedRedirectThreadId: Ids.closedDoorThread),
        ]
        for forum in forums { try forum.insert(db) }

        let other = Account.other.id
        let threads: [(id: Int64, forum: Int64, title: String, tag: Int64?, closed: Bool, archived: Bool, text: String)] = [
            (Ids.archivedThread, Ids.archivesUpgradeForum, "An archived thread", nil, false, false,
             "Only readers with the archives upgrade see this."),
            (Ids.archivedThreadElsewhere, Ids.generalForum, "An old, archived thread", nil, false, true,
             "This thread went to the archives on its own."),
            (Ids.closedDoorThread, Ids.closedDoorForum, "New threads here are refused", nil, true, false,
             "Posting a new thread in this forum answers with this thread's closed-thread page."),
            (Ids.samartThread, Ids.samartForum, "FS: a gently used sandbox", 1, false, false, "Make me an offer."),
        ]
        for (index, thread) in threads.enumerated() {
            let posted = now.addingTimeInterval(Double(-700 + index * 7) * 60)
            try ThreadRecord(id: thread.id, forumId: thread.forum, title: thread.title, authorId: other, iconId: 60,
                             secondaryTagId: thread.tag, closed: thread.closed, createdAt: posted,
                             archived: thread.archived).insert(db)
            try PostRecord(id: 400_000_001 + Int64(index), threadId: thread.id, authorId: other, bbcode: thread.text,
                           postedAt: posted, editedAt: nil, parseURLs: true, disableSmilies: false,
                           showSignature: false).insert(db)
        }
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
