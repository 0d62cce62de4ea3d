import CCurl
import Common
import Foundation

/// How the client talks to a forum. TLS verification is not here on purpose: it is always on.
public struct HTTPSettings: Sendable {
    /// `missive/<version>`.
    public var userAgent: String
    public var connectTimeout: Duration
    /// The whole exchange, connect to last byte.
    public var totalTimeout: Duration
    /// Netscape-format cookie jar (mode 0600); nil keeps cookies in memory only.
    public var cookieJar: URL?
    /// Whether the client may create and write the jar.
    public var cookieJarAccess: CookieJarAccess
    /// Told when the jar could not be written after an answer changed the cookies (the answer
    /// itself stands; the session is then lost when the command ends).
    public var cookieJarWriteFailed: (@Sendable (CookieJarError) -> Void)?
    public var maxRedirects: Int
    /// A body larger than this is refused rather than held in memory.
    public var maxResponseBytes: Int
    /// Keep connections open between requests (the default). Off, every request gets a new one:
    /// for servers whose kept-alive connections answer slowly (see scripts/bench-forum.sh).
    public var reuseConnections: Bool

    public init(
        userAgent: String, connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(60),
        cookieJar: URL? = nil, cookieJarAccess: CookieJarAccess = .readWrite, maxRedirects: Int = 10,
        maxResponseBytes: Int = 32 << 20, reuseConnections: Bool = true,
        cookieJarWriteFailed: (@Sendable (CookieJarError) -> Void)? = nil
    ) {
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.cookieJar = cookieJar
        self.cookieJarAccess = cookieJarAccess
        self.maxRedirects = maxRedirects
        self.maxResponseBytes = maxResponseBytes
        self.reuseConnections = reuseConnections
        self.cookieJarWriteFailed = cookieJarWriteFailed
    }
}

/// One libcurl easy handle, so connections are reused between requests. libcurl blocks, so every
/// call runs on the client's own serial queue, never on Swift's cooperative threads.
///
/// The queue's blocks hold the client `unowned`: the caller keeps it alive while it waits, so the
/// last release (and `curl_easy_cleanup`) happens on the caller's side, never on the queue's thread
/// where it could race the process's exit and its OpenSSL teardown.
///
/// Why `@unchecked`: the curl handle is a raw pointer, which the compiler cannot see is only used
/// on `queue`. A `Mutex` would make it checked but would hold a lock across a blocking transfer on
/// the caller's thread, and the last-release rule above needs the queue; confinement to the serial
/// queue is what keeps it safe.
public final class HTTPClient: @unchecked Sendable {
    public let settings: HTTPSettings
    /// The jar the client writes, if any; see `CookieJarAccess`.
    private let writableJar: URL?
    /// The jar's cookies when the client was made, fed to libcurl's engine in `configure`.
    private let jarLines: [String]
    // Only touched on `queue`.
    private let handle: UnsafeMutableRawPointer
    private let queue = DispatchQueue(label: "missive.http")

    private static let globalInit: Void = { _ = ccurl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    public convenience init(settings: HTTPSettings) throws(HTTPClientError) {
        try self.init(settings: settings, makeHandle: { ccurl_easy_init() })
    }

    /// `makeHandle` is libcurl's `curl_easy_init` except in the test of its failure.
    init(settings: HTTPSettings, makeHandle: () -> UnsafeMutableRawPointer?) throws(HTTPClientError) {
        _ = Self.globalInit
        var lines: [String] = []
        var writable: URL?
        if let jar = settings.cookieJar {
            let access = settings.cookieJarAccess
            let exists = FileManager.default.fileExists(atPath: jar.path)
            do {
                lines = try CookieJar.load(jar, makePrivate: access != .readOnly)
                switch access {
                case .readWrite:
                    try CookieJar.prepareDirectory(jar)
                    writable = jar
                case .writeIfPresent: writable = exists ? jar : nil
                case .readOnly: writable = nil
                }
            } catch {
                throw .cookieJar(error)
            }
        }
        // Fails only when libcurl is missing or out of memory.
        guard let handle = makeHandle() else { throw .libcurlUnavailable }
        self.handle = handle
        self.settings = settings
        writableJar = writable
        jarLines = lines
        configure()
    }

    deinit {
        ccurl_easy_cleanup(handle)
    }

    private func configure() {
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        _ = ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        _ = ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = ccurl_setopt_string(handle, CURLOPT_USERAGENT, settings.userAgent)
        _ = ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, settings.connectTimeout.milliseconds)
        _ = ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, settings.totalTimeout.milliseconds)
        _ = ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, settings.maxRedirects)
        _ = ccurl_setopt_write_function(handle, collectBody)
        _ = ccurl_setopt_header_function(handle, collectHeader)
        // The cookie engine, on with an empty file name. libcurl never gets the jar's path: a named
        // CURLOPT_COOKIEFILE is re-read before each transfer (bringing back cookies the forum just
        // deleted), and CURLOPT_COOKIEJAR is truncated and rewritten at cleanup, through a link if
        // one is there. The jar is fed in line by line and written back by `saveCookies`.
        _ = ccurl_setopt_string(handle, CURLOPT_COOKIEFILE, "")
        for line in jarLines { _ = ccurl_setopt_string(handle, CURLOPT_COOKIELIST, line) }
    }

    /// Sends the request on the client's queue and waits for the answer.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let result: Result<HTTPResponse, TransportError> = await withCheckedContinuation { continuation in
            queue.async { [unowned self] in continuation.resume(returning: perform(request)) }
        }
        return try result.get()
    }

    /// The cookies the engine holds now (from the jar and from every answer since).
    public func cookies() async -> [Cookie] {
        await withCheckedContinuation { continuation in
            queue.async { [unowned self] in continuation.resume(returning: currentCookies()) }
        }
    }

    /// Forgets every cookie, in memory and in the jar.
    public func clearCookies() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [unowned self] in
                _ = ccurl_setopt_string(handle, CURLOPT_COOKIELIST, "ALL")
                saveCookies()
                continuation.resume()
            }
        }
    }

    // MARK: On the queue

    private func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransportError> {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https", request.url.host != nil else {
            return .failure(TransportError(kind: .invalidURL, requestSent: false, url: request.url, detail: ""))
        }
        let transfer = Transfer(limit: settings.maxResponseBytes)
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        _ = ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = ccurl_setopt_string(handle, CURLOPT_URL, request.url.absoluteString)
        // A POST is never followed by libcurl: a 307 or 308 would send its body (a password, a
        // post) again to wherever the answer points. The caller reads the redirect and decides.
        _ = ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, !request.isWrite && request.followRedirects ? 1 : 0)
        _ = ccurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, Self.redirectProtocols(from: request.url))
        // libcurl silently sends a request again when a reused connection dies before any answer
        // byte; for a post that the server stored before dying, that is a second post. A post
        // therefore always gets a connection of its own, which libcurl never retries.
        _ = ccurl_setopt_long(handle, CURLOPT_FRESH_CONNECT, request.isWrite || !settings.reuseConnections ? 1 : 0)
        _ = ccurl_setopt_long(handle, CURLOPT_FORBID_REUSE, settings.reuseConnections ? 0 : 1)

        var headers: UnsafeMutablePointer<curl_slist>?
        // Browsers never send `Expect: 100-continue`; curl would for a big post and then wait on it.
        headers = ccurl_slist_append(headers, "Expect:")
        if let contentType = request.contentType {
            headers = ccurl_slist_append(headers, "Content-Type: \(contentType)")
        }
        for header in request.headers {
            headers = ccurl_slist_append(headers, "\(header.name): \(header.value)")
        }
        _ = ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headers)
        defer {
            _ = ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
            ccurl_slist_free_all(headers)
        }

        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorPointer in
            _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorPointer.baseAddress)
            defer { _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil) }
            // PUT, PATCH and DELETE go out as a POST or a GET under another method's name; the
            // handle is reused, so the next request must not inherit the name.
            let renamed = request.method == .get || request.method == .post ? nil : request.method.rawValue
            _ = ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, renamed)
            defer { _ = ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, nil) }
            switch request.method {
            case .get, .delete:
                _ = ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1)
                return ccurl_easy_perform(handle)
            case .post, .put, .patch:
                // A nil POSTFIELDS makes libcurl read the body from stdin, so an empty body is one zero byte long.
                let body = request.body ?? []
                guard !body.isEmpty else {
                    _ = ccurl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, 0)
                    _ = ccurl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
                    return ccurl_easy_perform(handle)
                }
                return body.withUnsafeBufferPointer { bytes in
                    _ = ccurl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                    _ = ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                    defer { _ = ccurl_setopt_pointer(handle, CURLOPT_POSTFIELDS, nil) }
                    return ccurl_easy_perform(handle)
                }
            }
        }
        if transfer.sawSetCookie { saveCookies() }

        guard code == CURLE_OK else {
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(TransportError(
                kind: transfer.overflowed ? .tooLarge : Self.kind(of: code),
                requestSent: requestWasSent(bodyBytes: request.body?.count ?? 0),
                url: request.url,
                detail: detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : detail))
        }
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(
            status: status, headers: transfer.headers, body: transfer.body,
            url: info(CURLINFO_EFFECTIVE_URL).flatMap(URL.init(string:)) ?? request.url,
            redirect: info(CURLINFO_REDIRECT_URL).flatMap(URL.init(string:))))
    }

    /// Whether every byte of the request went out: then the server may have acted on it.
    private func requestWasSent(bodyBytes: Int) -> Bool {
        var headerBytes = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_REQUEST_SIZE, &headerBytes)
        var uploaded: curl_off_t = 0
        _ = ccurl_getinfo_off_t(handle, CURLINFO_SIZE_UPLOAD_T, &uploaded)
        return headerBytes > 0 && Int(uploaded) >= bodyBytes
    }

    private func info(_ key: CURLINFO) -> String? {
        var pointer: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_string(handle, key, &pointer) == CURLE_OK, let pointer else { return nil }
        return String(cString: pointer)
    }

    /// Writes the engine's cookies to the jar through the private writer, when the client may.
    private func saveCookies() {
        guard let jar = writableJar else { return }
        do {
            try CookieJar.save(cookieLines(), to: jar)
        } catch {
            settings.cookieJarWriteFailed?(error)
        }
    }

    private func currentCookies() -> [Cookie] {
        cookieLines().compactMap(Cookie.init(netscapeLine:))
    }

    /// The engine's live cookies as Netscape lines (`#HttpOnly_` marks kept), as a jar holds them.
    /// A cookie the forum expired stays in libcurl's list until its next cookie operation, so
    /// expired ones are left out here.
    private func cookieLines() -> [String] {
        var list: UnsafeMutablePointer<curl_slist>?
        guard ccurl_getinfo_slist(handle, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return [] }
        defer { ccurl_slist_free_all(list) }
        let now = Int(Date().timeIntervalSince1970)
        var lines: [String] = []
        var node = list
        while let each = node {
            if let data = each.pointee.data {
                let line = String(cString: data)
                if let cookie = Cookie(netscapeLine: line), cookie.expires == 0 || cookie.expires > now { lines.append(line) }
            }
            node = each.pointee.next
        }
        return lines
    }

    /// From https, redirects stay on https: a hop to http would send the session cookies in clear.
    static func redirectProtocols(from url: URL) -> String {
        url.scheme?.lowercased() == "https" ? "https" : "http,https"
    }

    static func kind(of code: CURLcode) -> TransportError.Kind {
        switch code {
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: .invalidURL
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotConnect
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_TOO_MANY_REDIRECTS: .redirectLoop
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR: .connectionDropped
        case CURLE_PARTIAL_FILE, CURLE_BAD_CONTENT_ENCODING: .truncated
        case CURLE_PEER_FAILED_VERIFICATION: .certificate
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
            .tls
        default: .other
        }
    }
}

/// What one transfer collected, reached from libcurl's C callbacks through their context pointer.
private final class Transfer {
    var body: [UInt8] = []
    var headers: [(name: String, value: String)] = []
    var sawSetCookie = false
    var overflowed = false
    let limit: Int

    init(limit: Int) { self.limit = limit }
}

private let collectBody: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard transfer.body.count + length <= transfer.limit else {
        transfer.overflowed = true
        return 0  // anything but `length` makes libcurl stop
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}

private let collectHeader: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }.trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
        // A new response (after a redirect, or after `100 Continue`): keep only the last one's headers.
        transfer.headers.removeAll()
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        transfer.headers.append((name, value))
        if name.caseInsensitiveCompare("Set-Cookie") == .orderedSame { transfer.sawSetCookie = true }
    }
    return length
}

/// What a client may do to its cookie jar file.
public enum CookieJarAccess: Sendable, Equatable {
    /// Create it if missing (0600), read it, write every cookie change back.
    case readWrite
    /// Read and write a jar that exists; never create one (logging out of nothing).
    case writeIfPresent
    /// Read it if it exists and leave it exactly as it was: for commands that only look.
    case readOnly
}

/// Why an HTTP client could not be made.
public enum HTTPClientError: MissiveError, Equatable {
    /// libcurl would not give a handle (it fails only when memory runs out).
    case libcurlUnavailable
    case cookieJar(CookieJarError)

    public var status: ExitStatus {
        switch self {
        case .libcurlUnavailable: .software
        case let .cookieJar(error): error.status
        }
    }

    public var description: String {
        switch self {
        case .libcurlUnavailable: "libcurl could not be loaded or could not start (out of memory?)"
        case let .cookieJar(error): error.description
        }
    }
}

extension Duration {
    /// Whole milliseconds, saturating at Int.max rather than overflowing for a huge duration.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        let (whole, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(Int(attoseconds / 1_000_000_000_000_000))
        return overflowAgain ? .max : total
    }
}
