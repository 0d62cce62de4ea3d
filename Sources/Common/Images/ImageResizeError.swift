/// Why an image could not be made to fit. Nothing is resized silently and nothing is broken:
/// an animated image is refused rather than cut to one frame. Here rather than beside the
/// resizer (Outbox, which has libgd) because the store's `ImageFileError` names it.
public enum ImageResizeError: MissiveError, Equatable {
    case notAnImage(ImageHeaderProblem)
    /// Scaling keeps one frame; the animation would be lost.
    case animated(ImageFormat)
    /// libgd could not read the image (damaged data past its header).
    case undecodable(ImageFormat)
    case encodingFailed(ImageFormat)
    /// Even the smallest size tried is over the byte limit.
    case cannotFit(ImageFormat, smallest: Int, limit: Int)
    /// libgd (opened at first use) is not installed or could not be loaded.
    case libgdUnavailable

    public var status: ExitStatus {
        switch self {
        case .encodingFailed: .software
        case .libgdUnavailable: .unavailable
        default: .dataError
        }
    }

    public var description: String {
        switch self {
        case let .notAnImage(problem): "it cannot be resized: \(problem)"
        case let .animated(format):
            "it is an animated \(format); resizing would keep only its first frame, so it is left as it is "
                + "(make it smaller yourself, or link to it)"
        case let .undecodable(format): "it cannot be resized: its \(format) data is damaged past the header"
        case let .encodingFailed(format): "writing the resized \(format) failed"
        case let .cannotFit(format, smallest, limit):
            "even scaled down, the \(format) is \(smallest) bytes, over the host's limit of \(limit) bytes"
        case .libgdUnavailable:
            "image resizing needs libgd (libgd.so.3), which could not be loaded: install it (apt-get install libgd3)"
        }
    }
}
