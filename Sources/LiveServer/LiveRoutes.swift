import FlyingFox
import Foundation

/// The whole of what the server answers. Three fixed paths, compared whole, and nothing else:
/// no path is ever looked up on disk. Every answer first proves the request was meant for this
/// preview: the `Host` is the address it listens on (a page on another site that rebinds its
/// name to 127.0.0.1 still sends its own name) and the query carries the token.
struct LiveRoutes: HTTPHandler {
    let page: LivePage
    let token: AccessToken
    /// `127.0.0.1:PORT`, the one Host accepted. Not `localhost:PORT`: the printed address is the
    /// only one a person is given, and `localhost` may resolve to ::1, where nothing listens.
    let host: String

    private enum Route {
        case page
        case pageSource
        case events
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.headers[.host] == host else {
            return Self.text(.forbidden, "This preview answers only at http://\(host)/ (the address missive printed).\n")
        }
        let route: Route
        switch (request.method, request.target.path()) {
        case (.GET, "/"): route = .page
        case (.GET, "/page"): route = .pageSource
        case (.GET, "/events"): route = .events
        default: return Self.text(.notFound, "Not found: this server shows one preview and nothing else.\n")
        }
        guard token.matches(request.query["token"]) else {
            return Self.text(.forbidden, "This preview is private: open the whole address missive printed, token included.\n")
        }
        switch route {
        case .page:
            let nonce = AccessToken.fresh().hex
            let (html, version) = (await page.html, await page.version)
            return Self.html(PageScript.inject(into: html, version: version, nonce: nonce), script: nonce)
        case .pageSource:
            return Self.html(await page.html, script: nil)
        case .events:
            let (id, events) = await page.subscribe()
            var headers = Self.privateHeaders
            headers[.contentType] = "text/event-stream; charset=utf-8"
            return HTTPResponse(statusCode: .ok, headers: headers,
                                body: HTTPBodySequence(from: EventStreamBody(page: page, id: id, events: events)))
        }
    }

    /// Nothing kept in caches, and the address (token and all) never sent on as a Referer to the
    /// forum's smilie and image hosts.
    private static let privateHeaders: HTTPHeaders = [
        .cacheControl: "no-store",
        HTTPHeader("Referrer-Policy"): "no-referrer",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
    ]

    /// The post's HTML is escaped by Markup, and the policy holds even if it were not: only the
    /// page's own script runs, and it talks only to this server.
    private static func html(_ text: String, script nonce: String?) -> HTTPResponse {
        var headers = privateHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        let script = nonce.map { "'nonce-\($0)'" } ?? "'none'"
        headers[HTTPHeader("Content-Security-Policy")] = "default-src 'none'; script-src \(script); style-src 'unsafe-inline'; "
            + "img-src http: https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(text.utf8))
    }

    private static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        var headers = privateHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        return HTTPResponse(statusCode: status, headers: headers, body: Data(text.utf8))
    }
}
