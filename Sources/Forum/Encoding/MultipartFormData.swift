import Common
/// `multipart/form-data` exactly as a browser builds it for a windows-1252 page
/// (the WHATWG "multipart/form-data encoding algorithm").
public struct MultipartFormData: Sendable {
    public var fields: [FormField]
    public var boundary: String

    public init(fields: [FormField], boundary: String = MultipartFormData.randomBoundary()) {
        self.fields = fields
        self.boundary = boundary
    }

    public var contentType: String {
        "multipart/form-data; charset=windows-1252; boundary=\(boundary)"
    }

    /// The body. The boundary is chosen again if the content happens to contain it.
    public mutating func encode() -> [UInt8] {
        while true {
            let body = Self.encode(fields, boundary: boundary)
            if body.occurrences(of: Array("--\(boundary)".utf8)) == fields.count + 1 { return body }
            boundary = Self.randomBoundary()
        }
    }

    public static func randomBoundary() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return "----MissiveBoundary" + String((0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    static func encode(_ fields: [FormField], boundary: String) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(fields.reduce(256) { $0 + $1.name.utf8.count + 128 + $1.payloadSize })
        for field in fields {
            body += Array("--\(boundary)\r\n".utf8)
            body += Array("Content-Disposition: form-data; name=\"".utf8)
            body += headerEscaped(Windows1252.encode(crlf(field.name)))
            body += Array("\"".utf8)
            switch field.value {
            case let .text(text):
                body += Array("\r\n\r\n".utf8)
                body += Windows1252.encode(crlf(text))
            case let .file(name, contentType, bytes):
                body += Array("; filename=\"".utf8)
                body += headerEscaped(Windows1252.encode(name))
                body += Array("\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8)
                body += bytes
            }
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }

    /// Line breaks become CRLF, as a browser normalizes names and values (a lone CR or LF included).
    static func crlf(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                result.append(contentsOf: "\r\n".unicodeScalars)
                previousWasCR = true
                continue
            case "\n" where previousWasCR:
                break
            case "\n":
                result.append(contentsOf: "\r\n".unicodeScalars)
            default:
                result.append(scalar)
            }
            previousWasCR = false
        }
        return String(result)
    }

    /// Inside the quoted name and filename a browser writes `"`, CR and LF as %22, %0D, %0A.
    static func headerEscaped(_ bytes: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case 0x22: escaped += Array("%22".utf8)
            case 0x0D: escaped += Array("%0D".utf8)
            case 0x0A: escaped += Array("%0A".utf8)
            default: escaped.append(byte)
            }
        }
        return escaped
    }
}

extension FormField {
    var payloadSize: Int {
        switch value {
        case let .text(text): text.utf8.count
        case let .file(_, _, bytes): bytes.count
        }
    }
}

extension Array where Element == UInt8 {
    /// Non-overlapping occurrences of `needle`.
    func occurrences(of needle: [UInt8]) -> Int {
        guard !needle.isEmpty, needle.count <= count else { return 0 }
        var found = 0
        var index = 0
        let first = needle[0]
        while index <= count - needle.count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                found += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
