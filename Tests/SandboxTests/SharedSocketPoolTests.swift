import FlyingFox
import FlyingSocks
import Foundation
@testable import Sandbox
import ServerSockets
import Testing

/// Two real HTTP servers on one `SharedSocketPool`, as a sandbox's forum and image host are.
@Suite struct SharedSocketPoolTests {
    struct Hello: HTTPHandler {
        let name: String
        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(statusCode: .ok, body: Data(name.utf8))
        }
    }

    func start(_ name: String, _ pool: some AsyncSocketPool) async throws -> (HTTPServer, Task<Void, any Error>, UInt16) {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), pool: pool, logger: .disabled, handler: Hello(name: name))
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case let .ip4(_, port)? = await server.listeningAddress else { throw CancellationError() }
        return (server, task, port)
    }

    func get(_ port: UInt16) async throws -> String {
        let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        return try await RawHTTP.exchange(port: port, request: Data(request.utf8), timeout: 5).text
    }

    @Test(.timeLimit(.minutes(1))) func stoppingOneServerLeavesTheOtherAnsweringAndTheLastStopEndsBoth() async throws {
        let pool = SharedSocketPool(SocketPool<EpollEventQueue>.epoll())
        let (_, firstTask, firstPort) = try await start("first", pool)
        let (_, secondTask, secondPort) = try await start("second", pool)
        #expect(try await get(firstPort) == "first")
        #expect(try await get(secondPort) == "second")

        // Stopped as the sandbox stops a listener: the run cancelled (see SandboxServer.Listener.stop).
        firstTask.cancel()
        _ = await firstTask.result
        #expect(try await get(secondPort) == "second", "the pool still runs for the server left")
        secondTask.cancel()
        // Both runs have ended (a hang here is the bug), and the port is free again.
        _ = await secondTask.result
        await #expect(throws: (any Error).self) { try await get(firstPort) }
    }
}
