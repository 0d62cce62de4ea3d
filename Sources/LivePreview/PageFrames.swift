import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How `missive` hands pages to `missive-live` over the server's standard input: the byte count
/// in decimal, a newline, then the page's bytes. A length rather than a separator, because a
/// page may hold any byte.
public enum PageFrames {
    public static func encode(_ page: String) -> [UInt8] {
        let body = Array(page.utf8)
        return Array("\(body.count)\n".utf8) + body
    }

    /// Reads frames from a descriptor, blocking; nil at the end of the input (or on a frame that
    /// does not parse, which only a broken writer could send).
    public final class Reader {
        private let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0

        public init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        public func next() -> String? {
            guard let newline = byte(UInt8(ascii: "\n")), let count = Int(String(decoding: take(newline)?.dropLast() ?? [], as: UTF8.self)),
                  count >= 0, let body = take(count)
            else { return nil }
            return String(decoding: body, as: UTF8.self)
        }

        /// How many bytes up to and including the first `byte`, reading more as needed.
        private func byte(_ byte: UInt8) -> Int? {
            // Counted from `start`, which a fill may move to 0.
            var searched = 0
            while true {
                if let index = buffer[(start + searched)...].firstIndex(of: byte) { return index - start + 1 }
                searched = buffer.count - start
                guard fill() else { return nil }
            }
        }

        private func take(_ count: Int) -> ArraySlice<UInt8>? {
            while buffer.count - start < count {
                guard fill() else { return nil }
            }
            let taken = buffer[start..<(start + count)]
            start += count
            return taken
        }

        /// One read(2) appended to the buffer; false at the end of the input or on an error.
        private func fill() -> Bool {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let read = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if read > 0 {
                    buffer.append(contentsOf: chunk[..<read])
                    return true
                }
                if read < 0, errno == EINTR { continue }
                return false
            }
        }
    }
}
