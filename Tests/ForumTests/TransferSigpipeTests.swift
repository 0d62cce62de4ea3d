import CCurl
import Foundation
import Testing

/// A SIGPIPE raised on the thread of a transfer (libcurl warns it can, with CURLOPT_NOSIGNAL set)
/// must not end the process: `ccurl_easy_perform` blocks it for the transfer and takes it off.
/// The signal is raised for real, by the transfer's own write callback writing into a pipe whose
/// reader is gone; without the blocking, the test process dies of it.
@Suite struct TransferSigpipeTests {
    /// The write end of a pipe with no reader, for the callback (a C function cannot capture).
    nonisolated(unsafe) static var brokenPipe: Int32 = -1

    @Test func aSigpipeDuringATransferIsSwallowedAndTheTransferEnds() throws {
        let peer = try MisbehavingPeer(.answer(body: Array("hello".utf8)))
        defer { peer.stop() }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        Self.brokenPipe = ends[1]
        defer { close(ends[1]) }

        _ = ccurl_global_init(Int(CURL_GLOBAL_DEFAULT))
        let handle = try #require(ccurl_easy_init())
        defer { ccurl_easy_cleanup(handle) }
        _ = ccurl_setopt_string(handle, CURLOPT_URL, peer.baseURL.absoluteString)
        _ = ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_setopt_write_function(handle) { _, size, count, _ in
            var byte: UInt8 = 0x21
            _ = write(TransferSigpipeTests.brokenPipe, &byte, 1)  // EPIPE, and SIGPIPE on this thread
            return size * count
        }
        let code = ccurl_easy_perform(handle)
        #expect(code == CURLE_OK, "\(code)")
        // Nothing left pending to strike once the thread's mask is back.
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)
    }
}
