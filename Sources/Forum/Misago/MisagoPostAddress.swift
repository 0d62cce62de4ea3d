import Foundation

/// Where a Misago post lives: its thread and its own id. The engine has no lookup by post id
/// alone, so this is what edits, quotes and sources are addressed by.
public struct MisagoPostAddress: Sendable, Equatable, CustomStringConvertible {
    public var threadID: Int
    public var postID: Int
    /// A post of a private thread (`/p/...`) rather than of a public one (`/t/...`).
    public var isPrivate: Bool

    public init(threadID: Int, postID: Int, isPrivate: Bool = false) {
        self.threadID = threadID
        self.postID = postID
        self.isPrivate = isPrivate
    }

    /// Reads a post's URL as the engine writes it: `/t/slug/T/post/P/` (or `/p/...` for a private
    /// thread), with or without the host, or a thread's URL with `#post-P`.
    public init?(url text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let path: Substring
        let fragment: Substring?
        if let hash = trimmed.firstIndex(of: "#") {
            path = trimmed[..<hash]
            fragment = trimmed[trimmed.index(after: hash)...]
        } else {
            path = Substring(trimmed)
            fragment = nil
        }
        // Only the path's segments matter: scheme and host are the profile's.
        let withoutHost = path.range(of: "://").map { path[$0.upperBound...].drop { $0 != "/" } } ?? path
        let parts = withoutHost.split(separator: "/").map(String.init)
        guard let kind = parts.firstIndex(where: { $0 == "t" || $0 == "p" }), parts.count >= kind + 3,
            let thread = Self.positive(parts[kind + 2]) else { return nil }
        let post: Int?
        if parts.count >= kind + 5, parts[kind + 3] == "post" {
            post = Self.positive(parts[kind + 4])
        } else if let fragment, fragment.hasPrefix("post-") {
            post = Self.positive(String(fragment.dropFirst(5)))
        } else {
            post = nil
        }
        guard let post else { return nil }
        self.init(threadID: thread, postID: post, isPrivate: parts[kind] == "p")
    }

    /// The id in a thread's or private thread's URL (`/t/slug/T/`, `/p/slug/T/...`).
    static func threadID(inURL text: String) -> Int? {
        let parts = text.split(separator: "/").map(String.init)
        guard let kind = parts.firstIndex(where: { $0 == "t" || $0 == "p" }), parts.count >= kind + 3 else { return nil }
        return positive(parts[kind + 2])
    }

    private static func positive(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(text), id > 0 else { return nil }
        return id
    }

    /// The post's thread's API address.
    var threadAPIPath: String {
        "api/\(isPrivate ? "private-threads" : "threads")/\(threadID)/"
    }

    /// The post's API address.
    var apiPath: String { threadAPIPath + "posts/\(postID)/" }

    public var description: String { "post \(postID) of \(isPrivate ? "private thread" : "thread") \(threadID)" }
}
