import FlyingFox
import FlyingSocks
import Foundation

/// Between FlyingFox and the forum: parses the request, asks the dice for a fault, runs the
/// page, and delivers the answer (or breaks it, the way the fault says).
struct SandboxHTTPHandler: HTTPHandler {
    let forum: SandboxForum
    let dice: FaultDice
    let holds: PostHolds
    let counter: RequestCounter
    let cloudflare: CloudflareGate
    /// Where the image host listens, for `/_sandbox/status.json`.
    let imagesURL: URL
    /// Where the forum keeps its data, for `/_sandbox/status.json`: what a second sandbox started
    /// on the same port tells its user.
    let dataDirectory: URL

    /// Scripts whose POSTs change something: what `on=post` faults and `failNextPost` aim at.
    static let postingScripts: Set<String> = ["newreply.php", "editpost.php", "newthread.php", "private.php"]

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let body = try await request.bodyData
        let parsed = SandboxRequest.parse(method: request.method.rawValue, path: request.target.path(),
                                          rawQuery: request.target.query(), headers: headers, body: body)
        // `?theme=NAME` is for a person comparing themes in a browser; no form sends it.
        let style = forum.themes.style(for: parsed.query["theme"])
        return try await PageStyle.$current.withValue(style) { try await respond(to: parsed) }
    }

    private func respond(to parsed: SandboxRequest) async throws -> HTTPResponse {
        if parsed.script.hasPrefix("_sandbox/") {
            return Self.http(try await control(parsed))
        }
        await counter.record(parsed)
        if await cloudflare.challenging {
            log(parsed, status: "403, Cloudflare's challenge")
            return Self.http(CloudflareGate.challenge())
        }
        let isPosting = parsed.method == .post && Self.postingScripts.contains(parsed.script)
        let fault = await dice.next(isPosting: isPosting, isPage: !isPosting)
        if let fault, !fault.storesFirst {
            log(parsed, status: "fault \(fault.rawValue)")
            if fault == .closedRedirect {
                let visitor = try await forum.visitor(for: parsed)
                return Self.http(try await forum.closedRedirect(answering: parsed, user: visitor.user))
            }
            if fault == .phantom {
                let visitor = try await forum.visitor(for: parsed)
                return Self.http(try await forum.phantomSuccess(answering: parsed, user: visitor.user))
            }
            return Self.http(Self.answer(for: fault))
        }

        if fault == .late { try await Task.sleep(for: dice.plan.slowDelay) }
        let held = isPosting ? await holds.next() : nil
        if let held, held.answer == .lostAtOnce {
            log(parsed, status: "held, the connection dropped; stored when released")
            Task {
                await held.hold()
                if let visitor = try? await forum.visitor(for: parsed) { _ = try? await forum.respond(to: parsed, visitor: visitor) }
                await held.markStored()
            }
            return HTTPResponse(webSocket: DroppedConnection())
        }
        await held?.hold()
        let visitor: SandboxForum.Visitor
        var response: SandboxResponse
        do {
            visitor = try await forum.visitor(for: parsed)
            response = try await forum.respond(to: parsed, visitor: visitor)
        } catch {
            await held?.markStored()  // done with it either way: a test awaiting the release goes on
            throw error
        }
        await held?.markStored()
        if visitor.staleCookies {
            // Stale cookies are deleted, except those the answer sets afresh: a login made with a
            // stale session in the jar must keep the session it has just been given.
            let fresh = Set(response.headers.filter { $0.name == "Set-Cookie" }.compactMap { $0.value.split(separator: "=").first.map(String.init) })
            response = response.setting(["bbuserid", "bbpassword", "sessionhash"].filter { !fresh.contains($0) }.map(SetCookie.deleting))
        }
        log(parsed, status: fault.map { "\(response.status), then fault \($0.rawValue)" } ?? "\(response.status)")

        switch fault {
        case .drop:
            return HTTPResponse(webSocket: DroppedConnection())
        case .slow:
            try await Task.sleep(for: dice.plan.slowDelay)
            return Self.http(response)
        case .truncate:
            return Self.truncated(response)
        case .empty:
            return Self.http(SandboxResponse(status: 200, headers: [("Content-Type", "text/html; charset=windows-1252")]))
        case .noForm:
            return Self.http(try await forum.index(SandboxRequest(method: .get, script: "index.php"), user: visitor.user))
        case .serverErrorAfterStoring:
            return Self.http(Self.answer(for: .serverError))
        default:
            return Self.http(response)
        }
    }

    private func log(_ request: SandboxRequest, status: String) {
        guard let log = forum.configuration.log else { return }
        let action = request.action.isEmpty ? "" : " action=\(request.action)"
        log("\(request.method.rawValue) /\(request.script)\(action) -> \(status)")
    }

    /// The answers of faults that strike before the forum does anything.
    static func answer(for fault: Fault) -> SandboxResponse {
        switch fault {
        case .serverError, .serverErrorAfterStoring:
            return SandboxResponse(status: 500, headers: [("Content-Type", "text/html")],
                                   body: Data("<html><body><h1>500 Internal Server Error</h1></body></html>".utf8))
        case .databaseError:
            return ErrorPages.databaseError()
        case .notHTML:
            return .text("upstream connect error or disconnect/reset before headers\n", status: 200)
        case .redirectLoop:
            return .redirect(to: "/_sandbox/loop")
        case .cloudflare:
            return CloudflareGate.challenge()
        case .drop, .slow, .truncate, .empty, .noForm, .late, .closedRedirect, .phantom:
            // Answered by the forum (after storing; for `closedredirect` by its refusal, for
            // `phantom` by a success page for nothing).
            return .text("", status: 200)
        }
    }

    static func http(_ response: SandboxResponse) -> HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: phrase(response.status)),
                     headers: headers(response), body: response.body)
    }

    private static func headers(_ response: SandboxResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.headers { headers.addValue(value, for: HTTPHeader(name)) }
        return headers
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }

    /// Promises the whole body in Content-Length, sends the first half, then closes.
    static func truncated(_ response: SandboxResponse) -> HTTPResponse {
        let full = response.body
        let sent = full.prefix(max(full.count / 2, 0))
        return HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: phrase(response.status)),
                            headers: headers(response),
                            body: HTTPBodySequence(from: CutShortBytes(prefix: Data(sent)), count: full.count))
    }
}

/// A body that yields its prefix and then fails, which makes the server close the connection
/// short of the Content-Length it announced.
struct CutShortBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let prefix: Data

    struct CutShort: Error {}

    func makeAsyncIterator() -> Iterator { Iterator(prefix: prefix) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var prefix: Data
        var index = 0

        mutating func next() async throws -> UInt8? {
            guard index < prefix.count else { throw CutShort() }
            defer { index += 1 }
            return prefix[prefix.startIndex + index]
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            guard index < prefix.count else { throw CutShort() }
            let end = Swift.min(index + Swift.max(count, 1), prefix.count)
            defer { index = end }
            return prefix.subdata(in: (prefix.startIndex + index)..<(prefix.startIndex + end))
        }
    }
}

/// Answers nothing at all: FlyingFox writes no byte of a WebSocket answer until the handler has
/// made its frames, so failing here closes the connection with the request unanswered.
struct DroppedConnection: WSHandler {
    struct Dropped: Error {}

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        throw Dropped()
    }
}
