import Common
import Foundation

/// The address a local image has in a queued command until it is uploaded. The command is
/// converted at queue time (what is queued is what is sent), when the hosted address is not yet
/// known; the converter gets this stand-in, an address it writes in the dialect's image tag
/// (`.invalid` is reserved, RFC 2606: it can never be a real image), and the sender puts the
/// hosted address in its place before anything is posted.
enum ImagePlaceholder {
    static let prefix = "https://missive.invalid/image/"

    static func url(_ hash: ContentHash) -> String { prefix + hash.hex }

    static func appears(in text: String) -> Bool { text.contains(prefix) }

    /// `text` with each image's stand-in replaced by its hosted address.
    static func resolve(_ text: String, hosted: [ContentHash: URL]) -> String {
        var text = text
        for (hash, url) in hosted {
            text = text.replacingOccurrences(of: Self.url(hash), with: escaped(url.absoluteString))
        }
        return text
    }

    /// The hosted address with anything that could end a tag or a Markdown destination
    /// (`[`, `]`, `(`, `)`, `<`, `>`, quotes, spaces) percent-encoded: a host's answer is not
    /// trusted to be one.
    static func escaped(_ address: String) -> String {
        let safe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'*+,;=%")
        return address.addingPercentEncoding(withAllowedCharacters: safe) ?? ""
    }
}

extension ForumCommand {
    /// The same command with its images' stand-ins replaced by their hosted addresses.
    func resolvingImages(_ hosted: [ContentHash: URL]) -> ForumCommand {
        let resolve = { (text: String) in ImagePlaceholder.resolve(text, hosted: hosted) }
        return switch self {
        case let .reply(threadID, bbcode): .reply(threadID: threadID, bbcode: resolve(bbcode))
        case let .privateMessage(to, subject, bbcode, replyTo, forwardOf, iconID):
            .privateMessage(to: to, subject: subject, bbcode: resolve(bbcode), replyTo: replyTo, forwardOf: forwardOf, iconID: iconID)
        case let .newThread(forumID, subject, bbcode, iconID, tag):
            .newThread(forumID: forumID, subject: subject, bbcode: resolve(bbcode), iconID: iconID, tag: tag)
        case let .edit(postID, bbcode, previous, base): .edit(postID: postID, bbcode: resolve(bbcode), previous: previous, base: base)
        }
    }
}
