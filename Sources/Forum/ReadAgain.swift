/// Reads that failed because the forum failed (it could not be reached, a 5xx, its database-error
/// page, a page that could not be read) are made again at once, a few times, before the failure
/// counts: a read posts nothing, and a forum failing one request in two (issue 31) answers the
/// next one as often as not. Waits the forum names (flood control, Retry-After) and refusals are
/// never tried again here.
public enum ReadAgain {
    /// How many times a read is made in all before its failure counts.
    public static let tries = 3

    /// `read`'s value, made again at once (up to `tries` times in all) while it fails because the
    /// forum failed; then its last failure.
    public static func atOnce<T>(tries: Int = tries, _ read: () async throws(ForumError) -> T) async throws(ForumError) -> T {
        var made = 1
        while true {
            do {
                return try await read()
            } catch {
                guard made < tries, error.forumFailed || error.isUnreadable else { throw error }
                made += 1
            }
        }
    }
}

extension ForumError {
    /// The forum failed to answer (could not be reached, an HTTP 5xx, its database-error page, a
    /// page it did not finish): asking again later may work, and nothing about the question
    /// itself was answered. Not a wait the forum named (flood control, Retry-After).
    public var forumFailed: Bool {
        switch self {
        case .retryLater(nil, .floodControl): false
        case .retryLater(nil, _): true
        case .retryLater: false
        case let .unexpected(evidence): evidence.status.map { (500...599).contains($0) } ?? false
        case .rejected: false
        }
    }

    /// The forum answered with a page that could not be read as the page asked for.
    public var isUnreadable: Bool {
        if case .unexpected = self { true } else { false }
    }
}
