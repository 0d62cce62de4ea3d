import Common
import Foundation

/// Name/value pairs from a query string or a form body, decoded the way the forum does: bytes
/// are windows-1252, and `&#NNNN;` references stay as sent (vBulletin stores them; see
/// `NumericReferences`).
public struct FormFields: Sendable, Equatable {
    public private(set) var pairs: [(name: String, value: String)]
    /// Names of file inputs that arrived with content (the reply form's `attachment`).
    public private(set) var files: [String: Data] = [:]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs, by: { $0 == $1 }) && lhs.files == rhs.files
    }

    /// The first value sent under `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value sent under `name`, in order (`listbits[]` sends one per box).
    public func values(of name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    public func count(of name: String) -> Int {
        pairs.filter { $0.name == name }.count
    }

    mutating func append(_ name: String, _ value: String) {
        pairs.append((name, value))
    }

    mutating func merge(_ other: FormFields) {
        pairs.append(contentsOf: other.pairs)
        files.merge(other.files) { $1 }
    }

    /// `a=1&b=%E9+x`: percent escapes are windows-1252 bytes, `+` is a space.
    public static func urlEncoded<Bytes: Collection>(_ bytes: Bytes) -> FormFields where Bytes.Element == UInt8 {
        var fields = FormFields()
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = piece.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeComponent(parts[0])
            let value = parts.count > 1 ? decodeComponent(parts[1]) : ""
            fields.append(name, value)
        }
        return fields
    }

    private static func decodeComponent<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var raw: [UInt8] = []
        raw.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                raw.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"),
                      let high = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), high != bytes.endIndex,
                      let low = bytes.index(index, offsetBy: 2, limitedBy: bytes.endIndex), low != bytes.endIndex,
                      let value = UInt8(String(decoding: [bytes[high], bytes[low]], as: UTF8.self), radix: 16) {
                raw.append(value)
                index = low
            } else {
                raw.append(byte)
            }
            index = bytes.index(after: index)
        }
        return Windows1252.decode(raw)
    }

    /// Parses a `multipart/form-data` body. Returns nil when the body does not follow the
    /// boundary it claims (a browser never sends that; the forum would see an empty form).
    public static func multipart(_ body: Data, boundary: String) -> FormFields? {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        var fields = FormFields()
        guard var cursor = find(delimiter, in: bytes, from: 0) else { return nil }
        cursor += delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if bytes[cursor...].starts(with: Array("--".utf8)) { return fields }
            guard bytes[cursor...].starts(with: crlf) else { return nil }
            let partStart = cursor + 2
            guard let next = find(Array("\r\n".utf8) + delimiter, in: bytes, from: partStart) else { return nil }
            guard let part = Part(bytes[partStart..<next]) else { return nil }
            if let filename = part.filename {
                if !filename.isEmpty || !part.content.isEmpty { fields.files[part.name] = Data(part.content) }
            } else {
                fields.append(part.name, Windows1252.decode(part.content))
            }
            cursor = next + 2 + delimiter.count
        }
    }

    private static let crlf: [UInt8] = [13, 10]

    /// One part: headers, a blank line, then the content.
    private struct Part {
        var name: String
        var filename: String?
        var content: ArraySlice<UInt8>

        init?(_ bytes: ArraySlice<UInt8>) {
            guard let split = FormFields.find(Array("\r\n\r\n".utf8), in: Array(bytes), from: 0) else { return nil }
            let headerEnd = bytes.startIndex + split
            let headers = Windows1252.decode(bytes[bytes.startIndex..<headerEnd])
            content = bytes[(headerEnd + 4)...]
            var name: String?
            for line in headers.components(separatedBy: "\r\n")
            where line.lowercased().hasPrefix("content-disposition:") {
                name = Self.parameter("name", in: line)
                filename = Self.parameter("filename", in: line)
            }
            guard let name else { return nil }
            self.name = name
        }

        /// `name="value"` from a Content-Disposition line (quoted, as browsers send it).
        static func parameter(_ key: String, in line: String) -> String? {
            for piece in line.split(separator: ";").dropFirst() {
                let trimmed = piece.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("\(key)=") else { continue }
                var value = trimmed.dropFirst(key.count + 1)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = value.dropFirst().dropLast()
                }
                return String(value)
            }
            return nil
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
