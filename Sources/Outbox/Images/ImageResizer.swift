import CGD
import Common

/// What an image host takes: at most `maxBytes`, and (where it says so) at most `maxSize`
/// pixels each way.
public struct ImageLimit: Sendable, Equatable {
    public var maxBytes: Int
    public var maxSize: PixelSize?

    public init(maxBytes: Int, maxSize: PixelSize? = nil) {
        self.maxBytes = maxBytes
        self.maxSize = maxSize
    }
}

/// An image made to fit a limit: the same format, the same aspect ratio, fewer pixels.
public struct ResizedImage: Sendable, Equatable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var size: PixelSize
    public var originalSize: PixelSize
    /// False when the image fitted already: `bytes` are then the very bytes given.
    public var changed: Bool
}

/// Scales images down with libgd (Debian's libgd-dev: PNG, JPEG, GIF and WebP in one well-kept
/// C library). Only `--resize` calls it: an image over the host's limit is otherwise refused.
public enum ImageResizer {
    /// Returns `bytes` unchanged when they fit `limit`; otherwise the image scaled down until it
    /// does (within `maxSize`, then smaller in steps until under `maxBytes`).
    public static func fit(_ bytes: [UInt8], within limit: ImageLimit) throws(ImageResizeError) -> ResizedImage {
        let header: (format: ImageFormat, size: PixelSize)
        do { header = try ImageHeader.read(InMemoryBytes(bytes)) } catch let problem as ImageHeaderProblem {
            throw .notAnImage(problem)
        } catch {
            throw .notAnImage(.notAnImage)
        }
        let format = header.format
        let original = header.size
        var target = scaled(original, toFit: limit.maxSize)
        if target == original, bytes.count <= limit.maxBytes {
            return ResizedImage(bytes: bytes, format: format, size: original, originalSize: original, changed: false)
        }
        guard !ImageAnimation.isAnimated(bytes, format: format) else { throw .animated(format) }
        guard cgd_available() != 0 else { throw .libgdUnavailable }
        let image = try decode(bytes, format)
        defer { cgd_image_destroy(image) }
        // Encoded sizes do not scale exactly with the pixel count: shrink by the square root of the
        // overshoot, a little more each round, a bounded number of times.
        var smallest = Int.max
        for _ in 0..<8 {
            let encoded = try encode(image, format, to: target)
            smallest = min(smallest, encoded.count)
            if encoded.count <= limit.maxBytes {
                return ResizedImage(bytes: encoded, format: format, size: target, originalSize: original, changed: true)
            }
            let factor = (Double(limit.maxBytes) / Double(encoded.count)).squareRoot() * 0.9
            let next = PixelSize(width: max(1, Int(Double(target.width) * factor)), height: max(1, Int(Double(target.height) * factor)))
            if next == target { break }
            target = next
        }
        throw .cannotFit(format, smallest: smallest, limit: limit.maxBytes)
    }

    /// `size` scaled down (never up) to fit inside `box`, keeping its aspect ratio.
    static func scaled(_ size: PixelSize, toFit box: PixelSize?) -> PixelSize {
        guard let box, size.width > box.width || size.height > box.height else { return size }
        let scale = min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height))
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded(.down))),
                         height: max(1, Int((Double(size.height) * scale).rounded(.down))))
    }

    private static func decode(_ bytes: [UInt8], _ format: ImageFormat) throws(ImageResizeError) -> gdImagePtr {
        var copy = bytes
        let count = Int32(clamping: copy.count)
        let image: gdImagePtr? = copy.withUnsafeMutableBytes { raw in
            switch format {
            case .png: cgd_image_create_from_png(count, raw.baseAddress)
            case .jpeg: cgd_image_create_from_jpeg(count, raw.baseAddress)
            case .gif: cgd_image_create_from_gif(count, raw.baseAddress)
            case .webp: cgd_image_create_from_webp(count, raw.baseAddress)
            }
        }
        guard let image else { throw .undecodable(format) }
        return image
    }

    private static func encode(_ image: gdImagePtr, _ format: ImageFormat, to size: PixelSize) throws(ImageResizeError) -> [UInt8] {
        guard let scaled = cgd_image_scale(image, GD_BILINEAR_FIXED, UInt32(size.width), UInt32(size.height)) else {
            throw .encodingFailed(format)
        }
        defer { cgd_image_destroy(scaled) }
        // Keep transparency: write alpha as it is rather than blending it onto black.
        cgd_image_keep_alpha(scaled)
        var length: Int32 = 0
        let written: UnsafeMutableRawPointer? = switch format {
        case .png: cgd_image_png(scaled, &length, 9)
        case .jpeg: cgd_image_jpeg(scaled, &length, 85)
        // gd writes a true-colour image as GIF through its own 256-colour palette.
        case .gif: cgd_image_gif(scaled, &length)
        case .webp: cgd_image_webp(scaled, &length, 85)
        }
        guard let written, length > 0 else { throw .encodingFailed(format) }
        defer { cgd_free(written) }
        return Array(UnsafeRawBufferPointer(start: written, count: Int(length)))
    }
}
