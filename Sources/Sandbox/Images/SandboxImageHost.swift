import Common
import FlyingFox
import Foundation

/// The sandbox's image host: the parts of the Imgur API v3 that Missive uses, on the sandbox's
/// own server, so uploads are tested without the network.
///
/// - `POST /3/image` (or `/3/upload`): multipart with the image in `image` (a file, or base64
///   text with `type=base64`), optional `description`; `Authorization: Client-ID ...` uploads
///   anonymously, `Bearer TOKEN` into the account TOKEN. The answer is Imgur's `{"data": {id,
///   deletehash, link, ...}, "success": true, "status": 200}`; refusals use its error shape.
/// - `DELETE /3/image/{deletehash}` (or the id, with the owning account's token).
/// - `GET /3/account/me/images/{page}`: the token's images, newest first, 50 a page.
/// - `GET /i/{id}.{ext}`: the image itself, which a post's `[img]` shows.
/// - `POST /_sandbox/image-fault?next=drop|500|500stored|429[&retryafter=N]`: the next upload
///   fails that way (`ImageFault`); `GET /_sandbox/images.json`: every upload, deleted ones too.
struct SandboxImageHost: Sendable {
    let store: SandboxImageStore
    let maxBytes: Int
    let clock: any SandboxClock

    /// `maxBytes`: Imgur's "up to 10MB", as Missive's client reads it (`ImgurHost.imgurMaxBytes`).
    init(directory: URL, maxBytes: Int = 10_000_000, clock: any SandboxClock) {
        store = SandboxImageStore(directory: directory)
        self.maxBytes = maxBytes
        self.clock = clock
    }

    /// The answer when the request is for the image host, nil when it is the forum's.
    func handle(_ request: HTTPRequest) async throws -> HTTPResponse? {
        let path = request.path.split(separator: "/").map(String.init)
        let method = request.method.rawValue
        switch (method, path.first, path.dropFirst().first) {
        case ("GET", "i", _) where path.count == 2:
            return try await serve(path[1])
        case ("POST", "_sandbox", "image-fault"):
            return try await enqueueFault(request)
        case ("GET", "_sandbox", "images.json"):
            return json(try await store.all())
        case (_, "3", _):
            return try await api(request, path: Array(path.dropFirst()), method: method)
        default:
            return nil
        }
    }

    private func api(_ request: HTTPRequest, path: [String], method: String) async throws -> HTTPResponse {
        let route = "/3/" + path.joined(separator: "/")
        guard let account = Self.account(request.headers[HTTPHeader("Authorization")]) else {
            return failure("Authentication required", status: 401, route: route, method: method)
        }
        switch (method, path.first, path.count) {
        case ("POST", "image", 1), ("POST", "upload", 1):
            return try await upload(request, account: account, route: route)
        case ("DELETE", "image", 2):
            guard try await store.delete(path[1], account: account.name) != nil else {
                return failure("Unable to find an image with the id, \(path[1])", status: 404, route: route, method: method)
            }
            return envelope(true)
        case ("GET", "account", 3...4) where path[1] == "me" && path[2] == "images":
            guard let name = account.name else {
                return failure("Authentication required", status: 401, route: route, method: method)
            }
            let page = path.count == 4 ? Int(path[3]) ?? 0 : 0
            let mine = try await store.all().filter { $0.account == name && !$0.deleted }.reversed()
            let slice = Array(mine.dropFirst(page * 50).prefix(50))
            return envelope(slice.map { answer($0, request) })
        default:
            return failure("No such endpoint", status: 404, route: route, method: method)
        }
    }

    private func upload(_ request: HTTPRequest, account: Account, route: String) async throws -> HTTPResponse {
        let fault = await store.nextFault()
        if let fault, !fault.fault.storesFirst {
            return faultAnswer(fault.fault, retryAfter: fault.retryAfter, route: route)
        }
        let parts = SandboxMultipart.parse(try await request.bodyData, contentType: request.headers[HTTPHeader("Content-Type")] ?? "")
        guard var bytes = parts["image"] else {
            return failure("No image data was sent to the upload api", status: 400, route: route, method: "POST")
        }
        if parts["type"].map({ String(decoding: $0, as: UTF8.self) }) == "base64" {
            guard let decoded = Data(base64Encoded: bytes, options: .ignoreUnknownCharacters) else {
                return failure("Invalid base64 image data", status: 400, route: route, method: "POST")
            }
            bytes = decoded
        }
        guard bytes.count <= maxBytes else {
            return failure("File is over the size limit", status: 400, route: route, method: "POST")
        }
        guard let header = try? ImageHeader.read(InMemoryBytes([UInt8](bytes))) else {
            return failure("File type invalid (1)", status: 400, route: route, method: "POST")
        }
        let image = try await store.store(
            bytes, format: header.format, size: header.size,
            description: parts["description"].map { String(decoding: $0, as: UTF8.self) }, account: account.name, now: clock.now())
        if let fault {
            return faultAnswer(fault.fault, retryAfter: fault.retryAfter, route: route)
        }
        return envelope(answer(image, request))
    }

    private func serve(_ name: String) async throws -> HTTPResponse {
        let id = String(name.split(separator: ".").first ?? "")
        guard let image = try await store.image(id: id), !image.deleted, let bytes = await store.bytes(of: image) else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("no such image\n".utf8))
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: image.format.mediaType], body: bytes)
    }

    private func enqueueFault(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let fault = query["next"].flatMap(ImageFault.init(rawValue:)) else {
            let known = ImageFault.allCases.map(\.rawValue).joined(separator: ", ")
            return HTTPResponse(statusCode: .badRequest, headers: [.contentType: "text/plain"], body: Data("next= must name an image fault: \(known)\n".utf8))
        }
        let retryAfter = query["retryafter"].flatMap(Int.init) ?? 2
        await store.enqueue(fault, retryAfter: max(retryAfter, 0))
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data("the next image upload gets: \(fault.rawValue)\n".utf8))
    }

    private func faultAnswer(_ fault: ImageFault, retryAfter: Int, route: String) -> HTTPResponse {
        switch fault {
        case .drop:
            return HTTPResponse(webSocket: DroppedConnection())
        case .serverError, .serverErrorAfterStoring:
            return failure("Internal server error", status: 500, route: route, method: "POST")
        case .rateLimited:
            var response = failure("Too Many Requests", status: 429, route: route, method: "POST")
            response.headers[HTTPHeader("Retry-After")] = String(retryAfter)
            response.headers[HTTPHeader("X-RateLimit-UserRemaining")] = "0"
            response.headers[HTTPHeader("X-RateLimit-UserReset")] = String(Int(clock.now().timeIntervalSince1970) + retryAfter)
            return response
        }
    }

    // MARK: - Answers in Imgur's shapes

    private struct Account {
        /// The token, for a bearer; nil for an anonymous client id.
        var name: String?
    }

    private static func account(_ header: String?) -> Account? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        switch parts[0] {
        case "Client-ID": return Account(name: nil)
        case "Bearer": return Account(name: parts[1])
        default: return nil
        }
    }

    private struct ImageAnswer: Encodable {
        var id: String
        var deletehash: String?
        var link: String
        var type: String
        var width: Int
        var height: Int
        var size: Int
        var description: String?
    }

    private func answer(_ image: SandboxImage, _ request: HTTPRequest) -> ImageAnswer {
        let host = request.headers[HTTPHeader("Host")] ?? "127.0.0.1"
        return ImageAnswer(id: image.id, deletehash: image.deletehash, link: "http://\(host)/i/\(image.id).\(image.format.fileExtension)",
                           type: image.format.mediaType, width: image.width, height: image.height, size: image.byteCount,
                           description: image.description)
    }

    private struct Envelope<Payload: Encodable>: Encodable {
        var data: Payload
        var success: Bool
        var status: Int
    }

    private struct ErrorData: Encodable {
        var error: String
        var request: String
        var method: String
    }

    private func envelope(_ payload: some Encodable) -> HTTPResponse {
        json(Envelope(data: payload, success: true, status: 200))
    }

    private func failure(_ message: String, status: Int, route: String, method: String) -> HTTPResponse {
        var response = json(Envelope(data: ErrorData(error: message, request: route, method: method), success: false, status: status))
        response.statusCode = HTTPStatusCode(status, phrase: status == 429 ? "Too Many Requests" : "Error")
        return response
    }

    private func json(_ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    }
}

/// The parts of a `multipart/form-data` body by name, as raw bytes (an image stays binary).
enum SandboxMultipart {
    static func parse(_ body: Data, contentType: String) -> [String: Data] {
        guard let boundary = SandboxRequest.boundary(in: contentType) else { return [:] }
        let delimiter = Data("--\(boundary)".utf8)
        let blank = Data("\r\n\r\n".utf8)
        var parts: [String: Data] = [:]
        var cursor = body.startIndex
        while let start = body.range(of: delimiter, in: cursor..<body.endIndex) {
            let afterDelimiter = start.upperBound
            guard let next = body.range(of: delimiter, in: afterDelimiter..<body.endIndex) else { break }
            let part = body[afterDelimiter..<next.lowerBound]
            if let split = part.range(of: blank) {
                let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
                var content = part[split.upperBound..<part.endIndex]
                if content.suffix(2) == Data("\r\n".utf8) { content = content.dropLast(2) }
                if let name = name(in: headers), parts[name] == nil { parts[name] = Data(content) }
            }
            cursor = next.lowerBound
        }
        return parts
    }

    private static func name(in headers: String) -> String? {
        guard let range = headers.range(of: "name=\"") else { return nil }
        let rest = headers[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
