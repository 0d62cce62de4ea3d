/// How the sandbox's image host can misbehave on the next upload, as `POST
/// /_sandbox/image-fault?next=KIND` names it (the forum's own faults are `Fault`).
public enum ImageFault: String, Sendable, CaseIterable, Equatable {
    /// The image is stored, then the connection closes without an answer.
    case drop
    /// HTTP 500 before anything is stored.
    case serverError = "500"
    /// The image is stored, then the answer is an HTTP 500.
    case serverErrorAfterStoring = "500stored"
    /// HTTP 429 with `Retry-After` and Imgur's `X-RateLimit-*` headers; nothing is stored.
    case rateLimited = "429"

    var storesFirst: Bool {
        switch self {
        case .drop, .serverErrorAfterStoring: true
        case .serverError, .rateLimited: false
        }
    }
}
