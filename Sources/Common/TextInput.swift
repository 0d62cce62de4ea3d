import Foundation

/// Why some bytes are not text Missive will accept.
public enum TextInputError: MissiveError, Equatable {
    /// Not UTF-8; `offset` is the byte where decoding fails.
    case invalidUTF8(source: String, offset: Int)
    /// A NUL byte, which no forum post or editor buffer should contain.
    case nulByte(source: String, offset: Int)
    case unreadable(source: String, reason: String)
    case tooLarge(source: String, bytes: Int, limit: Int)

    public var status: ExitStatus {
        switch self {
        case .invalidUTF8, .nulByte, .tooLarge: .dataError
        case .unreadable: .noInput
        }
    }

    public var description: String {
        switch self {
        case let .invalidUTF8(source, offset):
            "\(source): not valid UTF-8 at byte \(offset); save the file as UTF-8 and try again"
        case let .nulByte(source, offset):
            "\(source): contains a NUL byte at byte \(offset); is this a binary file?"
        case let .unreadable(source, reason):
            "\(source): cannot be read: \(reason)"
        case let .tooLarge(source, bytes, limit):
            "\(source): \(bytes) bytes is more than the \(limit)-byte limit"
        }
    }
}

/// Turns bytes from a file, stdin or an editor buffer into text, or says exactly where they are bad.
public enum TextInput {
    /// Decodes strict UTF-8 with no NUL bytes. A leading byte-order mark is dropped.
    /// `source` names the input in messages ("post.md", "<stdin>").
    public static func decode(_ data: Data, source: String, limit: Int? = nil) throws(TextInputError) -> String {
        if let limit, data.count > limit {
            throw .tooLarge(source: source, bytes: data.count, limit: limit)
        }
        // A vectorised search for NUL, then one pass that validates and copies (the standard
        // library's); where a bad sequence starts is only worked out when there is one.
        let (nul, text): (Int?, String?) = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return (nil, "") }
            if let found = memchr(base, 0, raw.count) { return (base.distance(to: UnsafeRawPointer(found)), nil) }
            let bytes = raw.bindMemory(to: UInt8.self)
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return (nil, String(validating: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        }
        if let nul { throw .nulByte(source: source, offset: nul) }
        if let text { return text }
        let bytes = [UInt8](data)
        if let bad = firstInvalidUTF8Offset(bytes) { throw .invalidUTF8(source: source, offset: bad) }
        return String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
    }

    /// Reads a whole file (or stdin when `path` is nil or "-") and decodes it.
    public static func read(path: String?, limit: Int? = nil) throws(TextInputError) -> String {
        guard let path, path != "-" else {
            return try decode(readBounded(FileHandle.standardInput, limit: limit), source: "<stdin>", limit: limit)
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(source: path, reason: reason(for: path))
        }
        defer { try? handle.close() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unreadable(source: path, reason: "it is a directory")
        }
        return try decode(readBounded(handle, limit: limit), source: path, limit: limit)
    }

    /// The byte offset of the first sequence that is not well-formed UTF-8 (overlongs, surrogates
    /// and code points past U+10FFFF included), or nil when all of it is.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for k in 1..<length {
                let byte = bytes[index + k]
                let (lo, hi) = k == 1 ? (low, high) : (0x80, 0xBF)
                if byte < lo || byte > hi { return index }
            }
            index += length
        }
        return nil
    }

    /// Reads to the end, or to one byte past `limit` so that a huge input is refused without
    /// being held in memory whole.
    private static func readBounded(_ handle: FileHandle, limit: Int?) -> Data {
        guard let limit else { return handle.readDataToEndOfFile() }
        var data = Data()
        while data.count <= limit {
            let chunk = handle.readData(ofLength: min(1 << 20, limit + 1 - data.count))
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }

    private static func reason(for path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return "read failed"
    }
}
