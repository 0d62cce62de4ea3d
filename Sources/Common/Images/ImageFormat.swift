/// The image formats every host Missive uploads to accepts, told apart by their first bytes
/// (their magic numbers), never by a file's name.
public enum ImageFormat: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case png, jpeg, gif, webp

    public var mediaType: String { "image/\(rawValue)" }
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    public var description: String { rawValue.uppercased() }

    /// The bytes a file needs before its format can be told (WebP's RIFF header is the longest).
    public static let magicLength = 12

    /// The format whose magic number `prefix` starts with, or nil for anything else.
    public init?(magic prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(Self.magicLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}

/// An image's size in pixels, as its header states it.
public struct PixelSize: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}
