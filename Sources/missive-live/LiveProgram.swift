import Foundation
import LivePreview
import LiveServer
#if canImport(Glibc)
import Glibc
#endif

/// `missive-live --port N`: the live preview's HTTP server, started by `missive preview --live`
/// and `reply|pm|thread|edit-post --live` (see `LivePreviewServer`), never by a person. It reads
/// pages from standard input (`PageFrames`), serves the latest, writes its address as the first
/// line of standard output (or `error: REASON`, exiting 75 when the port is taken and 69 when it
/// cannot listen otherwise), and ends when its input does.
@main
struct LiveProgram {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 2, arguments[0] == "--port", let port = UInt16(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: missive-live --port N (started by missive preview --live; pages on stdin)\n".utf8))
            exit(64)
        }
        let input = PageFrames.Reader(descriptor: 0)
        // The first page is there before the address is given, so nobody is ever served nothing.
        guard let first = input.next() else { exit(0) }
        let listener: LiveListener
        do {
            listener = try await LiveListener.start(port: port, html: first)
        } catch {
            say("error: \(error.description)")
            exit(error == .portInUse(port) ? 75 : 69)
        }
        say(listener.address.absoluteString)
        for await page in pages(after: input) { await listener.update(page) }
        await listener.stop()
        exit(0)
    }

    /// The pages still to come, read on a thread of their own (the read blocks); the stream ends
    /// with the input.
    private static func pages(after input: PageFrames.Reader) -> AsyncStream<String> {
        let (pages, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
        nonisolated(unsafe) let reader = input
        let thread = Thread {
            while let page = reader.next() { continuation.yield(page) }
            continuation.finish()
        }
        thread.name = "missive-live pages"
        thread.start()
        return pages
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
