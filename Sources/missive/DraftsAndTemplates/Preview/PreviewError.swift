import Application
import Common
import Markup

enum PreviewError: MissiveError {
    case unknownDialect(String)
    case unknownFormat(String)
    case needsHTML(String)
    case tooNarrow(Int)
    case noSuchTarget(String)
    case cannotWrite(String, reason: String)
    /// The page was written to the file named, but no browser showed it.
    case cannotOpen(String, Browser.Failure)
    case brokenDraft(Int64, problem: String)
    case needsRemote(String)
    case badTimeout(Int)
    /// `--remote` for a plain file (no front matter) without `--thread`.
    case noRemoteTarget(String)
    /// `--remote` for a draft whose target lacks the id its kind needs.
    case incompleteTarget(String, missing: String)
    case remotePrivateMessage
    case badPort(Int)
    case needsLive(String)
    case notWithLive(String)
    /// `--live` on standard input, which cannot be watched.
    case liveNeedsFile

    var status: ExitStatus {
        switch self {
        case .unknownDialect, .unknownFormat, .needsHTML, .tooNarrow, .needsRemote, .badTimeout,
             .noRemoteTarget, .remotePrivateMessage, .badPort, .needsLive, .notWithLive, .liveNeedsFile: .usage
        case .noSuchTarget: .noInput
        case .brokenDraft, .incompleteTarget: .dataError
        case .cannotWrite: .cantCreate
        // Not 69, which says the forum cannot be reached: the page is there, only the browser is
        // missing, which no other status of sysexits.h describes.
        case .cannotOpen: .failure
        }
    }

    var description: String {
        switch self {
        case .unknownDialect(let name):
            "unknown dialect '\(name)'; choose one of: \(Dialect.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownFormat(let name):
            "unknown --format '\(name)'; choose one of: \(DraftFormat.allCases.map(\.rawValue).joined(separator: ", "))"
        case .needsHTML(let option):
            "\(option) only goes with --html"
        case .tooNarrow(let width):
            "--width \(width) is too narrow; use 20 or more"
        case .noSuchTarget(let target):
            "\(target): no such file" + (Int64(target) != nil ? " (and not a draft id)" : "")
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        case let .cannotOpen(path, .noBrowser):
            "no browser to open \(path): BROWSER is not set and xdg-open is not installed; the page is kept there"
        case let .cannotOpen(path, .failed(tried, status)):
            "could not open \(path) with \(tried.joined(separator: " or "))"
                + (status.map { " (exit status \($0))" } ?? "") + "; the page is kept there: open it yourself, or set BROWSER"
        case let .brokenDraft(id, problem):
            "draft \(id) cannot be previewed until its front matter is fixed (`missive drafts edit \(id)`): \(problem)"
        case .needsRemote(let option):
            "\(option) only goes with --remote"
        case .badTimeout(let seconds):
            "--timeout \(seconds) is out of range; use \(ForumOptions.timeoutRange.lowerBound) to "
                + "\(ForumOptions.timeoutRange.upperBound) seconds"
        case .noRemoteTarget(let name):
            "\(name) has no front matter saying where it goes; give --thread ID (or its URL) to preview it "
                + "as a reply in that thread"
        case let .incompleteTarget(name, missing):
            "\(name) names no \(missing), which the forum's preview needs; add it to the front matter or give --thread"
        case .badPort(let port):
            "--port \(port) is out of range; use 1 to 65535, or 0 for a free port"
        case .needsLive(let option):
            "\(option) only goes with --live"
        case .notWithLive(let option):
            "\(option) does not go with --live (the live page is always the HTML preview, drawn here)"
        case .liveNeedsFile:
            "--live needs a file or a draft id to watch, not standard input"
        case .remotePrivateMessage:
            "the forum has no preview for private messages; preview a PM without --remote, or give --thread "
                + "to see the text as a post"
        }
    }
}
