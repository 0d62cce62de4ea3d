import Common
import Compose
import Forum
import Markup
import Foundation
import Store

/// Before the editor opens: one question to the forum (the form the post would go through):
/// may this target be written to, and what does it say there? A refusal the page proves ends the
/// command before a word is typed; a session in doubt or a forum that cannot be asked is a notice
/// in the buffer, and the editor opens anyway. Where the page proves nothing, nothing is refused.
public struct ComposeCheck: Sendable {
    var profile: Profile
    var forums: any ForumConnector
    /// How many of a thread's latest posts to show; 0 shows none.
    var latest: Int
    /// Posts quoted into the body: shown in full beside the latest ones.
    var quoted: [Int64]
    /// Whether the user named the profile, so that advice repeats `--profile NAME`.
    var profileNamed: Bool

    public init(profile: Profile, forums: any ForumConnector, latest: Int, quoted: [Int64] = [], profileNamed: Bool = false) {
        self.profileNamed = profileNamed
        self.profile = profile
        self.forums = forums
        self.latest = latest
        self.quoted = quoted
    }

    /// What the check gave the session: notices for the buffer's top and its context.
    public struct Result: Sendable {
        public var notices: [String] = []
        public var context: BufferContext?
        /// Quoted posts older than the page's review: shown from their quotes once fetched.
        public var olderQuotes: [Int64] = []
    }

    /// The target a draft writes to, as the forum's forms know it; nil for one that names none yet.
    public static func target(of content: DraftContent) -> ComposeTarget? {
        let target = content.target
        switch content.kind {
        case .reply: return target.thread.map { .reply(threadID: Int($0)) }
        case .edit: return target.post.map { .edit(postID: Int($0)) }
        case .thread: return target.forum.map { .newThread(forumID: Int($0)) }
        case .pm: return .privateMessage(replyingTo: (target.replyTo ?? target.forwardOf).map { Int($0) })
        }
    }

    /// Asks the forum. Throws the forum's refusal (its status is the refusal's own: 77 for a
    /// closed thread or no permission, 66 for one that does not exist, ...).
    /// `refusalIsNotice`: a refusal is told in the buffer instead (`drafts edit`: the draft is the
    /// user's to change or retarget whatever the forum says now).
    public func run(_ content: DraftContent, existing: Draft? = nil, refusalIsNotice: Bool = false) async throws -> Result {
        guard let target = Self.target(of: content) else { return Result() }
        let answer = await forums.composeContext(target, profile: profile)
        let what = content.target.describe(content.kind)
        switch answer.standing {
        case let .refused(rejection) where refusalIsNotice:
            let reason = rejection.description.hasSuffix(".") ? String(rejection.description.dropLast()) : rejection.description
            return Result(notices: ["The forum would refuse this now: cannot \(Self.verb(target, what: what)): \(reason)"
                + (Self.remedy(rejection, target: target).map { "; \($0)" } ?? "") + "."])
        case let .refused(rejection):
            let kept = existing.map { "draft \($0.id) is kept as it is" } ?? "no draft was made"
            let reason = rejection.description.hasSuffix(".") ? String(rejection.description.dropLast()) : rejection.description
            throw UseCaseError(rejection.status, "cannot \(Self.verb(target, what: what)): \(reason). "
                + "The editor did not open and \(kept)\(Self.remedy(rejection, target: target).map { "; \($0)" } ?? "").")
        case let .sessionInDoubt(rejection):
            return Result(notices: [sessionNotice(rejection)])
        case let .unchecked(reason):
            return Result(notices: ["Could not ask the forum about \(what) (\(reason)), so nothing of it is shown; "
                + "\(reachAdvice) before sending."])
        case .open:
            let older = target.isReply ? quoted.filter { id in !answer.posts.contains { $0.id == Int(id) } } : []
            let notices = await recipientNotice(content).map { [$0] } ?? []
            // A reply names its thread by title too: a number says little about what is answered.
            let named = answer.title.map { "\(what), “\($0)”" } ?? what
            return Result(notices: notices, context: context(answer.posts, target: target, what: named), olderQuotes: older)
        }
    }

    /// A new PM's recipient beside the people in the inbox and sent items: a name that is not
    /// there but close to one that is ("Zoe" for "Zoë") is said before anything is written.
    /// Only a hint: what the forum says when a member does not exist has not been seen on a real
    /// page (forum-protocol.md), so nothing is refused on it; the send still finds out for sure.
    public func recipientNotice(_ content: DraftContent) async -> String? {
        guard content.kind == .pm, let name = content.target.recipient, !name.isEmpty,
            let adapter = try? forums.adapter(for: profile, timeout: 10, access: .lookOnly)
        else { return nil }
        var known: [String] = []
        for folder in PrivateMessageFolder.allCases {
            known += ((try? await adapter.privateMessages(in: folder)) ?? []).map(\.correspondent)
        }
        let names = Array(Set(known)).sorted()
        guard !names.contains(name) else { return nil }
        let folded = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        guard let guess = names.first(where: { folded($0) == folded(name) }) ?? EditDistance.closest(to: name, among: names) else {
            return nil
        }
        return "Is `to: \(name)` right? The people in your private messages include \(guess), not \(name): "
            + "did you mean \(guess)? The forum refuses a name it does not know only when the message is sent."
    }

    /// What the user meant to do, as the refusal message says it.
    static func verb(_ target: ComposeTarget, what: String) -> String {
        switch target {
        case .reply: "reply to \(what)"
        case .edit: "edit \(what)"
        case .newThread: "start a thread in \(what)"
        case let .privateMessage(replyingTo): replyingTo.map { "answer private message \($0)" } ?? "write \(what)"
        }
    }

    /// What would help after a refusal, where something can (never `queue retry`).
    public static func remedy(_ rejection: Rejection, target: ComposeTarget) -> String? {
        switch rejection {
        case .threadClosed: return "only a moderator can reopen it"
        case .doesNotExist:
            switch target {
            case .reply: return "check the thread id (a thread's address ends in threadid=N)"
            case .edit: return "check the post id (`missive queue list` shows the posts you sent)"
            case .newThread: return "check the forum id (a forum's address ends in forumid=N)"
            case .privateMessage: return "check the message id (`missive inbox` lists them)"
            }
        case .noPermission: return "check that the profile's account is the one that may write there"
        case .platinumRequired: return "private messages need the Platinum upgrade on the forum's account page"
        case .archivesRequired: return "the archives upgrade on the forum's account page opens it"
        case .probation: return "posting opens again when the probation ends"
        default: return nil
        }
    }

    private func sessionNotice(_ rejection: Rejection) -> String {
        switch rejection {
        case .botCheck:
            "The forum's bot check answered instead of the forum: \(rejection.description) before sending."
        default:
            "You are not logged in to \(profile.baseURL) (profile \(profile.name)): run \(loginCommand) before sending."
        }
    }

    private var loginCommand: String {
        profileNamed ? "`missive login --profile \(profile.name)`" : "`missive login`"
    }

    private var reachAdvice: String {
        let host = URL(string: profile.baseURL)?.host?.lowercased() ?? ""
        return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
            ? "start the practice forum with `missive sandbox`" : "check your connection to \(profile.baseURL)"
    }

    /// The posts to show: the latest few (newest last, nearest the cursor), and any quoted post
    /// in full wherever it is; a PM or an edit shows what the forum gave.
    private func context(_ posts: [ContextPost], target: ComposeTarget, what: String) -> BufferContext? {
        let shown: [ContextPost]
        let heading: String
        switch target {
        case .reply:
            let latest = posts.suffix(latest)
            let quotedIDs = Set(quoted.map { Int($0) })
            shown = posts.filter { post in latest.contains(post) || post.id.map(quotedIDs.contains) == true }
            let extra = shown.count - latest.count
            heading = "\(what.prefix(1).uppercased() + what.dropFirst()): the last \(counted(latest.count, "post")), newest last"
                + (extra > 0 ? ", and the \(counted(extra, "post")) you quote" : "") + "."
        case .privateMessage:
            shown = posts
            heading = "The private message you answer."
        case .edit:
            shown = posts.suffix(max(latest, 1))
            heading = "Posts around the one you edit, newest last."
        case .newThread:
            shown = []
            heading = ""
        }
        guard !shown.isEmpty else { return nil }
        let noun = if case .privateMessage = target { "private message" } else { "post" }
        return BufferContext(heading: heading, entries: shown.map { entry($0, noun: noun) })
    }

    /// A quoted post the page's review does not carry, drawn from its quote's BBCode.
    public static func olderQuote(_ id: Int64, bbcode: String, dialect: Dialect) -> BufferContext.Entry {
        BufferContext.Entry(header: "quoted, older than the thread's latest posts · post \(id)",
                            text: BBCode.parse(bbcode, dialect: dialect).renderText().trimmingCharacters(in: .newlines))
    }

    private func entry(_ post: ContextPost, noun: String) -> BufferContext.Entry {
        // A member the user ignores is one line, as `read` shows them.
        if post.ignored { return BufferContext.Entry(header: "ignored: \(post.author)" + (post.id.map { " · \(noun) \($0)" } ?? ""), text: "") }
        var header = post.author
        if let role = post.role, !role.isEmpty { header += " (\(role))" }
        if !post.date.isEmpty { header += " · " + post.date }
        if let id = post.id { header += " · \(noun) \(id)" }
        return BufferContext.Entry(header: header, text: post.text)
    }
}

extension ComposeTarget {
    var isReply: Bool {
        if case .reply = self { true } else { false }
    }
}
