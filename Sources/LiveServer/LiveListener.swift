import FlyingFox
import FlyingSocks
import Foundation
import LivePreview
import ServerSockets
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP side of the live preview, inside `missive-live`: the page on 127.0.0.1, its event
/// stream, and a comment line every 15 s so a browser that went away is noticed.
public final class LiveListener: Sendable {
    /// `http://127.0.0.1:PORT/?token=HEX`: the one address that answers.
    public let address: URL

    private let http: HTTPServer
    private let serving: Task<Void, any Error>
    private let page: LivePage
    private let keepingAlive: Task<Void, Never>

    private init(address: URL, http: HTTPServer, serving: Task<Void, any Error>, page: LivePage, keepingAlive: Task<Void, Never>) {
        self.address = address
        self.http = http
        self.serving = serving
        self.page = page
        self.keepingAlive = keepingAlive
    }

    /// Listens on 127.0.0.1:`port` (0: a free one), serving `html` until `update` brings another.
    public static func start(port wanted: UInt16, html: String) async throws(LivePreviewError) -> LiveListener {
        let page = LivePage(html: html)
        let token = AccessToken.fresh()
        let (http, serving, port) = try await listen(port: wanted) { port in
            LiveRoutes(page: page, token: token, host: "127.0.0.1:\(port)")
        }
        let keepingAlive = Task {
            while (try? await Task.sleep(for: .seconds(15))) != nil { await page.keepAlive() }
        }
        // The port and token are plain ASCII, so the address always parses; the fallback is never used.
        let address = URL(string: "http://127.0.0.1:\(port)/?token=\(token.hex)") ?? URL(fileURLWithPath: "/")
        return LiveListener(address: address, http: http, serving: serving, page: page, keepingAlive: keepingAlive)
    }

    /// The page drawn anew: open browsers are told (unless nothing changed).
    public func update(_ html: String) async {
        await page.update(html)
    }

    /// Ends the event streams (browsers stop waiting) and the listener.
    public func stop() async {
        keepingAlive.cancel()
        await page.close()
        // Cancelled, not `http.stop()`: the accept loop ends before the socket is closed (see
        // SandboxServer.Listener.stop).
        serving.cancel()
        _ = await serving.result
    }

    /// Binds, then waits until FlyingFox listens; a taken port fails `run()` at once, and is
    /// reported at once rather than after a listening timeout.
    private static func listen(port wanted: UInt16, routes: @escaping @Sendable (UInt16) -> LiveRoutes)
        async throws(LivePreviewError) -> (HTTPServer, Task<Void, any Error>, UInt16) {
        let address: sockaddr_in
        do { address = try sockaddr_in.inet(ip4: "127.0.0.1", port: wanted) } catch {
            throw .cannotListen(port: wanted, reason: "\(error)")
        }
        // The handler needs the port, known only once bound: it reads it from here.
        let bound = BoundPort()
        let http = HTTPServer(address: address, timeout: 30, pool: NoDelaySocketPool(pool: SocketPool<EpollEventQueue>.epoll()),
                              logger: .disabled, handler: DeferredRoutes(bound: bound))
        let failure = Failure()
        let serving = Task {
            do { try await http.run() } catch {
                await failure.record(error)
                throw error
            }
        }
        var waited = Duration.zero
        while await !http.isListening {
            if let error = await failure.error {
                if case SocketError.failed(_, EADDRINUSE, _)? = error as? SocketError { throw .portInUse(wanted) }
                throw .cannotListen(port: wanted, reason: error.localizedDescription)
            }
            guard waited < .seconds(10) else {
                serving.cancel()
                throw .cannotListen(port: wanted, reason: "not listening after 10 seconds")
            }
            try? await Task.sleep(for: .milliseconds(5))
            waited += .milliseconds(5)
        }
        guard case let .ip4(_, port)? = await http.listeningAddress else {
            await http.stop()
            throw .cannotListen(port: wanted, reason: "the server did not say which port it took")
        }
        await bound.set(routes(port))
        return (http, serving, port)
    }
}

/// Why `run()` ended, if it did.
private actor Failure {
    private(set) var error: (any Error)?
    func record(_ error: any Error) { self.error = error }
}

/// The routes, once the port (and so the Host to accept) is known.
private actor BoundPort {
    private(set) var routes: LiveRoutes?
    func set(_ routes: LiveRoutes) { self.routes = routes }
}

/// Answers 503 in the moment between listening and knowing the port; nothing can know the
/// address (and token) then, so nothing real is turned away.
private struct DeferredRoutes: HTTPHandler {
    let bound: BoundPort

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let routes = await bound.routes else { return HTTPResponse(statusCode: .serviceUnavailable) }
        return try await routes.handleRequest(request)
    }
}
