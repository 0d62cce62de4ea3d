import Foundation
import LivePreview
import Testing

/// The pages missive hands `missive-live`: a length, a newline, the bytes; read back whole however
/// the pipe splits them, and nothing made of a frame cut short.
@Suite struct PageFramesTests {
    /// Writes `bytes` into a pipe `chunk` bytes at a time (on a thread: a pipe holds 64 KiB) and
    /// reads frames from the other end until the input ends.
    static func roundTrip(_ bytes: [UInt8], chunk: Int) -> [String] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return ["no pipe"] }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let count = min(chunk, bytes.count - offset)
                let wrote = bytes[offset..<(offset + count)].withUnsafeBytes { write(writeEnd, $0.baseAddress, count) }
                guard wrote > 0 else { break }
                offset += wrote
            }
            close(writeEnd)
        }
        writer.start()
        let reader = PageFrames.Reader(descriptor: readEnd)
        var pages: [String] = []
        while let page = reader.next() { pages.append(page) }
        // The reader stops at a bad length with bytes still to come: take the rest before closing,
        // or the writer writes into a pipe with no reader and SIGPIPE ends the whole test process.
        var rest = [UInt8](repeating: 0, count: 4_096)
        while read(readEnd, &rest, rest.count) > 0 {}
        close(readEnd)
        return pages
    }

    @Test(arguments: [1, 7, 4_096, 1 << 20])
    func framesComeBackWholeHoweverTheyAreSplit(chunk: Int) {
        let pages = ["<p>one</p>", "", "ü € 😀\n\n10\nnot a length", String(repeating: "x", count: 200_000), "last"]
        let bytes = pages.flatMap(PageFrames.encode)
        #expect(Self.roundTrip(bytes, chunk: chunk) == pages)
    }

    @Test func aFrameCutShortIsNotAPage() {
        let whole = PageFrames.encode("complete")
        let cut = Array(PageFrames.encode("cut short").dropLast(3))
        #expect(Self.roundTrip(whole + cut, chunk: 5) == ["complete"])
        #expect(Self.roundTrip(Array("12x\nabc".utf8), chunk: 3) == [])
    }
}
