import Common
import Foundation

/// A thread, post, forum or PM named by its id or by the forum URL a user pasted from the browser:
/// `showthread.php?threadid=T`, `showthread.php?goto=post&postid=P`, `...#post123`,
/// `private.php?action=show&privatemessageid=M`, `forumdisplay.php?forumid=F`.
public struct ForumReference: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case thread, post, forum, privateMessage = "private message"

        /// The query parameter that carries this kind of id.
        var parameter: String {
            switch self {
            case .thread: "threadid"
            case .post: "postid"
            case .forum: "forumid"
            case .privateMessage: "privatemessageid"
            }
        }
    }

    public var kind: Kind
    public var id: Int

    public init(kind: Kind, id: Int) {
        self.kind = kind
        self.id = id
    }

    /// Reads `text` as the id of a `kind`: a bare number, or a URL that names one.
    public static func parse(_ text: String, as kind: Kind) throws(ForumReferenceError) -> ForumReference {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = positive(trimmed) { return ForumReference(kind: kind, id: id) }
        if let misago = misago(trimmed, as: kind) { return misago }
        guard let components = urlComponents(trimmed) else { throw .notAnID(text, kind) }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") }, uniquingKeysWith: { first, _ in first })

        if kind == .post {
            // `#post123` names the post exactly, even on a thread's URL.
            if let fragment = components.fragment, fragment.hasPrefix("post"), let id = positive(String(fragment.dropFirst(4))) {
                return ForumReference(kind: .post, id: id)
            }
        }
        if let value = query[kind.parameter] {
            guard let id = positive(value) else { throw .notAnID(text, kind) }
            return ForumReference(kind: kind, id: id)
        }
        // Say what the URL does name, so the user sees the mix-up.
        for other in Kind.allCases where other != kind && query[other.parameter].flatMap(positive) != nil {
            throw .wrongKind(text, expected: kind, found: other)
        }
        throw .notAnID(text, kind)
    }

    /// Misago's URLs carry ids in the path: `/t/slug/T/`, `/t/slug/T/post/P/` (or `#post-P`),
    /// `/p/...` for a private thread, `/c/slug/C/` for a category.
    private static func misago(_ text: String, as kind: Kind) -> ForumReference? {
        switch kind {
        case .post:
            return MisagoPostAddress(url: text).map { ForumReference(kind: .post, id: $0.postID) }
        case .thread where text.contains("/t/"), .privateMessage where text.contains("/p/"):
            return MisagoPostAddress.threadID(inURL: text).map { ForumReference(kind: kind, id: $0) }
        case .forum where text.contains("/c/"):
            let parts = text.split(separator: "#")[0].split(separator: "/").map(String.init)
            guard let category = parts.firstIndex(of: "c"), parts.count >= category + 3 else { return nil }
            return positive(parts[category + 2]).map { ForumReference(kind: .forum, id: $0) }
        default:
            return nil
        }
    }

    private static func positive(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigitCharacter), let id = Int(text), id > 0 else { return nil }
        return id
    }

    private static func urlComponents(_ text: String) -> URLComponents? {
        guard text.contains(".php") || text.contains("#post") else { return nil }
        // A URL copied without its scheme still names the same page.
        let absolute = text.contains("://") ? text : "https://" + text
        return URLComponents(string: absolute)
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

public enum ForumReferenceError: MissiveError, Equatable {
    case notAnID(String, ForumReference.Kind)
    case wrongKind(String, expected: ForumReference.Kind, found: ForumReference.Kind)

    public var status: ExitStatus { .usage }

    public var description: String {
        switch self {
        case let .notAnID(text, kind):
            "\(text.debugDescription) is not a \(kind.rawValue) id or a forum URL that names one"
        case let .wrongKind(text, expected, found):
            "\(text) names a \(found.rawValue), not a \(expected.rawValue)"
        }
    }
}
