import ArgumentParser
import Common
import Forum
import Foundation

/// `--profile` and `--timeout`, shared by every command that talks to a forum.
struct ForumOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The profile to use (default: default_profile in config.toml).", valueName: "name"))
    var profile: String?

    @Option(help: ArgumentHelp("Give up on a forum request after this many seconds.", valueName: "seconds"))
    var timeout: Int = 60

    func validate() throws {
        if timeout < 1 { throw ValidationError("--timeout must be at least 1 second.") }
    }
}

/// Why a profile cannot be turned into a forum connection.
enum ProfileError: MissiveError, Equatable {
    case unknownEngine(profile: String, engine: String)
    case badBaseURL(profile: String, url: String)
    case noUsername(profile: String)

    static let engines = ["somethingawful"]

    var status: ExitStatus {
        switch self {
        case .unknownEngine, .badBaseURL: .config
        case .noUsername: .usage
        }
    }

    var description: String {
        switch self {
        case let .unknownEngine(profile, engine):
            "profile \(profile): unknown engine \"\(engine)\" (known: \(Self.engines.joined(separator: ", ")))"
        case let .badBaseURL(profile, url):
            "profile \(profile): base_url \"\(url)\" is not an http:// or https:// address"
        case let .noUsername(profile):
            "profile \(profile) has no username; pass --username or set one with `missive profiles add`"
        }
    }
}

/// The composition root's piece for the forum: a profile from config.toml, its cookie jar under
/// the data directory, and the adapter for its engine.
struct ForumConnection {
    var paths: MissivePaths
    var profile: Profile
    var adapter: any ForumAdapter

    static func open(_ options: ForumOptions, credentials: (any CredentialSource)? = TerminalPassword.ifInteractive()) throws -> ForumConnection {
        let paths = MissivePaths.resolve()
        let profile = try Config.load(from: paths).profile(named: options.profile)
        return ForumConnection(paths: paths, profile: profile,
                               adapter: try adapter(for: profile, paths: paths, timeout: options.timeout, credentials: credentials))
    }

    static func adapter(for profile: Profile, paths: MissivePaths, timeout: Int, credentials: (any CredentialSource)?) throws -> any ForumAdapter {
        let baseURL = try baseURL(of: profile)
        let settings = HTTPSettings(
            userAgent: "missive/\(MissiveVersion.string)", connectTimeout: .seconds(min(timeout, 10)),
            totalTimeout: .seconds(timeout), cookieJar: cookieJar(for: profile.name, in: paths))
        switch profile.engine {
        case "somethingawful":
            return try SomethingAwfulAdapter(baseURL: baseURL, settings: settings, username: profile.username, credentials: credentials)
        default:
            throw ProfileError.unknownEngine(profile: profile.name, engine: profile.engine)
        }
    }

    static func baseURL(of profile: Profile) throws(ProfileError) -> URL {
        guard let url = URL(string: profile.baseURL), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { throw .badBaseURL(profile: profile.name, url: profile.baseURL) }
        return url
    }

    /// `DATA/cookies/PROFILE.txt`, a Netscape cookie file (mode 0600).
    static func cookieJar(for profile: String, in paths: MissivePaths) -> URL {
        paths.data.appendingPathComponent("cookies", isDirectory: true).appendingPathComponent("\(profile).txt")
    }
}

/// Writes `value` as pretty, sorted JSON on stdout (for `--json`).
func printJSON<Value: Encodable>(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
