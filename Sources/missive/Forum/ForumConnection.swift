import Application
import Common
import Forum
import Foundation

/// The composition root's piece for the forum: a profile from config.toml, its cookie jar under
/// the data directory, and the adapter for its engine.
struct ForumConnection {
    var paths: MissivePaths
    var profile: Profile
    var adapter: any ForumAdapter

    /// `cookieJar: .readOnly` for commands that only look: the jar is read if it is there and
    /// never created or written.
    static func open(
        _ options: ForumOptions, credentials: (any CredentialSource)? = TerminalPassword.ifInteractive(),
        cookieJar access: CookieJarAccess = .readWrite
    ) throws -> ForumConnection {
        let paths = MissivePaths.resolve()
        let profile = try Config.load(from: paths).profile(named: options.profile)
        return ForumConnection(paths: paths, profile: profile,
                               adapter: try adapter(for: profile, paths: paths, timeout: options.timeout, credentials: credentials,
                                                    cookieJar: access))
    }

    static func adapter(
        for profile: Profile, paths: MissivePaths, timeout: Int, credentials: (any CredentialSource)?,
        cookieJar access: CookieJarAccess = .readWrite
    ) throws -> any ForumAdapter {
        let settings = HTTPSettings(
            userAgent: "missive/\(MissiveVersion.string)", connectTimeout: .seconds(min(timeout, 10)),
            totalTimeout: .seconds(timeout), cookieJar: cookieJar(for: profile.name, in: paths), cookieJarAccess: access,
            cookieJarWriteFailed: { Console.note("the session could not be saved: \($0.description)") })
        return try adapter(for: profile, settings: settings, credentials: credentials)
    }

    static func adapter(for profile: Profile, settings: HTTPSettings, credentials: (any CredentialSource)?) throws -> any ForumAdapter {
        let baseURL = try baseURL(of: profile)
        switch profile.engine {
        case .somethingawful:
            return try SomethingAwfulAdapter(baseURL: baseURL, settings: settings, username: profile.username, credentials: credentials)
        case .misago:
            return try MisagoAdapter(baseURL: baseURL, settings: settings, username: profile.username, credentials: credentials)
        }
    }

    static func baseURL(of profile: Profile) throws(ProfileError) -> URL {
        guard let url = Profile.forumAddress(profile.baseURL) else { throw .badBaseURL(profile: profile.name, url: profile.baseURL) }
        return url
    }

    /// `DATA/cookies/PROFILE.txt`, a Netscape cookie file (mode 0600).
    static func cookieJar(for profile: String, in paths: MissivePaths) -> URL {
        paths.data.appendingPathComponent("cookies", isDirectory: true).appendingPathComponent("\(profile).txt")
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
                totalTimeout: Self.checkTimeout, cookieJar: ForumConnection.cookieJar(for: profile.name, in: paths),
                cookieJarAccess: .readOnly, cookieJarWriteFailed: { _ in })
            return try await ForumConnection.adapter(for: profile, settings: settings, credentials: nil).composeContext(target)
        } catch {
            return ComposeContext(standing: .unchecked(String(describing: error)))
        }
    }

    static let checkTimeout: Duration = .milliseconds(1300)
}
