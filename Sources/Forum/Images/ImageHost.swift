import Common
import Foundation

/// An image to upload: its identity and a way to read its bytes. `bytes` hands them over in
/// pieces (from the store's kept copy) each time it is called, once per attempt.
public struct ImageUpload: Sendable {
    public var hash: ContentHash
    public var format: ImageFormat
    public var byteCount: Int
    public var bytes: @Sendable (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    public init(hash: ContentHash, format: ImageFormat, byteCount: Int,
                bytes: @escaping @Sendable (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) {
        self.hash = hash
        self.format = format
        self.byteCount = byteCount
        self.bytes = bytes
    }

    /// The file name the host is told (hosts want one; the user's own name is not sent).
    public var fileName: String { "\(hash.hex.prefix(16)).\(format.fileExtension)" }
}

/// Where the host put an image: what goes in the post, and how to take it down again.
public struct HostedImage: Sendable, Equatable, Codable {
    /// The image itself (what goes in `[img]`), not a page about it.
    public var url: URL
    /// The host's own id for the image.
    public var id: String
    /// What `delete` needs, where the host gives one (Imgur's `deletehash`). A secret of sorts:
    /// anyone holding it can delete the image.
    public var deleteHandle: DeleteHandle?

    public init(url: URL, id: String, deleteHandle: DeleteHandle?) {
        self.url = url
        self.id = id
        self.deleteHandle = deleteHandle
    }
}

public struct DeleteHandle: Sendable, Equatable, Codable, CustomStringConvertible {
    public var value: String
    public init(_ value: String) { self.value = value }
    public var description: String { "delete handle \(value)" }
}

/// What became of an upload, in the same terms as a post's outcome: only the host's answer with
/// the image's address is `uploaded`.
public enum UploadOutcome: Sendable, Equatable, CustomStringConvertible {
    case uploaded(HostedImage)
    /// The host refused this image; sending it again unchanged will not help.
    case rejected(UploadRejection)
    /// Nothing was stored, and trying again later may work; `after` is the wait the host named.
    case retryLater(after: Duration?, reason: String)
    /// The host may have stored it: reconcile before any retry.
    case unknown(evidence: String)

    public var description: String {
        switch self {
        case let .uploaded(image): "uploaded: \(image.url.absoluteString)"
        case let .rejected(rejection): "refused by the image host: \(rejection)"
        case let .retryLater(after, reason):
            after.map { "try again in \(Int($0.components.seconds)) s: \(reason)" } ?? "try again later: \(reason)"
        case let .unknown(evidence): "unknown whether the image host stored it: \(evidence)"
        }
    }
}

public enum UploadRejection: Sendable, Equatable, CustomStringConvertible {
    /// The credential (client id or token) was not accepted.
    case notAuthorized(String)
    case tooLarge(String)
    /// The host would not take the image (its format, its content), in the host's words.
    case refused(String)

    public var description: String {
        switch self {
        case let .notAuthorized(message): "not authorized (check the image host's client id or token): \(message)"
        case let .tooLarge(message): "the image is too large for the host: \(message)"
        case let .refused(message): message
        }
    }
}

public enum DeleteOutcome: Sendable, Equatable {
    case deleted
    /// The host has no such image (deleted before, or never there): nothing left to do.
    case alreadyGone
    case retryLater(after: Duration?, reason: String)
    case failed(String)
}

/// The answer to "did this upload land?" after an unknown outcome.
public enum UploadReconciliation: Sendable, Equatable {
    /// It is there: use it, do not upload again.
    case landed(HostedImage)
    /// We looked where it would be and it is not: uploading again cannot make a second copy.
    case absent
    /// We could not look now (the host is down, rate-limited): decide later.
    case undetermined(String)
    /// This host cannot answer at all (anonymous Imgur uploads cannot be listed). Uploading
    /// again may leave a second, unused copy on the host; it never posts anything twice. The
    /// caller decides (the outbox asks the user, or allows it by setting).
    case cannotTell(String)
}

/// An image host: upload, delete, and find an upload whose answer was lost.
public protocol ImageHost: Sendable {
    /// The largest image, in bytes, the host accepts (checked before queueing).
    var maxBytes: Int { get }
    func upload(_ image: ImageUpload) async -> UploadOutcome
    func delete(_ handle: DeleteHandle) async -> DeleteOutcome
    /// Looks for an earlier upload of exactly this image (by content hash).
    func reconcile(_ image: ImageUpload) async -> UploadReconciliation
}
