import Common
import Forum
import Foundation

/// Reads forum text for a draft through the profile's adapter. Nothing here throws: a text that
/// cannot be fetched is a warning on stderr and the draft goes ahead without it (rule 1: what the
/// user writes matters more than what the forum can add to it).
public struct FetchForumText: Sendable {
    var profile: Profile
    var forums: any ForumConnector
    var console: any ConsoleOutput
    var timeout: Int
    /// Whether the user named the profile, so the advice repeats `--profile NAME`.
    var profileNamed: Bool

    public init(profile: Profile, forums: any ForumConnector, console: any ConsoleOutput, timeout: Int, profileNamed: Bool) {
        self.profile = profile
        self.forums = forums
        self.console = console
        self.timeout = timeout
        self.profileNamed = profileNamed
    }

    public func run(_ text: ForumText) async -> FetchedText {
        let adapter: any ForumAdapter
        do {
            adapter = try forums.adapter(for: profile, timeout: timeout, access: .mayLogIn)
        } catch {
            return report(FetchedText(isOriginal: text.isPostSource, failures: items(of: text).map { failure($0, error) }), text)
        }
        var fetched = FetchedText(isOriginal: text.isPostSource)
        switch text {
        case let .quotedPosts(posts):
            for post in posts {
                do {
                    let quote = try await adapter.quote(postID: Int(post.id), inThread: post.thread.map { Int($0) })
                    fetched.pieces.append(quote)
                    fetched.quotes[post.id] = quote
                } catch {
                    fetched.failures.append(failure("\(post) to quote", error))
                }
            }
        case let .quotedMessage(id, forwarding):
            do {
                let message = try await adapter.privateMessage(id: Int(id))
                fetched.pieces.append(try await adapter.quotePrivateMessage(id: Int(id)))
                fetched.subject = Self.subject(message.subject, forwarding: forwarding)
            } catch {
                fetched.failures.append(failure("private message \(id) to quote", error))
            }
        case let .postSource(post):
            do {
                fetched.pieces.append(try await adapter.postSource(postID: Int(post)))
            } catch {
                fetched.failures.append(failure("the current text of post \(post)", error))
            }
        }
        return report(fetched, text)
    }

    /// "Re: Hello" for a reply, "Fw: Hello" for a forward; a subject that has the prefix keeps it once.
    public static func subject(_ original: String, forwarding: Bool) -> String? {
        let subject = original.trimmingCharacters(in: .whitespaces)
        guard !subject.isEmpty else { return nil }
        let prefix = forwarding ? "Fw: " : "Re: "
        return subject.lowercased().hasPrefix(prefix.lowercased()) ? subject : prefix + subject
    }

    private func items(of text: ForumText) -> [String] {
        switch text {
        case let .quotedPosts(posts): posts.map { "\($0) to quote" }
        case let .quotedMessage(id, _): ["private message \(id) to quote"]
        case let .postSource(post): ["the current text of post \(post)"]
        }
    }

    /// Warns about each missing text on stderr, then hands the result on.
    private func report(_ fetched: FetchedText, _ text: ForumText) -> FetchedText {
        // Running the command again reopens the draft made now; only quotes are added to an open
        // draft, so for the other texts the way back to them is a new draft.
        let again = text.addsToOpenDraft ? "run the command again" : "run the command again with --new"
        // A refusal that ends the command is its error, not a warning before it.
        for failure in fetched.failures where fetched.refusal == nil {
            console.note("warning: could not fetch \(failure.what) from the forum: \(failure.reason)")
            console.note("  to fix: \(failure.advice), then \(again)")
        }
        if text.isPostSource, fetched.pieces.isEmpty, fetched.refusal == nil {
            console.note("  the draft starts empty, without the post's text: an undo after sending cannot put the post back")
        }
        return fetched
    }

    private func failure(_ what: String, _ error: any Error) -> FetchFailure {
        let login = "`missive login" + (profileNamed ? " --profile \(profile.name)`" : "`")
        guard let forumError = error as? ForumError else {
            let status = (error as? any MissiveError)?.status ?? .failure
            return FetchFailure(what: what, reason: String(describing: error),
                                advice: "check profile \(profile.name) with `missive profiles list`", status: status)
        }
        switch forumError {
        case .rejected(.notLoggedIn):
            return FetchFailure(what: what, reason: "you are not logged in to \(profile.baseURL) (profile \(profile.name))",
                                advice: "log in with \(login)", status: forumError.status)
        case let .retryLater(_, .unreachable(message)):
            let advice = isLocal
                ? "start the practice forum with `missive sandbox` (or point the profile elsewhere with `missive profiles add`)"
                : "check your connection to \(profile.baseURL)"
            return FetchFailure(what: what, reason: "the forum at \(profile.baseURL) could not be reached (\(message))",
                                advice: advice, status: forumError.status)
        case .retryLater:
            return FetchFailure(what: what, reason: forumError.description, advice: "wait a little", status: forumError.status)
        case .rejected:
            return FetchFailure(what: what, reason: forumError.description,
                                advice: "check the id, and that profile \(profile.name)'s account may see it",
                                status: forumError.status, refused: true)
        case .unexpected:
            return FetchFailure(what: what, reason: forumError.description,
                                advice: "check the id, and profile \(profile.name)'s base_url (`missive profiles list`)",
                                status: forumError.status)
        }
    }

    /// A profile on this machine is the sandbox (or another local forum someone has to start).
    private var isLocal: Bool {
        let host = URL(string: profile.baseURL)?.host?.lowercased() ?? ""
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
    }
}
