import CCrypto

/// The SHA-256 of some bytes, written as 64 lower-case hex digits: how a kept image is named.
public struct ContentHash: Hashable, Sendable, Codable, CustomStringConvertible {
    public let hex: String

    /// Accepts exactly 64 hex digits (either case); anything else is not a content hash.
    public init?(hex: String) {
        let lower = hex.lowercased()
        guard lower.utf8.count == 64, lower.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        self.hex = lower
    }

    init(digest: some Sequence<UInt8>) {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        hex = String(decoding: text, as: UTF8.self)
    }

    public var description: String { "sha256:\(hex)" }

    /// The hash of bytes held whole (small inputs, tests).
    public static func of(_ bytes: some Collection<UInt8>) throws(ContentHashError) -> ContentHash {
        var hasher = try SHA256Hasher()
        Array(bytes).withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }
}

/// SHA-256 fed piece by piece, so a large file is hashed while it streams through a small buffer.
///
/// OpenSSL's libcrypto does the work, opened at first use (see ccrypto.c): libcurl needs it for TLS
/// anyway (so it is there wherever missive can send), it is Debian's maintained build, and
/// Foundation on Linux has no CryptoKit (swift-crypto would compile a second copy of BoringSSL into
/// the build for this one digest).
public struct SHA256Hasher: ~Copyable {
    private let context: OpaquePointer

    /// Throws rather than hand out a hash: without a digest every image would share one name,
    /// and a new image could be taken for one already kept or uploaded.
    public init() throws(ContentHashError) {
        // Nil only when libcrypto is missing or memory runs out.
        guard let context = ccrypto_sha256_begin() else { throw .libcryptoUnavailable }
        self.context = context
    }

    deinit { ccrypto_sha256_free(context) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = ccrypto_sha256_update(context, base, bytes.count)
    }

    public consuming func finish() -> ContentHash {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = digest.withUnsafeMutableBufferPointer { ccrypto_sha256_finish(context, $0.baseAddress, &length) }
        return ContentHash(digest: digest.prefix(Int(length)))
    }
}

/// Why no SHA-256 could be made.
public enum ContentHashError: MissiveError, Equatable {
    /// OpenSSL's libcrypto (opened at first use) is not installed, could not be loaded, or could
    /// not make a digest context.
    case libcryptoUnavailable

    public var status: ExitStatus { .unavailable }

    public var description: String {
        "hashing an image needs OpenSSL's libcrypto (libcrypto.so.3), which could not be loaded: install it (apt-get install libssl3)"
    }
}
