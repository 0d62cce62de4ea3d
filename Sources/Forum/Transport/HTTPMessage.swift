import Foundation

public struct HTTPRequest: Sendable {
    /// PUT and PATCH are for JSON APIs (Misago's): writes like a POST, and sent the same way.
    public enum Method: String, Sendable { case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE" }

    public var method: Method
    public var url: URL
    public var body: [UInt8]?
    public var contentType: String?
    /// False when the caller wants to read a redirect itself. A POST is never followed (see
    /// HTTPClient), whatever this says.
    public var followRedirects: Bool
    /// Headers beyond the client's own (a CSRF token, a Referer, an image host's `Authorization`).
    /// Names and values must not hold line breaks; the caller checks what it puts here.
    public var headers: [(name: String, value: String)]

    public init(
        method: Method = .get, url: URL, body: [UInt8]? = nil, contentType: String? = nil, followRedirects: Bool = true,
        headers: [(name: String, value: String)] = []
    ) {
        self.method = method
        self.url = url
        self.body = body
        self.contentType = contentType
        self.followRedirects = followRedirects
        self.headers = headers
    }

    /// Whether the request may change something on the server: never followed, never sent twice.
    public var isWrite: Bool { method != .get }

    /// A form POST. Its redirect, if any, comes back unfollowed for the caller to judge.
    public static func post(_ url: URL, form: MultipartFormData) -> HTTPRequest {
        var form = form
        let body = form.encode()
        return HTTPRequest(method: .post, url: url, body: body, contentType: form.contentType, followRedirects: false)
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// The headers of the last response (after any redirects that were followed), in order.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The URL that answered (after redirects).
    public var url: URL
    /// Where a 3xx that was not followed points, made absolute.
    public var redirect: URL?

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8], url: URL, redirect: URL?) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirect = redirect
    }

    public func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The media type without parameters, lower-cased ("text/html").
    public var mediaType: String? {
        header("Content-Type").map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The `charset` parameter of Content-Type, if the server named one.
    public var charset: String? {
        guard let contentType = header("Content-Type") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            }
        }
        return nil
    }

    /// The body parsed as a page, decoded as the server said (windows-1252 when it said nothing).
    public var document: HTMLDocument? {
        HTMLDocument(bytes: body, charset: charset, url: url)
    }

    public var isRedirect: Bool { (300...399).contains(status) && redirect != nil }
}

/// Why a request got no complete answer. `requestSent` says whether the whole request reached the
/// server's side of the connection: if it did, a post may have landed even though we never heard.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case invalidURL
        /// Nothing listening, host unknown, network down.
        case cannotConnect
        case timedOut
        case redirectLoop
        /// The server closed the connection before a complete answer.
        case connectionDropped
        /// The answer was shorter than the server announced.
        case truncated
        case tls
        /// The server's certificate is not trusted (self-signed, for another host, expired): a
        /// refusal, not a wait (issue 31).
        case certificate
        /// More than the client will hold in memory.
        case tooLarge
        case other
    }

    public var kind: Kind
    public var requestSent: Bool
    public var url: URL
    /// libcurl's own words.
    public var detail: String

    public init(kind: Kind, requestSent: Bool, url: URL, detail: String) {
        self.kind = kind
        self.requestSent = requestSent
        self.url = url
        self.detail = detail
    }

    public var description: String {
        let host = url.host ?? url.absoluteString
        let what: String = switch kind {
        case .invalidURL: "\(url.absoluteString) is not a URL Missive can fetch"
        case .cannotConnect where isLoopback:
            // Nothing listens on this machine: most likely the sandbox, not started (yet). libcurl's
            // words stay: they name a proxy when it is the proxy that does not answer.
            "cannot connect to \(host):\(url.port.map(String.init) ?? "80")" + (detail.isEmpty ? "" : " (\(detail))")
                + "; if it is the sandbox, \(Self.startSandbox)"
        case .cannotConnect: "cannot connect to \(host)"
        case .timedOut: requestSent ? "\(host) did not answer in time" : "timed out connecting to \(host)"
        case .redirectLoop: "\(host) redirects in a loop"
        case .connectionDropped: "\(host) closed the connection without a complete answer"
        case .truncated: "\(host) sent an answer that was cut short"
        case .tls: "the secure connection to \(host) failed"
        case .certificate: "the certificate \(host) showed is not trusted"
        case .tooLarge: "\(host) sent more than Missive will read"
        case .other: "the request to \(host) failed"
        }
        if kind == .cannotConnect, isLoopback { return what }
        return detail.isEmpty ? what : "\(what) (\(detail))"
    }

    /// What to do about a local forum that does not answer. The sandbox is the forum on
    /// 127.0.0.1 that a new user has; waiting ("try again later") would not start it.
    public static let startSandbox = "start it with `missive sandbox`"

    /// 127.0.0.1, localhost or ::1: this machine, where only a forum started here can answer.
    public var isLoopback: Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
