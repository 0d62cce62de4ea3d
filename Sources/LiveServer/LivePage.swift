import Foundation

/// The page as last drawn, its version, and the open `/events` streams told of each new version.
actor LivePage {
    private(set) var html: String
    private(set) var version = 1
    private var listeners: [UUID: AsyncStream<ServerEvent>.Continuation] = [:]
    private var state = State.open

    private enum State {
        case open
        case closed
    }

    init(html: String) {
        self.html = html
    }

    /// Keeps `html` and tells every listener, unless it is the page already shown (a save that
    /// changed nothing, or one change seen as several events).
    func update(_ html: String) {
        guard html != self.html else { return }
        self.html = html
        version += 1
        for listener in listeners.values { listener.yield(.changed(version: version)) }
    }

    /// A stream that starts with the current version (so a page that missed a change while it
    /// connected redraws) and ends when the preview stops.
    func subscribe() -> (id: UUID, events: AsyncStream<ServerEvent>) {
        let id = UUID()
        let (events, continuation) = AsyncStream<ServerEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.yield(.hello(version: version))
        switch state {
        case .open: listeners[id] = continuation
        case .closed: continuation.finish()
        }
        return (id, events)
    }

    func unsubscribe(_ id: UUID) {
        listeners.removeValue(forKey: id)?.finish()
    }

    /// A comment line to every stream, so a browser that went away is noticed (its write fails).
    func keepAlive() {
        for listener in listeners.values { listener.yield(.keepAlive) }
    }

    func close() {
        state = .closed
        for listener in listeners.values { listener.finish() }
        listeners.removeAll()
    }
}

/// What `/events` sends, in the text/event-stream format.
enum ServerEvent: Sendable {
    case hello(version: Int)
    case changed(version: Int)
    case keepAlive

    var bytes: [UInt8] {
        switch self {
        // `retry`: reconnect quickly after a hiccup; the page redraws if it missed a version.
        case .hello(let version): Array("retry: 500\nevent: hello\ndata: \(version)\n\n".utf8)
        case .changed(let version): Array("event: change\ndata: \(version)\n\n".utf8)
        case .keepAlive: Array(": keep-alive\n\n".utf8)
        }
    }
}
