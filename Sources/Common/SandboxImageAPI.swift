import Foundation

/// Where the sandbox's Imgur-compatible image host listens, worked out from its forum's address:
/// the image API has a port of its own (as Imgur's API is not on the forum's host), by default
/// the one after the forum's. `missive-sandbox --images-port N` moves it; a profile that points at
/// a sandbox started that way needs its image host named explicitly.
public enum SandboxImageAPI {
    /// The image port for a forum on `forumPort`: the next one up. 0 (any free port) stays 0, and
    /// so does the last port, which has no next one.
    public static func defaultPort(forForumPort forumPort: UInt16) -> UInt16 {
        forumPort == 0 || forumPort == .max ? 0 : forumPort + 1
    }

    /// The image API base (`http://127.0.0.1:8643/` for a sandbox forum at
    /// `http://127.0.0.1:8642/`), or nil when `forumBase` is not a loopback http address with a
    /// port: a real forum's images go to a real host.
    public static func base(forForum forumBase: String) -> URL? {
        guard let url = URL(string: forumBase), url.scheme == "http",
              let host = url.host, ["127.0.0.1", "localhost"].contains(host),
              let port = url.port, let forumPort = UInt16(exactly: port) else { return nil }
        let imagesPort = defaultPort(forForumPort: forumPort)
        guard imagesPort != 0 else { return nil }
        return URL(string: "http://\(host):\(imagesPort)/")
    }
}
