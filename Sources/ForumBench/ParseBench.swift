import CLibXML2
import Forum
import Foundation

/// `forum-bench parse-html PARSER FILE COUNT`: parses FILE (a saved page, windows-1252 unless its
/// `<meta>` says otherwise) COUNT times with PARSER and prints the rate and the process's peak
/// memory, for scripts/bench-html.sh. PARSER is `document` (Forum's `HTMLDocument`, what Missive
/// uses) or `libxml2` (libxml2's HTML4 `htmlReadMemory` on the same bytes, the reference).
/// Each parser runs in a process of its own so that the peak memory is its own.
enum ParseBench {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, ["document", "libxml2"].contains(arguments[0]), let count = Int(arguments[2]), count > 0,
            let data = FileManager.default.contents(atPath: arguments[1])
        else {
            FileHandle.standardError.write(Data("usage: forum-bench parse-html document|libxml2 FILE COUNT\n".utf8))
            return 64
        }
        let bytes = [UInt8](data)
        let before = ForumBench.memory().peak
        let start = ContinuousClock.now
        var parsed = 0
        for _ in 0..<count {
            if arguments[0] == "document" ? parseDocument(bytes) : parseReference(bytes) { parsed += 1 }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let peak = ForumBench.memory().peak
        print(String(format: "%@: %d pages of %d bytes in %.3f s = %.1f pages/s; peak RSS %d KiB (%d KiB before parsing)",
                     arguments[0], count, bytes.count, seconds, Double(count) / seconds, peak, before))
        return parsed == count ? 0 : 1
    }

    private static func parseDocument(_ bytes: [UInt8]) -> Bool {
        HTMLDocument(bytes: bytes, url: URL(string: "https://forums.example/showthread.php?threadid=3500001")) != nil
    }

    private static let parserReady: Void = xmlInitParser()

    /// libxml2's own parser with the options Missive used with it, on the bytes as they came.
    private static func parseReference(_ bytes: [UInt8]) -> Bool {
        _ = parserReady
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "windows-1252", options)
                }
            }
        }
        guard let document else { return false }
        xmlFreeDoc(document)
        return true
    }
}
