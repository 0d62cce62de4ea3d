import Foundation
import LivePreview
import Testing

/// `/events` tells the open page of each save, however the editor saves. (How soon is a figure
/// of `scripts/bench-live.sh`; the bounds here only leave a loaded machine room.)
@Suite struct LivePreviewEventTests {
    @Test func aSaveByRenameIsAnnounced() async throws {
        try await announced { try $0.saveByRename("second version, renamed into place") }
    }

    @Test func anInPlaceWriteIsAnnounced() async throws {
        try await announced { try $0.saveInPlace("second version, written in place") }
    }

    private func announced(by save: (PreviewFixture) throws -> Void) async throws {
        let fixture = try await PreviewFixture()
        defer { Task { await fixture.finish() } }
        let events = try RawHTTP.Connection(port: fixture.port, target: "/events?token=\(fixture.token)", host: "127.0.0.1:\(fixture.port)")
        #expect(await events.read(until: Date().addingTimeInterval(5)) { $0.contains("event: hello\ndata: 1\n\n") }, "\(events.text)")
        #expect(events.text.contains("content-type: text/event-stream") || events.text.contains("Content-Type: text/event-stream"))
        let saved = Date()
        try save(fixture)
        #expect(await events.read(until: saved.addingTimeInterval(15)) { $0.contains("event: change\ndata: 2\n\n") }, "\(events.text)")
        let page = try await RawHTTP.get(port: fixture.port, target: "/page?token=\(fixture.token)")
        #expect(page.body.contains("<p>second version"), "\(page.body)")
    }

    /// A save that leaves the page as it was (`:w` twice) sends no event: the page has nothing to redraw.
    @Test func aSaveThatChangesNothingIsNotAnnounced() async throws {
        let fixture = try await PreviewFixture(text: "same")
        defer { Task { await fixture.finish() } }
        let events = try RawHTTP.Connection(port: fixture.port, target: "/events?token=\(fixture.token)", host: "127.0.0.1:\(fixture.port)")
        #expect(await events.read(until: Date().addingTimeInterval(5)) { $0.contains("event: hello") })
        try fixture.saveByRename("same")
        #expect(await !events.read(until: Date().addingTimeInterval(0.5)) { $0.contains("event: change") }, "\(events.text)")
        try fixture.saveByRename("different")
        #expect(await events.read(until: Date().addingTimeInterval(15)) { $0.contains("event: change\ndata: 2") }, "\(events.text)")
    }

    @Test func stoppingEndsTheEventStreamAndTheListener() async throws {
        let fixture = try await PreviewFixture()
        let events = try RawHTTP.Connection(port: fixture.port, target: "/events?token=\(fixture.token)", host: "127.0.0.1:\(fixture.port)")
        #expect(await events.read(until: Date().addingTimeInterval(5)) { $0.contains("event: hello") })
        let port = fixture.port
        await fixture.finish()
        // The chunked body's last chunk, or the connection closed: either way the stream is over.
        _ = await events.read(until: Date().addingTimeInterval(2)) { $0.hasSuffix("0\r\n\r\n") }
        #expect(events.isClosed || events.text.hasSuffix("0\r\n\r\n"), "\(events.text)")
        await #expect(throws: RawHTTP.Failure.self) { _ = try await RawHTTP.get(port: port, target: "/") }
    }
}
