/// Whether an image holds more than one frame: an animated GIF (two or more image descriptors),
/// an APNG (an `acTL` chunk before the image data) or an animated WebP (the VP8X animation flag,
/// or `ANIM`/`ANMF` chunks). Read from the bytes' block structure alone, without decoding; a
/// structure that ends early reads as what was seen so far.
public enum ImageAnimation {
    public static func isAnimated(_ bytes: [UInt8], format: ImageFormat) -> Bool {
        switch format {
        case .gif: gifFrameCount(bytes) > 1
        case .png: pngHasAnimationControl(bytes)
        case .webp: webpIsAnimated(bytes)
        case .jpeg: false
        }
    }

    /// Image descriptors (0x2C) between the screen descriptor and the trailer.
    static func gifFrameCount(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 13 else { return 0 }
        var index = 13 + colorTableLength(bytes[10])
        var frames = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x21: // extension: a label, then sub-blocks
                index = skipSubBlocks(bytes, from: index + 2)
            case 0x2C: // image descriptor: 9 bytes, a local color table, the LZW code size, sub-blocks
                frames += 1
                guard index + 10 <= bytes.count else { return frames }
                index += 10 + colorTableLength(bytes[index + 9])
                index = skipSubBlocks(bytes, from: index + 1)
            default: // 0x3B, the trailer, or anything a decoder would stop at
                return frames
            }
        }
        return frames
    }

    private static func colorTableLength(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != 0 { index += Int(bytes[index]) + 1 }
        return index + 1
    }

    private static func pngHasAnimationControl(_ bytes: [UInt8]) -> Bool {
        var index = 8
        while index + 8 <= bytes.count {
            let length = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            if type == "acTL" { return true }
            if type == "IDAT" || type == "IEND" { return false }
            index += 12 + length
        }
        return false
    }

    private static func webpIsAnimated(_ bytes: [UInt8]) -> Bool {
        var index = 12
        while index + 8 <= bytes.count {
            let type = String(decoding: bytes[index..<(index + 4)], as: UTF8.self)
            let length = bytes[(index + 4)..<(index + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            if type == "ANIM" || type == "ANMF" { return true }
            if type == "VP8X", index + 8 < bytes.count, bytes[index + 8] & 0x02 != 0 { return true }
            index += 8 + length + length % 2
        }
        return false
    }
}
