import Common
import Foundation

/// An Imgur API v3 host (api.imgur.com, or the sandbox, which answers the same API):
/// `POST /3/image` (multipart, the image in `image`), `DELETE /3/image/{deletehash}`, and for
/// reconcile `GET /3/account/me/images/{page}` (newest first; only with the user's token).
///
/// Imgur has no idempotency key, so each upload carries its content hash in its `description`
/// (`missive:sha256:HEX`). With the user's token, reconcile lists the account's newest images
/// and looks for that marker. Anonymous uploads belong to no account and cannot be listed:
/// reconcile then answers `cannotTell`, and the caller decides (see `UploadReconciliation`).
public struct ImgurHost: ImageHost {
    public let apiBase: URL
    public let credential: ImgurCredential
    /// The largest image the host takes (see `imgurMaxBytes`).
    public let maxBytes: Int
    private let client: HTTPClient
    private let now: @Sendable () -> Date
    /// How many pages (50 images each) of the account reconcile reads before calling an upload absent.
    private let reconcilePages: Int

    /// Imgur's documented limit for an image, "up to 10MB" (api.imgur.com, Image Upload), read as
    /// the smaller of the two megabytes so that an image refused by the host is refused at queue time.
    public static let imgurMaxBytes = 10_000_000

    public init(apiBase: URL, credential: ImgurCredential, client: HTTPClient, maxBytes: Int = ImgurHost.imgurMaxBytes,
                reconcilePages: Int = 2, now: @escaping @Sendable () -> Date = Date.init) throws(ImgurCredential.Invalid) {
        self.apiBase = apiBase
        self.credential = try credential.validated()
        self.client = client
        self.maxBytes = maxBytes
        self.reconcilePages = max(reconcilePages, 1)
        self.now = now
    }

    static func marker(_ hash: ContentHash) -> String { "missive:\(hash)" }

    public func upload(_ image: ImageUpload) async -> UploadOutcome {
        let body: ImageUploadBody
        do {
            body = try ImageUploadBody.make(image, fileField: "image", fields: [
                ("type", "file"), ("name", image.fileName), ("description", Self.marker(image.hash)),
            ])
        } catch {
            // The kept copy could not be read: nothing left the machine.
            return .retryLater(after: nil, reason: "the kept image could not be read: \(error)")
        }
        let request = HTTPRequest(method: .post, url: endpoint("3/image"), body: body.bytes, contentType: body.contentType,
                                  followRedirects: false, headers: [credential.header])
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            // Only a request that went out whole can have been stored.
            return error.requestSent ? .unknown(evidence: error.description) : .retryLater(after: nil, reason: error.description)
        }
        return outcome(of: response)
    }

    func outcome(of response: HTTPResponse) -> UploadOutcome {
        switch response.status {
        case 200...299:
            guard let answer = try? JSONDecoder().decode(ImgurAnswer<ImgurImage>.self, from: Data(response.body)),
                  answer.success != false, let hosted = answer.data?.hosted
            else { return .unknown(evidence: "HTTP \(response.status) without an image's address in the answer") }
            return .uploaded(hosted)
        case 429:
            return .retryLater(after: RateLimitWait.from(response, now: now()), reason: "rate limited: \(ImgurError.message(in: response))")
        case 401, 403:
            return .rejected(.notAuthorized(ImgurError.message(in: response)))
        case 413:
            return .rejected(.tooLarge(ImgurError.message(in: response)))
        case 400...499:
            return .rejected(.refused(ImgurError.message(in: response)))
        default:
            // A 5xx (or anything else) after the whole request was sent: the host may have
            // stored the image before failing, so it is not safe to send again unasked.
            return .unknown(evidence: "HTTP \(response.status): \(ImgurError.message(in: response))")
        }
    }

    public func delete(_ handle: DeleteHandle) async -> DeleteOutcome {
        guard !handle.value.isEmpty, handle.value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { return .failed("'\(handle.value)' is not an Imgur delete hash") }
        let request = HTTPRequest(method: .delete, url: endpoint("3/image/\(handle.value)"), headers: [credential.header])
        do {
            let response = try await client.send(request)
            switch response.status {
            case 200...299: return .deleted
            case 404: return .alreadyGone
            case 429: return .retryLater(after: RateLimitWait.from(response, now: now()), reason: ImgurError.message(in: response))
            case 500...599: return .retryLater(after: nil, reason: "HTTP \(response.status)")
            default: return .failed(ImgurError.message(in: response))
            }
        } catch {
            return .retryLater(after: nil, reason: error.description)
        }
    }

    public func reconcile(_ image: ImageUpload) async -> UploadReconciliation {
        guard case .bearer = credential else {
            return .cannotTell("anonymous Imgur uploads cannot be listed, so a lost answer cannot be checked")
        }
        let marker = Self.marker(image.hash)
        for page in 0..<reconcilePages {
            let request = HTTPRequest(url: endpoint("3/account/me/images/\(page)"), headers: [credential.header])
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch {
                return .undetermined(error.description)
            }
            guard response.status == 200,
                  let answer = try? JSONDecoder().decode(ImgurAnswer<[ImgurImage]>.self, from: Data(response.body)),
                  let images = answer.data
            else { return .undetermined("the account's images could not be listed: \(ImgurError.message(in: response))") }
            if let found = images.first(where: { $0.description == marker }) {
                guard let hosted = found.hosted else { return .undetermined("the host listed the image without an address") }
                return .landed(hosted)
            }
            // Newest first: a page that is not full is the end of the account's images.
            if images.count < 50 { return .absent }
        }
        return .absent
    }

    private func endpoint(_ path: String) -> URL {
        apiBase.appendingPathComponent(path)
    }
}
