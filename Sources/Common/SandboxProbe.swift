import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Asks whatever holds a port on 127.0.0.1 for `GET /_sandbox/status.json`: a sandbox answers
/// with its `SandboxStatus`, any other program with something else or nothing. Plain sockets with a
/// limit of five seconds (a sandbox on a busy machine took more than three to answer in a test
/// run), so that a silent program costs those, not a hang.
public enum SandboxProbe {
    public static func status(port: UInt16, timeout: TimeInterval = 5) async -> SandboxStatus? {
        // Blocking reads, so off the cooperative pool: the sandbox asked may be in this process.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: fetch(port: port, timeout: timeout).flatMap { try? SandboxStatus.decode($0) })
            }
        }
    }

    /// The same, waiting on this thread: for a command's own main thread, never the cooperative pool.
    public static func statusNow(port: UInt16, timeout: TimeInterval = 5) -> SandboxStatus? {
        fetch(port: port, timeout: timeout).flatMap { try? SandboxStatus.decode($0) }
    }

    /// The body of the answer, when it is a 200.
    private static func fetch(port: UInt16, timeout: TimeInterval) -> Data? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET /_sandbox/status.json HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        // A status is a few hundred bytes; more than 64 KiB is not a sandbox's.
        while answer.count < 65_536 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        guard let split = answer.range(of: Data("\r\n\r\n".utf8)),
              String(decoding: answer[..<split.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.") else { return nil }
        let statusLine = String(decoding: answer[..<split.lowerBound], as: UTF8.self).prefix { $0 != "\r" }
        guard statusLine.split(separator: " ").dropFirst().first == "200" else { return nil }
        return answer[split.upperBound...]
    }
}
