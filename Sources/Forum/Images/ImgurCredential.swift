import Common

/// How Missive identifies itself to an Imgur API v3 host: anonymously with an application's
/// client id (`Authorization: Client-ID ...`), or as the user with an OAuth access token
/// (`Authorization: Bearer ...`). The token is a secret, like a password: never printed.
public enum ImgurCredential: Sendable, Equatable, CustomStringConvertible {
    case clientID(String)
    case bearer(String)

    public struct Invalid: MissiveError, Equatable {
        public var status: ExitStatus { .config }
        public var description: String {
            "the image host's client id or token is empty or holds spaces or control characters; set it again"
        }
    }

    /// A value that cannot be sent as one header (a line break in it would add headers of its own).
    public func validated() throws(Invalid) -> ImgurCredential {
        let value = switch self { case let .clientID(id): id; case let .bearer(token): token }
        guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { throw Invalid() }
        return self
    }

    var header: (name: String, value: String) {
        switch self {
        case let .clientID(id): ("Authorization", "Client-ID \(id)")
        case let .bearer(token): ("Authorization", "Bearer \(token)")
        }
    }

    public var description: String {
        switch self {
        case let .clientID(id): "client id \(id)"
        case .bearer: "the account's access token"
        }
    }
}
