import Common

/// Why a draft or file cannot be previewed: what `PreviewDraft` and `PreviewRemotely` raise.
public enum PreviewError: MissiveError, Equatable {
    case noSuchTarget(String)
    case brokenDraft(Int64, problem: String)
    /// `--remote` for a plain file (no front matter) without `--thread`.
    case noRemoteTarget(String)
    /// `--remote` for a draft whose target lacks the id its kind needs.
    case incompleteTarget(String, missing: String)
    case remotePrivateMessage

    public var status: ExitStatus {
        switch self {
        case .noRemoteTarget, .remotePrivateMessage: .usage
        case .noSuchTarget: .noInput
        case .brokenDraft, .incompleteTarget: .dataError
        }
    }

    public var description: String {
        switch self {
        case .noSuchTarget(let target):
            "\(target): no such file" + (Int64(target) != nil || DraftIDText.parse(target) != nil ? " (and not a draft id)" : "")
        case let .brokenDraft(id, problem):
            "draft \(id) cannot be previewed until its front matter is fixed (`missive drafts edit \(id)`): \(problem)"
        case .noRemoteTarget(let name):
            "\(name) has no front matter saying where it goes; give --thread ID (or its URL) to preview it "
                + "as a reply in that thread"
        case let .incompleteTarget(name, missing):
            "\(name) names no \(missing), which the forum's preview needs; add it to the front matter or give --thread"
        case .remotePrivateMessage:
            "the forum has no preview for private messages; preview a PM without --remote, or give --thread "
                + "to see the text as a post"
        }
    }
}
