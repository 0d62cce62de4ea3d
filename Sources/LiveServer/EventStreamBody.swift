import FlyingSocks
import Foundation

/// The body of an `/events` response: each event's bytes as soon as it happens (FlyingFox sends
/// a body of unknown length chunked, a chunk per buffer). When the browser goes away, the
/// iterator is dropped and its subscription with it.
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let page: LivePage
    let id: UUID
    let events: AsyncStream<ServerEvent>

    func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator(), subscription: Subscription(page: page, id: id))
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<ServerEvent>.Iterator
        let subscription: Subscription
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                guard let event = await events.next() else { return nil }
                pending = event.bytes
            }
            let buffer = Array(pending.prefix(Swift.max(1, count)))
            pending.removeFirst(buffer.count)
            return buffer
        }
    }

    /// Ends the listener's place in `LivePage` when the response is over, however it ended.
    final class Subscription: Sendable {
        let page: LivePage
        let id: UUID

        init(page: LivePage, id: UUID) {
            self.page = page
            self.id = id
        }

        deinit {
            Task { [page, id] in await page.unsubscribe(id) }
        }
    }
}
