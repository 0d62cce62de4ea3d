/// Exit statuses, after BSD's sysexits.h so that scripts can tell failures apart.
/// Every error a user can see maps to exactly one of these.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// Something went wrong that none of the cases below describes.
    case failure = 1
    /// The command line was wrong (unknown option, unknown dialect, missing argument).
    case usage = 64
    /// The input was malformed: invalid UTF-8, NUL bytes, bad front matter, unknown template variables.
    case dataError = 65
    /// An input file, draft, template or post does not exist or cannot be read.
    case noInput = 66
    /// The addressee does not exist (unknown PM recipient).
    case noUser = 67
    /// The forum or sandbox could not be reached.
    case unavailable = 69
    /// A bug in Missive; the message says what to report.
    case software = 70
    /// An output file or directory could not be created.
    case cantCreate = 73
    /// Reading or writing failed half-way.
    case ioError = 74
    /// Try again later: the store is locked, the forum asked us to wait.
    case tempFailure = 75
    /// The forum answered with something Missive cannot read.
    case protocolError = 76
    /// Not allowed: read-only store, not logged in, banned, no permission to edit.
    case noPermission = 77
    /// The configuration is wrong (unknown profile, bad config file, bad theme).
    case config = 78
}

/// An error meant for the person at the terminal: a message they can act on, and the exit status.
public protocol MissiveError: Error, CustomStringConvertible {
    var status: ExitStatus { get }
}
