import Application
import Common
import Markup

/// What `missive preview` refuses before the work starts (options that do not go together) and
/// what goes wrong with the page after it (`PreviewError` is the use case's).
enum PreviewCommandError: MissiveError {
    case unknownDialect(String)
    case unknownFormat(String)
    case needsHTML(String)
    case tooNarrow(Int)
    case cannotWrite(String, reason: String)
    /// The page was written to the file named, but no browser showed it.
    case cannotOpen(String, Browser.Failure)
    case needsRemote(String)
    case badTimeout(Int)
    case badPort(Int)
    case needsLive(String)
    case notWithLive(String)
    /// `--live` on standard input, which cannot be watched.
    case liveNeedsFile

    var status: ExitStatus {
        switch self {
        case .unknownDialect, .unknownFormat, .needsHTML, .tooNarrow, .needsRemote, .badTimeout,
             .badPort, .needsLive, .notWithLive, .liveNeedsFile: .usage
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
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        case let .cannotOpen(path, .noBrowser):
            "no browser to open \(path): BROWSER is not set and xdg-open is not installed; the page is kept there"
        case let .cannotOpen(path, .failed(tried, status)):
            "could not open \(path) with \(tried.joined(separator: " or "))"
                + (status.map { " (exit status \($0))" } ?? "") + "; the page is kept there: open it yourself, or set BROWSER"
        case .needsRemote(let option):
            "\(option) only goes with --remote"
        case .badTimeout(let seconds):
            "--timeout \(seconds) is out of range; use \(ForumOptions.timeoutRange.lowerBound) to "
                + "\(ForumOptions.timeoutRange.upperBound) seconds"
        case .badPort(let port):
            "--port \(port) is out of range; use 1 to 65535, or 0 for a free port"
        case .needsLive(let option):
            "\(option) only goes with --live"
        case .notWithLive(let option):
            "\(option) does not go with --live (the live page is always the HTML preview, drawn here)"
        case .liveNeedsFile:
            "--live needs a file or a draft id to watch, not standard input"
        }
    }
}
