import FlyingFox
import FlyingSocks
import Foundation

/// The sandbox forum over HTTP on 127.0.0.1. Start it in-process (tests do, on port 0) or
/// through `missive sandbox`:
///
///     let server = try await SandboxServer.start(SandboxConfiguration(floodInterval: 0))
///     let base = server.baseURL      // http://127.0.0.1:PORT/
///     ...
///     await server.stop()
public final class SandboxServer: Sendable {
    public let port: UInt16
    /// Where the SQLite file lives.
    public let dataDirectory: URL
    private let http: HTTPServer
    private let task: Task<Void, any Error>
    private let dice: FaultDice
    private let removeDataOnStop: Bool

    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/")!  // swiftlint:disable:this force_unwrapping
    }

    private init(port: UInt16, dataDirectory: URL, http: HTTPServer, task: Task<Void, any Error>,
                 dice: FaultDice, removeDataOnStop: Bool) {
        self.port = port
        self.dataDirectory = dataDirectory
        self.http = http
        self.task = task
        self.dice = dice
        self.removeDataOnStop = removeDataOnStop
    }

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens (or creates and seeds) the database, binds 127.0.0.1, and returns once listening.
    public static func start(_ configuration: SandboxConfiguration = SandboxConfiguration()) async throws -> SandboxServer {
        let directory = configuration.dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("missive-sandbox-\(UUID().uuidString)")
        let database = try SandboxDatabase(directory: directory, now: configuration.clock.now())
        let dice = FaultDice(plan: configuration.faults, seed: configuration.seed)
        let forum = SandboxForum(database: database, configuration: configuration)
        let handler = SandboxHTTPHandler(forum: forum, dice: dice)
        // A long handler timeout: slow answers must be slow, not turned into 500s by the server.
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: configuration.port)
        let http = HTTPServer(address: address, timeout: 24 * 3600,
                              logger: .disabled, handler: handler)
        let task = Task { try await http.run() }
        do {
            try await http.waitUntilListening(timeout: 10)
        } catch {
            task.cancel()
            throw StartError(description: "could not listen on 127.0.0.1:\(configuration.port): \(error)")
        }
        guard case let .ip4(_, port)? = await http.listeningAddress else {
            await http.stop()
            throw StartError(description: "the server did not report the port it listens on")
        }
        return SandboxServer(port: port, dataDirectory: directory, http: http, task: task, dice: dice,
                             removeDataOnStop: configuration.dataDirectory == nil)
    }

    /// Makes the next posting request fail this way, whatever the dice say (for tests that need
    /// one particular failure rather than a rate).
    public func failNextPost(with fault: Fault) async {
        await dice.enqueue(fault)
    }

    /// Stops listening, waits for the server task, and removes the data directory if it was a temporary one.
    public func stop() async {
        await http.stop(timeout: 1)
        _ = await task.result
        if removeDataOnStop { try? FileManager.default.removeItem(at: dataDirectory) }
    }
}
