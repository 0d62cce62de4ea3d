import Common

/// Why a local image cannot be sent. The message names the file, as the draft wrote it, and
/// the reason, so the user can fix the draft or the file.
public struct ImageFileError: MissiveError, Equatable {
    public enum Problem: Sendable, Equatable {
        case missing
        /// A symbolic link whose target is not there.
        case brokenLink(target: String)
        /// A directory, a device, a pipe: anything but a regular file.
        case notAFile(kind: String)
        case unreadable(reason: String)
        case empty
        case tooLarge(bytes: Int, limit: Int)
        case header(ImageHeaderProblem)
        /// Its size changed while it was being copied (an editor still saving it?).
        case changedWhileReading
        case readFailed(reason: String)
        /// Over the limit, and `--resize` could not scale it down.
        case notResizable(ImageResizeError)
    }

    /// The path as the draft names it (before `~` and relative paths were resolved).
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var status: ExitStatus {
        switch problem {
        case .missing, .brokenLink, .notAFile: .noInput
        case .unreadable: .noPermission
        case .empty, .tooLarge, .header: .dataError
        case .changedWhileReading, .readFailed: .ioError
        case let .notResizable(error): error.status
        }
    }

    /// Too many bytes for the host: the one problem `--resize` can fix.
    public var isTooLarge: Bool {
        if case .tooLarge = problem { true } else { false }
    }

    public var description: String {
        let reason = switch problem {
        case .missing: "there is no such file"
        case let .brokenLink(target): "it is a symbolic link to \(target), which does not exist"
        case let .notAFile(kind): "it is \(kind), not an image file"
        case let .unreadable(reason): "it cannot be read (\(reason))"
        case .empty: "it is empty (0 bytes)"
        case let .tooLarge(bytes, limit):
            "it is \(Self.megabytes(bytes)), more than the image host's limit of \(Self.megabytes(limit)); "
                + "queue it with --resize to send it scaled down"
        case let .header(problem): problem.description
        case .changedWhileReading: "it changed while it was being copied; save it and try again"
        case let .readFailed(reason): "reading it failed (\(reason))"
        case let .notResizable(error): error.description
        }
        return "image \(path): \(reason)"
    }

    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value < 10 ? "\((value * 10).rounded() / 10) MiB" : "\(Int(value.rounded())) MiB"
    }
}
