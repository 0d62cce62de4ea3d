import Common
import Forum

/// `icons`: the post icons and thread tags a forum's new-thread form offers, which only a
/// member who is logged in can read.
public struct ListPostIcons: Sendable {
    let forum: any ForumAdapter
    let profile: Profile
    /// Whether the user named the profile, so the advice repeats `--profile NAME`.
    let profileNamed: Bool

    public init(forum: any ForumAdapter, profile: Profile, profileNamed: Bool) {
        self.forum = forum
        self.profile = profile
        self.profileNamed = profileNamed
    }

    public func run(forumID: Int) async throws(PostIconsError) -> [PostIcon] {
        guard await forum.hasSavedSession() else {
            throw .notLoggedIn(profile: profile.name, named: profileNamed)
        }
        do {
            return try await forum.postIcons(forumID: forumID)
        } catch {
            throw PostIconsError(error, forumID: forumID, profile: profile, named: profileNamed)
        }
    }
}

/// Why the icons could not be listed, said for the user who asked.
public struct PostIconsError: MissiveError, Equatable {
    public var status: ExitStatus
    public var description: String

    static func notLoggedIn(profile: String, named: Bool) -> PostIconsError {
        PostIconsError(status: .noPermission, description: "not logged in to \(profile): the new-thread form is for members; "
            + "run `missive login\(named ? " --profile \(profile)" : "")`")
    }

    init(status: ExitStatus, description: String) {
        self.status = status
        self.description = description
    }

    init(_ error: ForumError, forumID: Int, profile: Profile, named: Bool) {
        switch error {
        case .rejected(.notLoggedIn):
            self = .notLoggedIn(profile: profile.name, named: named)
        case let .retryLater(_, .unreachable(message)):
            // A local forum's message already says how to start the sandbox.
            let advice = message.hasSuffix(TransportError.startSandbox) ? "" : "; is it up (`missive sandbox` for the practice forum)?"
            self.init(status: error.status, description: "the forum at \(profile.baseURL) could not be reached (\(message))" + advice)
        case let .rejected(.forumError(_, message)), let .rejected(.doesNotExist(_, message)):
            // The one page asked for is the forum's new-thread form: an error page there means no such forum.
            self.init(status: .noInput, description: "forum \(forumID) has no new-thread form to read: the forum says "
                + "\"\(message)\" (check the id: it is the forumid= of the forum's page)")
        default:
            self.init(status: error.status, description: "could not read forum \(forumID)'s new-thread form: \(error)")
        }
    }
}
