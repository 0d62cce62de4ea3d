import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A page that follows a file: served on 127.0.0.1 only, at an address with a secret token, and
/// redrawn in the open browser (server-sent events) each time a watched file changes.
///
/// It knows nothing of posts: `render` gives the whole HTML page (or a page saying what is wrong)
/// and is called once at the start and again after each change.
public final class LivePreviewServer: Sendable {
    /// `http://127.0.0.1:PORT/?token=HEX`: the one address that answers.
    public let address: URL
    public let port: UInt16

    private let http: HTTPServer
    private let serving: Task<Void, any Error>
    private let page: LivePage
    private let watch: DirectoryWatch
    private let redrawing: Task<Void, Never>
    private let keepingAlive: Task<Void, Never>

    /// How long a burst of events (a save is several) settles before the page is drawn again.
    static let settle = Duration.milliseconds(15)

    private init(address: URL, port: UInt16, http: HTTPServer, serving: Task<Void, any Error>, page: LivePage,
                 watch: DirectoryWatch, redrawing: Task<Void, Never>, keepingAlive: Task<Void, Never>) {
        self.address = address
        self.port = port
        self.http = http
        self.serving = serving
        self.page = page
        self.watch = watch
        self.redrawing = redrawing
        self.keepingAlive = keepingAlive
    }

    /// Listens on 127.0.0.1:`port` (0: a free one) and starts watching.
    public static func start(port wanted: UInt16 = 0, watching target: WatchTarget,
                             render: @escaping @Sendable () async -> String) async throws(LivePreviewError) -> LivePreviewServer {
        let page = LivePage(html: await render())
        let (changes, notice) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watch = try DirectoryWatch(target) { notice.yield() }
        let token = AccessToken.fresh()
        let listening: (HTTPServer, Task<Void, any Error>, UInt16)
        do {
            listening = try await listen(port: wanted) { port in LiveRoutes(page: page, token: token, host: "127.0.0.1:\(port)") }
        } catch {
            watch.stop()
            throw error
        }
        let (http, serving, port) = listening
        let redrawing = Task {
            for await _ in changes {
                try? await Task.sleep(for: settle)
                await page.update(await render())
            }
        }
        let keepingAlive = Task {
            while (try? await Task.sleep(for: .seconds(15))) != nil { await page.keepAlive() }
        }
        // The port and token are plain ASCII, so the address always parses; the fallback is never used.
        let address = URL(string: "http://127.0.0.1:\(port)/?token=\(token.hex)") ?? URL(fileURLWithPath: "/")
        return LivePreviewServer(address: address, port: port, http: http, serving: serving, page: page, watch: watch,
                                 redrawing: redrawing, keepingAlive: keepingAlive)
    }

    /// Ends the event streams (browsers stop waiting), the watch and the listener.
    public func stop() async {
        watch.stop()
        redrawing.cancel()
        keepingAlive.cancel()
        await page.close()
        await http.stop()
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
        let http = HTTPServer(address: address, timeout: 30, logger: .disabled, handler: DeferredRoutes(bound: bound))
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
