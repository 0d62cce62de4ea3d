import Foundation

/// What one answer from Misago's JSON API means, read off its status and body: the one table
/// every request of the adapter goes through (docs/misago.md, "Answers a send can get").
///
/// | status | body | meaning |
/// |---|---|---|
/// | 2xx | JSON | `.ok` (the caller decodes it; only a write's id in it makes a send `sent`) |
/// | 2xx | not JSON | a write: `.mayHaveLanded`; a read: unexpected |
/// | 400 | `{"code":"invalid_login"}` | rejected: wrong password |
/// | 400 | `{"code":"banned"}` | rejected: banned |
/// | 400 | `{"to":["... could not be found: NAME"]}` | rejected: no such user |
/// | 400 | `{"post":["... cannot be longer than N characters ..."]}` | rejected: too long |
/// | 400 | other field errors (`post`, `title`, `category`, `to`, `detail`) | rejected: invalid, in the engine's words |
/// | 403 | `"CSRF Failed: ..."` | `.csrfFailed`: fetch a fresh token once, then rejected |
/// | 403 | `"... not available to guests."`, `"Authentication credentials were not provided."` | rejected: not logged in |
/// | 403 | `"... so quickly after previous one."` | retry in 3 s (`MIN_POSTING_INTERVAL`) |
/// | 403 | `"... hourly post limit."` / `"... daily post limit."` | retry in an hour / a day |
/// | 403 | `"... closed threads ..."`, `"This thread is closed..."` | rejected: thread closed |
/// | 403 | anything else | rejected: no permission, in the engine's words |
/// | 404 | anything | rejected: does not exist |
/// | 429 | anything | retry later (after `Retry-After` when given) |
/// | other 4xx | anything | rejected: the engine's error |
/// | 5xx | anything | a write: `.mayHaveLanded`; a read: retry later |
/// | no answer | request not (wholly) sent | retry later: unreachable |
/// | no answer | request sent | a write: `.mayHaveLanded`; a read: retry later |
enum MisagoAnswer: Equatable {
    case ok([UInt8])
    /// Django's CSRF check refused the write before the view ran: nothing was stored.
    case csrfFailed(String)
    /// A refusal or a reason to wait: the request did not take effect.
    case failed(ForumError)
    /// A write whose answer does not prove it either way: reconcile before sending it again.
    case mayHaveLanded(Evidence)

    /// What a 404 names, for its message.
    enum Subject: String { case thread, post, privateThread = "private thread", category, page }

    /// The engine's flood interval (`MIN_POSTING_INTERVAL` in threads/api/postingendpoint/floodprotection.py):
    /// its message names no number.
    static let floodInterval: Duration = .seconds(3)

    static func classify(_ response: HTTPResponse, write: Bool, subject: Subject) -> MisagoAnswer {
        let status = response.status
        let json = MisagoErrorBody(response)
        let evidence = Evidence(json.map(\.message) ?? Self.snippet(response), status: status, url: response.url)
        switch status {
        case 200...299:
            guard json != nil || Self.isJSON(response) else {
                let summary = "the forum answered with \(response.mediaType ?? "an empty body") where JSON was expected"
                let seen = Evidence(summary, status: status, url: response.url)
                return write ? .mayHaveLanded(seen) : .failed(.unexpected(seen))
            }
            return .ok(response.body)
        case 400:
            guard let json else { return .failed(.rejected(.forumError(title: "HTTP 400", message: evidence.summary))) }
            return .failed(.rejected(badRequest(json)))
        case 403:
            guard let json else { return .failed(.rejected(.noPermission(evidence.summary))) }
            return forbidden(json.message)
        case 404:
            return .failed(.rejected(.doesNotExist(what: subject.rawValue, message: json?.message ?? "Not found.")))
        case 429:
            let wait = response.header("Retry-After").flatMap(Int.init).map { Duration.seconds($0) }
            return .failed(.retryLater(after: wait, reason: .serverError(status: status)))
        case 405...499, 401, 402:
            return .failed(.rejected(.forumError(title: "HTTP \(status)", message: evidence.summary)))
        default:
            return write ? .mayHaveLanded(evidence) : .failed(.retryLater(after: nil, reason: .serverError(status: status)))
        }
    }

    /// A request that got no answer at all.
    static func classify(_ error: TransportError, write: Bool) -> MisagoAnswer {
        if write, error.requestSent { return .mayHaveLanded(Evidence(error.description, url: error.url)) }
        return .failed(ForumError(error))
    }

    private static func forbidden(_ message: String) -> MisagoAnswer {
        let text = message.lowercased()
        if text.hasPrefix("csrf failed") { return .csrfFailed(message) }
        if text.contains("not available to guests") || text.contains("credentials were not provided") {
            return .failed(.rejected(.notLoggedIn))
        }
        if text.contains("so quickly") { return .failed(.retryLater(after: floodInterval, reason: .floodControl(message, interval: Int(floodInterval.components.seconds)))) }
        if text.contains("hourly post limit") { return .failed(.retryLater(after: .seconds(3600), reason: .floodControl(message))) }
        if text.contains("daily post limit") { return .failed(.retryLater(after: .seconds(86400), reason: .floodControl(message))) }
        if text.contains("closed threads") || text.contains("thread is closed") { return .failed(.rejected(.threadClosed)) }
        return .failed(.rejected(.noPermission(message)))
    }

    private static func badRequest(_ json: MisagoErrorBody) -> Rejection {
        switch json.code {
        case "invalid_login": return .wrongPassword
        case "banned": return .banned(reason: nil)
        default: break
        }
        if let to = json.fields["to"]?.first, let range = to.range(of: "could not be found:") {
            return .noSuchUser(to[range.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        if let post = json.fields["post"]?.first(where: { $0.contains("cannot be longer than") }) {
            return .tooLong(limit: firstNumber(after: "longer than", in: post), message: post)
        }
        return .invalid(json.message)
    }

    private static func firstNumber(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[range.upperBound...].drop(while: { !$0.isNumber }).prefix(while: \.isNumber))
    }

    static func isJSON(_ response: HTTPResponse) -> Bool {
        response.mediaType?.contains("json") == true
    }

    /// The start of a body that is not the engine's JSON (an HTML error page, say), for a log line.
    private static func snippet(_ response: HTTPResponse) -> String {
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.isEmpty ? "an empty answer" : text
    }
}

/// An error body of Misago's API: `{"detail": ..., "code": ...}` or field errors `{"post": [...]}`.
struct MisagoErrorBody: Equatable {
    var detail: String?
    var code: String?
    var fields: [String: [String]]

    init?(_ response: HTTPResponse) {
        guard MisagoAnswer.isJSON(response),
            let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else { return nil }
        detail = object["detail"] as? String
        code = object["code"] as? String
        var fields: [String: [String]] = [:]
        for (key, value) in object {
            if let list = value as? [String] { fields[key] = list } else if let one = value as? String, key != "code" { fields[key] = [one] }
        }
        self.fields = fields
    }

    /// The engine's own words: its detail, or its field errors in key order.
    var message: String {
        if let detail { return detail }
        return fields.keys.sorted().compactMap { key in fields[key].map { "\(key): " + $0.joined(separator: " ") } }
            .joined(separator: "; ")
    }
}
