/// Reads bytes at an offset: a file read with `pread`, a kept blob, or bytes in memory.
/// Returns fewer bytes than asked only at the end of the data.
public protocol ByteSource {
    func bytes(at offset: Int, count: Int) throws -> [UInt8]
}

/// Bytes held in memory, as a `ByteSource` (small headers, tests, the sandbox's uploads).
public struct InMemoryBytes: ByteSource {
    public let data: [UInt8]
    public init(_ data: [UInt8]) { self.data = data }

    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset < data.count, count > 0 else { return [] }
        return Array(data[offset..<min(data.count, offset + count)])
    }
}

/// Why an image's header could not be read.
public enum ImageHeaderProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// No known magic number: not a PNG, JPEG, GIF or WebP (whatever its name says).
    case notAnImage
    /// The data ends before the header says what size the image is.
    case truncated(ImageFormat)
    /// The header is there but does not make sense (a zero width, a chunk that is not IHDR).
    case malformed(ImageFormat, String)

    public var description: String {
        switch self {
        case .notAnImage: "it is not a PNG, JPEG, GIF or WebP image (its first bytes say so, whatever its name)"
        case let .truncated(format): "it ends before its \(format) header says how large the image is (a cut-short file?)"
        case let .malformed(format, detail): "its \(format) header is damaged (\(detail))"
        }
    }
}

/// The format and pixel size of an image, read from its header alone: a few bytes for PNG, GIF
/// and WebP; for JPEG, the segment headers up to the frame header (each skipped with one read, so
/// a large EXIF block is never read whole).
public enum ImageHeader {
    public static func read(_ source: some ByteSource) throws -> (format: ImageFormat, size: PixelSize) {
        let head = try source.bytes(at: 0, count: 32)
        guard let format = ImageFormat(magic: head) else { throw ImageHeaderProblem.notAnImage }
        let size: PixelSize = switch format {
        case .png: try png(head)
        case .gif: try gif(head)
        case .webp: try webp(head)
        case .jpeg: try jpeg(source)
        }
        guard size.width > 0, size.height > 0 else {
            throw ImageHeaderProblem.malformed(format, "it says the image is \(size) pixels")
        }
        return (format, size)
    }

    /// Signature, then the IHDR chunk (length 13, type, width and height big-endian).
    private static func png(_ head: [UInt8]) throws -> PixelSize {
        guard head.count >= 24 else { throw ImageHeaderProblem.truncated(.png) }
        guard Array(head[12..<16]) == Array("IHDR".utf8) else {
            throw ImageHeaderProblem.malformed(.png, "its first chunk is not IHDR")
        }
        return PixelSize(width: bigEndian(head, 16, 4), height: bigEndian(head, 20, 4))
    }

    /// The logical screen: width and height, 16 bits little-endian each, after the 6-byte signature.
    private static func gif(_ head: [UInt8]) throws -> PixelSize {
        guard head.count >= 10 else { throw ImageHeaderProblem.truncated(.gif) }
        return PixelSize(width: littleEndian(head, 6, 2), height: littleEndian(head, 8, 2))
    }

    /// RIFF container; the first chunk is `VP8 ` (lossy), `VP8L` (lossless) or `VP8X` (extended).
    private static func webp(_ head: [UInt8]) throws -> PixelSize {
        guard head.count >= 16 else { throw ImageHeaderProblem.truncated(.webp) }
        let chunk = String(decoding: head[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard head.count >= 30 else { throw ImageHeaderProblem.truncated(.webp) }
            guard Array(head[23..<26]) == [0x9D, 0x01, 0x2A] else {
                throw ImageHeaderProblem.malformed(.webp, "the VP8 start code is missing")
            }
            return PixelSize(width: littleEndian(head, 26, 2) & 0x3FFF, height: littleEndian(head, 28, 2) & 0x3FFF)
        case "VP8L":
            // Signature 0x2F, then width-1 and height-1 in 14 bits each.
            guard head.count >= 25 else { throw ImageHeaderProblem.truncated(.webp) }
            guard head[20] == 0x2F else { throw ImageHeaderProblem.malformed(.webp, "the VP8L signature is missing") }
            let bits = littleEndian(head, 21, 4)
            return PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            // Flags (4 bytes), then canvas width-1 and height-1 in 24 bits each.
            guard head.count >= 30 else { throw ImageHeaderProblem.truncated(.webp) }
            return PixelSize(width: littleEndian(head, 24, 3) + 1, height: littleEndian(head, 27, 3) + 1)
        default:
            throw ImageHeaderProblem.malformed(.webp, "its first chunk '\(chunk)' is not VP8, VP8L or VP8X")
        }
    }

    /// Walks the marker segments after SOI until a start-of-frame (SOF0-15 but DHT C4, JPG C8
    /// and DAC CC), whose body holds precision, height, width.
    private static func jpeg(_ source: some ByteSource) throws -> PixelSize {
        var offset = 2
        // A real file reaches its frame header in a handful of segments; a bound keeps a damaged
        // one from being walked marker by marker to its end.
        for _ in 0..<1024 {
            let marker = try source.bytes(at: offset, count: 9)
            guard marker.count >= 2 else { throw ImageHeaderProblem.truncated(.jpeg) }
            guard marker[0] == 0xFF else { throw ImageHeaderProblem.malformed(.jpeg, "no marker at byte \(offset)") }
            let code = marker[1]
            if code == 0xFF { offset += 1; continue }  // fill byte
            if code == 0xD8 || code == 0x01 || (0xD0...0xD7).contains(code) { offset += 2; continue }
            if code == 0xD9 || code == 0xDA {
                throw ImageHeaderProblem.malformed(.jpeg, "the image data starts before any frame header")
            }
            guard marker.count >= 4 else { throw ImageHeaderProblem.truncated(.jpeg) }
            let length = bigEndian(marker, 2, 2)
            guard length >= 2 else { throw ImageHeaderProblem.malformed(.jpeg, "a segment is \(length) bytes long") }
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) {
                guard marker.count >= 9 else { throw ImageHeaderProblem.truncated(.jpeg) }
                return PixelSize(width: bigEndian(marker, 7, 2), height: bigEndian(marker, 5, 2))
            }
            offset += 2 + length
        }
        throw ImageHeaderProblem.malformed(.jpeg, "no frame header in its first 1024 segments")
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
