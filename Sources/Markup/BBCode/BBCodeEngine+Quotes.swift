/// Who a `[quote]` quotes, as the engine reads its option and attributes.
public struct BBCodeQuoteSource: Sendable, Equatable {
    public var author: String?
    public var postID: String?

    public init(author: String? = nil, postID: String? = nil) {
        self.author = author
        self.postID = postID
    }
}

extension BBCodeEngine {
    /// The attribution of a quote element, read the engine's way.
    public func quoteSource(of element: BBCodeElement) -> BBCodeQuoteSource {
        let option = element.option.flatMap { $0.isEmpty ? nil : $0 }
        switch quoteAttribution {
        case .namedAttributes:
            return BBCodeQuoteSource(author: option, postID: element.attribute("post"))
        case .semicolon:
            // vBulletin: `name;postid`, split at the last `;` when a number follows it.
            guard let option, let semicolon = option.lastIndex(of: ";") else { return BBCodeQuoteSource(author: option) }
            let post = option[option.index(after: semicolon)...]
            guard !post.isEmpty, post.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return BBCodeQuoteSource(author: option)
            }
            return BBCodeQuoteSource(author: String(option[..<semicolon]), postID: String(post))
        case .commaSeparated:
            // XenForo: `name, post: 1, member: 2`.
            guard let option else { return BBCodeQuoteSource() }
            var parts = option.split(separator: ",", omittingEmptySubsequences: false)
            let author = String(parts.removeFirst())
            var post: String?
            for part in parts {
                let pair = part.split(separator: ":", maxSplits: 1)
                guard pair.count == 2 else { continue }
                if pair[0].trimmingBlanks() == "post" { post = String(pair[1].trimmingBlanks()) }
            }
            return BBCodeQuoteSource(author: author.isEmpty ? nil : author, postID: post)
        case .s9eAttributes:
            return BBCodeQuoteSource(author: option ?? element.attribute("author"), postID: element.attribute("post_id"))
        }
    }

    /// The line above a quote element: the forum's own when the post was read from its page,
    /// else the engine's words for the author its option names.
    public func quoteHeader(of element: BBCodeElement) -> String? {
        element.header ?? quoteHeader(for: quoteSource(of: element))
    }

    /// The line above a quote naming its author, in the engine's own words.
    public func quoteHeader(for source: BBCodeQuoteSource) -> String? {
        guard let author = source.author else { return nil }
        switch dialect {
        case .somethingawful: return "\(author) posted:"
        case .vbulletin: return "Originally Posted by \(author)"
        case .phpbb, .misago: return "\(author) wrote:"
        case .xenforo: return "\(author) said:"
        }
    }
}

extension StringProtocol {
    func trimmingBlanks() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
