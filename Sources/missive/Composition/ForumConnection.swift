import Application
import Common
import Forum
import Foundation
import Outbox
import Store

/// The composition root's piece for the forum: a profile from config.toml, its cookie jar under
/// the data directory, and the adapter for its engine.
struct ForumConnection {
    var paths: MissivePaths
    var profile: Profile
    var adapter: any ForumAdapter

    static func adapter(
        for profile: Profile, paths: MissivePaths, timeout: Int, credentials: (any CredentialSource)?,
        cookieJar access: CookieJarAccess = .readWrite
    ) throws -> any ForumAdapter {
        let settings = HTTPSettings(
            userAgent: "missive/\(MissiveVersion.string)", connectTimeout: .seconds(min(timeout, 10)),
            totalTimeout: .seconds(timeout), cookieJar: paths.cookieJar(for: profile.name), cookieJarAccess: access,
            cookieJarWriteFailed: { Console.note("the session could not be saved: \($0.description)") })
        return try adapter(for: profile, settings: settings, credentials: credentials)
    }

    static func adapter(for profile: Profile, settings: HTTPSettings, credentials: (any CredentialSource)?) throws -> any ForumAdapter {
        let baseURL = try profile.forumURL()
        switch profile.engine {
        case .somethingawful:
            return try SomethingAwfulAdapter(baseURL: baseURL, settings: settings, username: profile.username, credentials: credentials)
        case .misago:
            return try MisagoAdapter(baseURL: baseURL, settings: settings, username: profile.username, credentials: credentials)
        }
    }
}

/// The forums config.toml describes, for the use cases: `.mayLogIn` asks for a password where
/// there is a terminal and keeps the session; `.lookOnly` reads the saved session and writes nothing.
struct ConfiguredForums: ForumConnector {
    var paths: MissivePaths

    func adapter(for profile: Profile, timeout: Int, access: ForumAccess) throws -> any ForumAdapter {
        switch access {
        case .mayLogIn:
            try ForumConnection.adapter(for: profile, paths: paths, timeout: timeout, credentials: TerminalPassword.ifInteractive())
        case .lookOnly:
            try ForumConnection.adapter(for: profile, paths: paths, timeout: timeout, credentials: nil, cookieJar: .readOnly)
        }
    }

    /// Before the editor opens: the saved session as it is, and at most 1.3 s, so that a forum
    /// that refuses connections or never answers holds the editor up for under two seconds
    /// (with the command's own start-up on a busy machine).
    func composeContext(_ target: ComposeTarget, profile: Profile) async -> ComposeContext {
        do {
            let settings = HTTPSettings(
                userAgent: "missive/\(MissiveVersion.string)", connectTimeout: Self.checkTimeout,
                totalTimeout: Self.checkTimeout, cookieJar: paths.cookieJar(for: profile.name),
                cookieJarAccess: .readOnly, cookieJarWriteFailed: { _ in })
            return try await ForumConnection.adapter(for: profile, settings: settings, credentials: nil).composeContext(target)
        } catch {
            return ComposeContext(standing: .unchecked(String(describing: error)))
        }
    }

    static let checkTimeout: Duration = .milliseconds(1300)
}

extension Home {
    /// The profile `options` names, for the session use cases: no password prompt of its own.
    func profileForum(_ options: ForumOptions) throws -> ProfileForum {
        let profile = try config.profile(named: options.profile)
        let paths = self.paths
        return ProfileForum(profile: profile, cookieJar: paths.cookieJar(for: profile.name)) { access in
            try ForumConnection.adapter(for: profile, paths: paths, timeout: options.timeout, credentials: nil, cookieJar: access)
        }
    }

    func logIn(_ options: ForumOptions) throws -> LogIn { LogIn(try profileForum(options), console: TerminalConsole()) }

    func logOut(_ options: ForumOptions) throws -> LogOut { LogOut(try profileForum(options)) }

    func checkSession(_ options: ForumOptions) throws -> CheckSession { CheckSession(try profileForum(options)) }
}

/// The forum use cases, each over the profile `options` names.
extension Home {
    /// `cookieJar: .readOnly` for commands that only look: the jar is read if it is there and
    /// never created or written.
    func connection(_ options: ForumOptions, cookieJar access: CookieJarAccess = .readWrite) throws -> ForumConnection {
        let profile = try config.profile(named: options.profile)
        return ForumConnection(paths: paths, profile: profile,
                               adapter: try ForumConnection.adapter(for: profile, paths: paths, timeout: options.timeout,
                                                                    credentials: TerminalPassword.ifInteractive(), cookieJar: access))
    }

    func readInbox(_ options: ForumOptions) throws -> ReadInbox { ReadInbox(forum: try connection(options).adapter) }

    func readPrivateMessage(_ options: ForumOptions) throws -> ReadPrivateMessage {
        ReadPrivateMessage(forum: try connection(options).adapter)
    }

    /// The profile's forum for reading (bookmarks, threads, the ignore list); an engine that
    /// cannot read yet says so, with what works instead.
    func reading(_ options: ForumOptions) throws -> (connection: ForumConnection, reader: any ForumReader) {
        let connection = try connection(options)
        guard let reader = connection.adapter as? any ForumReader else {
            throw UseCaseError(.unavailable, "profile \(connection.profile.name) is a \(connection.profile.engine.rawValue) forum: "
                               + "bookmarks, read, status and ignore work on Something Awful profiles only for now")
        }
        return (connection, reader)
    }

    func listBookmarks(_ options: ForumOptions) throws -> ListBookmarks { ListBookmarks(forum: try reading(options).reader) }

    func changeBookmark(_ options: ForumOptions) throws -> ChangeBookmark { ChangeBookmark(forum: try reading(options).reader) }

    func readThread(_ options: ForumOptions) throws -> ReadThread { ReadThread(forum: try reading(options).reader) }

    /// Misago has no ignore list at all (its 0.39 API cannot block a member): said so, not "for now".
    func changeIgnoreList(_ options: ForumOptions) throws -> ChangeIgnoreList {
        let profile = try config.profile(named: options.profile)
        if profile.engine == .misago {
            throw UseCaseError(.unavailable, "profile \(profile.name) is a misago forum, and Misago has no ignore list "
                               + "(its API has no way to block a member)")
        }
        return ChangeIgnoreList(forum: try reading(options).reader)
    }

    /// `status`: the forum's news and the outbox's, the store opened read-only when it is asked
    /// (no store yet: an empty outbox).
    func checkStatus(_ options: ForumOptions) throws -> CheckStatus {
        let (connection, reader) = try reading(options)
        let paths = self.paths
        return CheckStatus(profile: connection.profile.name, reader: reader, forum: connection.adapter) {
            guard FileManager.default.fileExists(atPath: paths.data.appendingPathComponent(Store.fileName).path) else { return [] }
            return try Store.open(paths: paths, access: .readOnly).outboxListing(states: CheckStatus.outboxStates, limit: nil)
        }
    }

    /// Reading the list needs no login, so the cookie jar is only read.
    func listSmilies(_ options: ForumOptions) throws -> ListSmilies {
        let connection = try connection(options, cookieJar: .readOnly)
        return ListSmilies(forum: connection.adapter, cache: SmiliesCache(directory: paths.cache, profile: connection.profile.name))
    }

    func listPostIcons(_ options: ForumOptions) throws -> ListPostIcons {
        let connection = try connection(options)
        return ListPostIcons(forum: connection.adapter, profile: connection.profile, profileNamed: options.profile != nil)
    }

    /// `preview --remote`: the forum's own rendering; an expired session is renewed by asking for
    /// the password where there is a terminal.
    func previewRemotely(profile: Profile, timeout: Int) -> PreviewRemotely {
        PreviewRemotely { [paths] in
            try ForumConnection.adapter(for: profile, paths: paths, timeout: timeout, credentials: TerminalPassword.ifInteractive())
        }
    }
}
