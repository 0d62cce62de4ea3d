import Common
import FlyingFox
import FlyingSocks
import Foundation
import ServerSockets

/// The sandbox forum over HTTP on 127.0.0.1. Start it in-process (tests do, on port 0) or
/// through `missive sandbox`:
///
///     let server = try await SandboxServer.start(SandboxConfiguration(floodInterval: 0))
///     let base = server.baseURL      // http://127.0.0.1:PORT/
///     ...
///     await server.stop()
///
/// What a test can count on:
/// - Accounts and ids in `Seed` (every password is `Seed.Account.password`): a member, another
///   member whose posts the first may not edit, a banned account, one on probation (for three days
///   from the clock's start), one without Platinum, and the `sandbox` profile's account; forums
///   with a second tag group (Ask/Tell, SA-Mart), an archived one, and one whose new threads are
///   refused with the closed-thread redirect page.
/// - Pages look like the real forum's: divs in `<head>` (an HTML4 parser loses the body class),
///   `&#NNN;` references stored as posted and shown as characters, refusals as `standarderror` or
///   `standardredirect` pages. `SandboxControl` lists the `/_sandbox/...` controls that switch
///   standings, Cloudflare's challenge, archived and closed-redirect forums, and count requests.
/// - `SandboxConfiguration.floodInterval` defaults to the forum's 30 s: pass 0 unless flood
///   control is what is tested. `clock` lets a test move time by hand.
/// - `GET /_sandbox/state.json` (`SandboxState.decode`) holds every thread, post and PM with ids,
///   authors and the stored BBCode; `failNextPost(with:)` (or `POST /_sandbox/fault?next=KIND`)
///   makes the next posting request fail one way; `POST /_sandbox/expire-sessions` logs everyone out.
/// - Answers: a reply or edit gives a `standardredirect` page linking `showthread.php?goto=post&postid=P`;
///   a new thread links `showthread.php?threadid=N`; a PM links back to `private.php`. Faults that
///   strike after storing (`Fault.storesFirst`) leave the post in the state dump.
/// - An Imgur API v3-compatible image host answers on a port of its own, `imagesURL` (`/3/image`,
///   `/i/ID.EXT`; `SandboxImageHost` lists the routes and `POST /_sandbox/image-fault?next=KIND`
///   there). The forum's `GET /_sandbox/status.json` names the image host's address.
public final class SandboxServer: Sendable {
    public let port: UInt16
    /// Where the SQLite file lives.
    public let dataDirectory: URL
    private let forumListener: Listener
    private let imagesListener: Listener
    private let dice: FaultDice
    private let holds: PostHolds
    private let cloudflare: CloudflareGate
    private let removeDataOnStop: Bool

    /// `http://127.0.0.1:PORT/`
    public let baseURL: URL
    /// The image host's port and base, `http://127.0.0.1:IMAGESPORT/` (an `ImgurHost`'s `apiBase`).
    public var imagesPort: UInt16 { imagesListener.port }
    public var imagesURL: URL { imagesListener.baseURL }

    private init(forum: Listener, images: Listener, dataDirectory: URL,
                 dice: FaultDice, holds: PostHolds, cloudflare: CloudflareGate, removeDataOnStop: Bool) {
        self.port = forum.port
        self.baseURL = forum.baseURL
        self.forumListener = forum
        self.imagesListener = images
        self.dataDirectory = dataDirectory
        self.dice = dice
        self.holds = holds
        self.cloudflare = cloudflare
        self.removeDataOnStop = removeDataOnStop
    }

    /// Why the sandbox could not start: its data could not be opened, or the port not bound.
    public struct StartError: MissiveError {
        public var description: String
        public var status: ExitStatus = .unavailable

        public init(description: String, status: ExitStatus = .unavailable) {
            self.description = description
            self.status = status
        }

        /// Another program holds the port: a status of its own (75, try again later), so a
        /// script can tell it from a sandbox that cannot start at all. When that program is a
        /// sandbox (`running`, what its status page said), the forum the user wanted is there already.
        init(portInUse port: UInt16, option: String, running: SandboxStatus?) {
            let description = if let running {
                "a sandbox is already running on 127.0.0.1:\(port)"
                    + (running.dataDirectory.map { " (data in \($0))" } ?? "")
                    + "; use it as it is, or choose another port with \(option) N"
            } else {
                "port \(port) on 127.0.0.1 is in use by another program; choose another with \(option) N"
            }
            self.init(description: description, status: Self.portInUseStatus)
        }

        public static let portInUseStatus = ExitStatus.tempFailure
    }

    /// Opens (or creates and seeds) the database, binds 127.0.0.1, and returns once listening.
    public static func start(_ configuration: SandboxConfiguration = SandboxConfiguration()) async throws -> SandboxServer {
        let directory = configuration.dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("missive-sandbox-\(UUID().uuidString)")
        do {
            return try await start(configuration, directory: directory)
        } catch {
            if configuration.dataDirectory == nil { try? FileManager.default.removeItem(at: directory) }
            throw error
        }
    }

    private static func start(_ configuration: SandboxConfiguration, directory: URL) async throws -> SandboxServer {
        // Themes first: a theme that does not resolve is the user's to fix, before any data is made.
        let themes = try configuration.themes ?? SandboxThemes.bundled()
        let database: SandboxDatabase
        do {
            database = try SandboxDatabase(directory: directory, now: configuration.clock.now())
        } catch {
            let file = directory.appendingPathComponent(SandboxDatabase.fileName).path
            // A file that is there but unreadable is bad data; no file means it could not be made.
            let status: ExitStatus = FileManager.default.fileExists(atPath: file) ? .dataError : .cantCreate
            throw StartError(description: "could not open the sandbox's data at \(file): \(error)", status: status)
        }
        let dice = FaultDice(plan: configuration.faults, seed: configuration.seed)
        let holds = PostHolds()
        let forum = SandboxForum(database: database, configuration: configuration, themes: themes)
        let cloudflare = CloudflareGate()
        let images = SandboxImageHost(directory: directory.appendingPathComponent("images"), clock: configuration.clock)
        let pool = SharedSocketPool(NoDelaySocketPool(pool: SocketPool<EpollEventQueue>.epoll()))
        let startImages = { try await Listener.start(port: configuration.imagesPort, option: "--images-port", pool: pool,
                                                     handler: SandboxImagesHTTPHandler(images: images)) }
        let startForum = { (imagesURL: URL) in
            try await Listener.start(port: configuration.port, option: "--port", pool: pool,
                                     handler: SandboxHTTPHandler(forum: forum, dice: dice, holds: holds, counter: RequestCounter(),
                                                                 cloudflare: cloudflare, imagesURL: imagesURL,
                                                                 dataDirectory: directory))
        }
        // The forum's status page names the image host's address. A given image port is known
        // before binding, so the forum binds first and a taken --port is the error reported (the
        // default image port is the forum's + 1, which a taken forum port's neighbour may hold);
        // a free image port (0) is only known once bound, so then the image host goes first.
        let forumListener: Listener
        let imagesListener: Listener
        if configuration.imagesPort != 0, let known = URL(string: "http://127.0.0.1:\(configuration.imagesPort)/") {
            forumListener = try await startForum(known)
            do { imagesListener = try await startImages() } catch {
                await forumListener.stop()
                throw error
            }
        } else {
            imagesListener = try await startImages()
            do { forumListener = try await startForum(imagesListener.baseURL) } catch {
                await imagesListener.stop()
                throw error
            }
        }
        return SandboxServer(forum: forumListener, images: imagesListener, dataDirectory: directory, dice: dice,
                             holds: holds, cloudflare: cloudflare, removeDataOnStop: configuration.dataDirectory == nil)
    }

    /// One HTTP server on 127.0.0.1 and the task running it.
    private struct Listener: Sendable {
        let http: HTTPServer
        let task: Task<Void, any Error>
        let port: UInt16
        let baseURL: URL

        static func start(port wanted: UInt16, option: String, pool: some AsyncSocketPool,
                          handler: some HTTPHandler) async throws -> Listener {
            // A long handler timeout: slow answers must be slow, not turned into 500s by the server.
            let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: wanted)
            let http = HTTPServer(address: address, timeout: 24 * 3600,
                                  pool: pool, logger: .disabled, handler: handler)
            let failure = RunFailure()
            let task = Task {
                do { try await http.run() } catch {
                    await failure.record(error)
                    throw error
                }
            }
            // Poll rather than waitUntilListening: a port already taken fails run() at once, and that
            // should be the answer at once, not after a listening timeout.
            var waited = 0
            while await !http.isListening {
                if let error = await failure.error {
                    if case SocketError.failed(_, EADDRINUSE, _)? = error as? SocketError {
                        throw StartError(portInUse: wanted, option: option, running: await SandboxProbe.status(port: wanted))
                    }
                    throw StartError(description: "could not listen on 127.0.0.1:\(wanted): \(error.localizedDescription)")
                }
                guard waited < 10_000 else {
                    task.cancel()
                    throw StartError(description: "127.0.0.1:\(wanted) was not listening after 10 seconds")
                }
                try await Task.sleep(for: .milliseconds(5))
                waited += 5
            }
            guard case let .ip4(_, port)? = await http.listeningAddress,
                  let baseURL = URL(string: "http://127.0.0.1:\(port)/") else {
                await http.stop()
                throw StartError(description: "the server did not report the port it listens on")
            }
            return Listener(http: http, task: task, port: port, baseURL: baseURL)
        }

        /// Cancels the run rather than calling `http.stop()`: FlyingFox's stop closes the listening
        /// socket while the accept loop may still call accept() once more, and by then the number
        /// can be another server's new socket (the loop then took that server's connection and
        /// closed it unread: a reset). Cancelled, the loop ends first and `run()` closes the socket.
        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    /// Holds why the server task ended, if it did.
    private actor RunFailure {
        private(set) var error: (any Error)?
        func record(_ error: any Error) { self.error = error }
    }

    /// Makes the next posting request fail this way, whatever the dice say (for tests that need
    /// one particular failure rather than a rate).
    public func failNextPost(with fault: Fault) async {
        await dice.enqueue(fault)
    }

    /// An outage: every request (pages, logins, posts) gets this fault, for the next `requests`
    /// of them when given, until it is called off with nil (`POST /_sandbox/outage?fault=KIND`).
    public func outage(_ fault: Fault?, requests: Int? = nil) async {
        await dice.setOutage(fault, requests: requests)
    }

    /// Holds the next posting request until the returned post is released: the forum stores it
    /// then, whenever the client gave up. See `HeldPost`.
    public func holdNextPost(answer: HeldPost.Answer = .afterStoring) async -> HeldPost {
        let held = HeldPost(answer: answer)
        await holds.add(held)
        return held
    }

    /// Puts Cloudflare's browser check in front of every page (or takes it away), as
    /// `POST /_sandbox/cloudflare?challenge=on` does.
    public func setCloudflareChallenge(_ on: Bool) async {
        await cloudflare.set(challenging: on)
    }

    /// Stops listening, waits for the server task, and removes the data directory if it was a temporary one.
    public func stop() async {
        await forumListener.stop()
        await imagesListener.stop()
        if removeDataOnStop { try? FileManager.default.removeItem(at: dataDirectory) }
    }
}
