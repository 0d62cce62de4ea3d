import Foundation
import Sandbox
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The sandbox answers without Nagle's delay: TCP_NODELAY on its listening socket and on the
/// connection a client kept open. The server runs in this process, so its sockets are found
/// among this process's file descriptors by their addresses.
@Suite struct SocketTuningTests {
    @Test func theListeningSocketAndAKeptAliveConnectionHaveNoDelay() async throws {
        try await withSandbox { server in
            let client = try KeptAliveClient(port: server.port)
            defer { client.close() }
            for _ in 0..<2 {
                let answer = try await client.exchange("GET /index.php HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(answer.hasPrefix("HTTP/1.1 200"))
            }
            let sockets = ServerSockets.list()
            let listening = try #require(sockets.first { $0.local == server.port && $0.listening })
            #expect(listening.noDelay, "the listening socket, which accepted sockets copy it from")
            let connection = try #require(sockets.first { $0.local == server.port && $0.peer == client.localPort })
            #expect(connection.noDelay, "the kept-alive connection")
        }
    }
}

/// A blocking TCP connection that stays open across requests, used off the cooperative pool.
private final class KeptAliveClient: @unchecked Sendable {
    let fd: Int32
    let localPort: UInt16

    init(port: UInt16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0, let local = ServerSockets.port(of: fd, peer: false) else {
            if fd >= 0 { Glibc.close(fd) }
            throw RawHTTPError(description: "could not connect to 127.0.0.1:\(port)")
        }
        var seconds = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        self.fd = fd
        localPort = local
    }

    /// Sends one request and reads one answer (headers and a Content-Length body).
    func exchange(_ request: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try self.blockingExchange(request) })
            }.start()
        }
    }

    private func blockingExchange(_ request: String) throws -> String {
        let bytes = Array(request.utf8)
        guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw RawHTTPError(description: "send failed") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { throw RawHTTPError(description: "the connection closed or timed out") }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let head = text[..<end.lowerBound].lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound) + length <= received.count { return text }
        }
    }

    func close() { Glibc.close(fd) }
}

/// This process's TCP sockets on 127.0.0.1, as /proc/self/fd lists them.
private enum ServerSockets {
    struct Info {
        var local: UInt16
        var peer: UInt16?
        var listening: Bool
        var noDelay: Bool
    }

    static func list() -> [Info] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap(Int32.init).compactMap { fd in
            guard let local = port(of: fd, peer: false) else { return nil }
            return Info(local: local, peer: port(of: fd, peer: true), listening: option(fd, SOL_SOCKET, SO_ACCEPTCONN),
                        noDelay: option(fd, Int32(IPPROTO_TCP), TCP_NODELAY))
        }
    }

    /// The IPv4 port at either end of a socket; nil for anything that is not one.
    static func port(of fd: Int32, peer: Bool) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                (peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)) == 0
            }
        }
        guard ok, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return UInt16(bigEndian: address.sin_port)
    }

    static func option(_ fd: Int32, _ level: Int32, _ name: Int32) -> Bool {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, level, name, &value, &length) == 0 && value != 0
    }
}
