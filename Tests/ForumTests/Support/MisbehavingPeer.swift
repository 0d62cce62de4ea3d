import Foundation

/// A real TCP server on 127.0.0.1 that answers HTTP badly on purpose: the faults a forum (or what
/// sits in front of it) can produce that the sandbox cannot. Raw sockets, one thread per connection.
final class MisbehavingPeer: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Accepts, reads the request, never answers.
        case silent
        /// Reads the request and closes the connection without a word.
        case hangUpAfterRequest
        /// Every request is redirected to the path it asked for.
        case redirectLoop
        /// Sends these bytes verbatim, then closes.
        case raw([UInt8])
        /// Answers 200 with the request it received as the body.
        case echo
        /// Answers the first request with a keep-alive 200, then hangs up on every later one after
        /// reading it: a server that stored a post and died before answering, on a reused connection.
        case answerOnceThenHangUp
        /// Serves `form` to GETs and answers anything else with this bare status line.
        case formThenStatus(form: [UInt8], status: String)
        /// Answers each request with the bytes of the first route its request line starts with
        /// (`GET /newreply.php`, `POST /account.php`), or a 404.
        case routes([(request: String, answer: [UInt8])])
    }

    let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var connections: [Int32] = []
    private var requests: [[UInt8]] = []
    private var stopped = false
    private var accepted = 0

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw PeerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw PeerError.socket(errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/")!
    }

    /// How many connections the peer has accepted.
    var connectionCount: Int {
        lock.withLock { accepted }
    }

    /// Every request received so far, raw.
    var received: [[UInt8]] {
        lock.withLock { requests }
    }

    /// Wakes every thread of the peer; each closes its own descriptor on the way out, so no
    /// thread ever touches a descriptor number the process may have handed to another socket.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    deinit { stop() }

    /// A port where nothing listens, held for as long as the result lives: bound but never
    /// listening, so a connection is refused and no other test's server can be given the port
    /// meanwhile (a port merely closed again was, and that test then reached someone else's peer).
    static func closedPort() throws -> ClosedPort {
        try ClosedPort()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let kept = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                connections.append(connection)
                accepted += 1
                return true
            }
            guard kept else { close(connection); return }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            lock.withLock { connections.removeAll { $0 == connection } }
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
        // A connection may carry several requests (libcurl reuses it).
        while let request = readRequest(connection) {
            lock.withLock { requests.append(request) }
            switch behaviour {
            case .silent:
                continue
            case .hangUpAfterRequest:
                return
            case .redirectLoop:
                let path = requestPath(request)
                write(connection, "HTTP/1.1 302 Found\r\nLocation: \(path)\r\nContent-Length: 0\r\n\r\n")
            case let .raw(bytes):
                write(connection, bytes)
                return
            case let .formThenStatus(form, status):
                if request.starts(with: Array("GET ".utf8)) {
                    write(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\nContent-Length: \(form.count)\r\n\r\n")
                    write(connection, form)
                } else {
                    write(connection, "HTTP/1.1 \(status)\r\nContent-Length: 0\r\n\r\n")
                }
            case let .routes(routes):
                let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self)
                write(connection, routes.first { line.hasPrefix($0.request) }?.answer
                    ?? Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8))
            case .answerOnceThenHangUp:
                guard lock.withLock({ requests.count }) == 1 else { return }
                write(connection, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nok")
            case .echo:
                write(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(request.count)\r\n\r\n")
                write(connection, request)
            }
        }
    }

    /// Reads one request: headers to the blank line, then Content-Length bytes of body.
    private func readRequest(_ connection: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var expected = Int.max
        while bytes.count < expected {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if headerEnd == nil, let end = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                headerEnd = end
                expected = end + contentLength(String(decoding: bytes[..<end], as: UTF8.self))
            }
        }
        return bytes
    }

    private func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    private func requestPath(_ request: [UInt8]) -> String {
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self)
        let parts = line.split(separator: " ")
        return parts.count > 1 ? String(parts[1]) : "/"
    }

    private func write(_ connection: Int32, _ text: String) {
        write(connection, Array(text.utf8))
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    enum PeerError: Error { case socket(Int32) }
}

extension MisbehavingPeer.Behaviour {
    /// A complete HTTP/1.1 response with this status, type and body.
    static func answer(status: String = "200 OK", type: String = "text/html; charset=windows-1252", body: [UInt8], extraHeaders: String = "") -> Self {
        .raw(http(status: status, type: type, body: body, extraHeaders: extraHeaders))
    }

    /// The bytes of a complete HTTP/1.1 response that closes its connection.
    static func http(status: String = "200 OK", type: String = "text/html; charset=windows-1252", body: [UInt8] = [], extraHeaders: String = "") -> [UInt8] {
        Array("HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n\(extraHeaders)Connection: close\r\n\r\n".utf8) + body
    }

    /// A redirect to `location` with an empty body.
    static func redirect(_ status: String = "302 Found", to location: String) -> [UInt8] {
        http(status: status, body: [], extraHeaders: "Location: \(location)\r\n")
    }

    /// Announces `announced` bytes of body, sends `body`, and hangs up.
    static func cutShort(announced: Int, body: [UInt8]) -> Self {
        .raw(Array("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(announced)\r\n\r\n".utf8) + body)
    }
}

/// A TCP port on 127.0.0.1 that is bound and not listening: connections to it are refused.
final class ClosedPort: @unchecked Sendable {
    private let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw MisbehavingPeer.PeerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw MisbehavingPeer.PeerError.socket(errno)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
