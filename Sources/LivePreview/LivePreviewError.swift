import Common

/// Why the live preview could not start.
public enum LivePreviewError: MissiveError, Equatable {
    /// Another program (or another preview) listens on the port asked for.
    case portInUse(UInt16)
    case cannotListen(port: UInt16, reason: String)
    case cannotWatch(path: String, reason: String)

    public var status: ExitStatus {
        switch self {
        // As the sandbox's taken port: try again later, or with another port.
        case .portInUse: .tempFailure
        case .cannotListen: .unavailable
        case .cannotWatch: .noInput
        }
    }

    public var description: String {
        switch self {
        case .portInUse(let port):
            "port \(port) on 127.0.0.1 is already in use; give another --port, or --port 0 for a free one"
        case let .cannotListen(port, reason):
            "could not listen on 127.0.0.1:\(port): \(reason)"
        case let .cannotWatch(path, reason):
            "cannot watch \(path) for changes: \(reason)"
        }
    }
}
