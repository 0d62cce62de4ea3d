import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately small HTTP/1.1 client over a plain socket, so tests see exactly what the
/// sandbox sends: status, every header, the body as bytes, and whether the body was cut short
/// or never came. Blocking socket calls run on their own thread, off the cooperative pool the
/// in-process server needs.
struct RawResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data
    /// Bytes received in all (0 when the server closed without answering).
    var received: Int
    /// Whether the body is as long as Content-Length said.
    var complete: Bool

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body read as windows-1252, the way a browser reads a forum page.
    var text: String {
        String(decoding: body.map { byte -> UInt16 in
            TestCP1252.scalar(for: byte)
        }, as: UTF16.self)
    }
}

struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
}

enum RawHTTP {
    /// Sends `request` (complete bytes) to 127.0.0.1:port and reads until the server closes
    /// or the Content-Length is reached; gives up after `timeout` seconds of silence.
    static func exchange(port: UInt16, request: Data, timeout: TimeInterval = 10) async throws -> RawResponse {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try blockingExchange(port: port, request: request, timeout: timeout) })
            }
            thread.start()
        }
    }

    private static func blockingExchange(port: UInt16, request: Data, timeout: TimeInterval) throws -> RawResponse {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPError(description: "socket() failed") }
        defer { close(fd) }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: Int(timeout.truncatingRemainder(dividingBy: 1) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw RawHTTPError(description: "connect() to port \(port) failed") }
        try request.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(fd, buffer.baseAddress!.advanced(by: offset), buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw RawHTTPError(description: "send() failed") }
                offset += sent
            }
        }
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                if let response = parse(received), response.complete { return response }
            } else if count == 0 {
                break
            } else {
                if errno == EAGAIN || errno == EWOULDBLOCK { throw RawHTTPError(description: "timed out") }
                if errno == ECONNRESET { break }
                throw RawHTTPError(description: "recv() failed: \(errno)")
            }
        }
        return parse(received) ?? RawResponse(status: 0, headers: [], body: Data(), received: received.count, complete: false)
    }

    /// Parses what has arrived so far; nil until the header block is complete.
    static func parse(_ data: Data) -> RawResponse? {
        let bytes = [UInt8](data)
        guard let end = bytes.indices.dropLast(3).first(where: {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let headers = head.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = Data(bytes[(end + 4)...])
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) }
        return RawResponse(status: status, headers: headers, body: length.map { Data(body.prefix($0)) } ?? body,
                           received: data.count, complete: length.map { body.count >= $0 } ?? false)
    }
}

/// The test's own windows-1252 table (independent of the one under test).
enum TestCP1252 {
    static let high: [UInt16] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    static func scalar(for byte: UInt8) -> UInt16 {
        (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt16(byte)
    }

    /// What a browser sends for `text` in a windows-1252 form.
    static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) {
                bytes.append(UInt8(scalar.value))
            } else if let index = high.firstIndex(of: UInt16(truncatingIfNeeded: scalar.value)), scalar.value <= 0xFFFF {
                bytes.append(UInt8(0x80 + index))
            } else {
                bytes += Array("&#\(scalar.value);".utf8)
            }
        }
        return bytes
    }
}
