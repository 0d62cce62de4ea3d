import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client over a socket: it sends the request target and Host exactly as given
/// (URLSession would tidy `/../` away and set its own Host), which is what the refusals are about.
struct RawHTTP {
    struct Response {
        var status: Int
        var head: String
        var body: String
    }

    enum Failure: Error {
        case connect(Int32)
        case noAnswer(String)
    }

    /// An open connection with the request sent, read from in pieces (for `/events`).
    final class Connection {
        let socket: Int32
        private(set) var received = Data()
        /// The server closed its end.
        private(set) var isClosed = false

        init(port: UInt16, target: String, host: String, address: String = "127.0.0.1") throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var peer = sockaddr_in()
            peer.sin_family = sa_family_t(AF_INET)
            peer.sin_port = port.bigEndian
            inet_pton(AF_INET, address, &peer.sin_addr)
            let connected = withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            // No close here: a class whose properties are all set runs its deinit when init throws,
            // and a second close could shut a descriptor that another test has opened since.
            guard connected == 0 else { throw Failure.connect(errno) }
            let request = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
            _ = request.withCString { send(socket, $0, strlen($0), 0) }
        }

        /// Reads until `done` holds for what came so far, or the deadline; true when it held.
        func read(until deadline: Date, _ done: @escaping @Sendable (String) -> Bool) async -> Bool {
            let connection = Unchecked(self)
            return (try? await offThePool { connection.value.readBlocking(until: deadline, done) }) ?? false
        }

        func readBlocking(until deadline: Date, _ done: (String) -> Bool) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !done(text) {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return false }
                var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
                guard poll(&fds, 1, Int32(left * 1000) + 1) > 0 else { continue }
                let count = recv(socket, &buffer, buffer.count, 0)
                guard count > 0 else {
                    isClosed = true
                    return done(text)
                }
                received.append(contentsOf: buffer[0..<count])
            }
            return true
        }

        var text: String { String(decoding: received, as: UTF8.self) }

        deinit { close(socket) }
    }

    /// Sockets block: the waiting happens on a thread of Dispatch's, never on the cooperative pool
    /// that the server under test needs.
    static func get(port: UInt16, target: String, host: String? = nil) async throws -> Response {
        try await offThePool { try getBlocking(port: port, target: target, host: host) }
    }

    private static func getBlocking(port: UInt16, target: String, host: String?) throws -> Response {
        let connection = try Connection(port: port, target: target, host: host ?? "127.0.0.1:\(port)")
        _ = connection.readBlocking(until: Date().addingTimeInterval(10)) { _ in false }
        let text = connection.text
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure.noAnswer(text) }
        let head = String(text[..<split.lowerBound])
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Response(status: status, head: head, body: String(text[split.upperBound...]))
    }
}

/// Runs blocking work on a thread of its own and waits for it without holding a pool thread.
/// Not Dispatch's global queue: on Linux it runs about one thread per core and adds more only
/// slowly, so parallel tests' blocking reads would wait in line behind each other for seconds.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A value handed to another thread by a test that waits for it (the socket is used by one at a time).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
