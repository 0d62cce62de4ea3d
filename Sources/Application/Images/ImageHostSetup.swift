import Common
import Forum
import Foundation
import Markup
import Outbox

/// Why a profile's images cannot go anywhere: said with the setting to write.
public enum ImageHostSetupError: MissiveError, Equatable {
    case noHost(profile: String)
    case noCredential(profile: String)
    case unreadableToken(path: String, reason: String)

    public var status: ExitStatus {
        switch self {
        case .noHost, .noCredential: .config
        case .unreadableToken: .noPermission
        }
    }

    public var description: String {
        switch self {
        case let .noHost(profile):
            "profile \(profile) has no image host for local images; add image_api = \"https://api.imgur.com/\" and "
                + "image_client_id = \"...\" to [profiles.\(profile)] in config.toml"
        case let .noCredential(profile):
            "profile \(profile) has an image_api but no image_client_id, and no image host token is saved "
                + "(`missive images token --profile \(profile)`)"
        case let .unreadableToken(path, reason): "cannot read the image host token \(path): \(reason)"
        }
    }
}

/// A profile's image host as config.toml and the saved token describe it. The API base is read
/// from the profile only (`image_api`), never made from the forum's address. (The host itself,
/// over HTTP, is made by the composition root.)
public struct ImageHostSetup: Sendable {
    public var paths: MissivePaths
    public var config: Config

    public init(paths: MissivePaths, config: Config) {
        self.paths = paths
        self.config = config
    }

    /// The user's token for the profile's image host: a secret, kept like the cookie jar
    /// (`DATA/cookies/PROFILE.image-token`, mode 0600), never in config.toml, never printed.
    public static func tokenFile(for profile: String, in paths: MissivePaths) -> URL {
        paths.data.appendingPathComponent("cookies", isDirectory: true).appendingPathComponent("\(profile).image-token")
    }

    public func apiBase(of profileName: String) throws -> URL {
        let profile = try config.profile(named: profileName)
        guard let text = profile.imageAPI, let url = Profile.forumAddress(text) else { throw ImageHostSetupError.noHost(profile: profileName) }
        return url
    }

    public func credential(of profileName: String) throws -> ImgurCredential {
        let file = Self.tokenFile(for: profileName, in: paths)
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let token = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                if !token.isEmpty { return .bearer(token) }
            } catch {
                throw ImageHostSetupError.unreadableToken(path: file.path, reason: "\(error.localizedDescription)")
            }
        }
        guard let id = try config.profile(named: profileName).imageClientID else { throw ImageHostSetupError.noCredential(profile: profileName) }
        return .clientID(id)
    }

    /// What queueing needs: paths start in the command's directory; the limit is the host's,
    /// and a profile without an image host refuses a draft with local images.
    public func intake(workingDirectory: String = FileManager.default.currentDirectoryPath,
                       home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) -> ImageIntake {
        let setup = self
        return ImageIntake(base: ImagePathBase(workingDirectory: workingDirectory, home: home)) { profile in
            _ = try setup.apiBase(of: profile)
            _ = try setup.credential(of: profile)
            return ImgurHost.imgurMaxBytes
        }
    }
}
