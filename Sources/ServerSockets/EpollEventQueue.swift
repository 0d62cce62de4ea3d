import CEpoll
import FlyingSocks
import Glibc

/// The epoll queue under FlyingSocks' `SocketPool`, telling the kernel every change.
///
/// Why not FlyingSocks' own `ePoll`: it remembers each descriptor's registration by number and
/// skips the call when nothing seems to change. A waiting socket that is cancelled and closed
/// (a server stopping, a connection timing out) is closed before the pool forgets it, since the
/// forgetting runs as a task of its own; the kernel drops a closed descriptor from epoll, the
/// memory keeps it, and the next connection handed the same number is never registered and never
/// answered (a sandbox's second server, under load, about one run in eight). Here the memory
/// only sums what the waiters on a descriptor want; the kernel is always told, and a descriptor it
/// has already dropped is added again (or, when no longer wanted, simply forgotten).
public struct EpollEventQueue: EventQueue, Sendable {
    private var file: Int32 = -1
    /// An eventfd in the epoll set: written to by `stop()` so that `epoll_wait` returns.
    private var canary: Int32 = -1
    private var wanted: [Socket.FileDescriptor: Socket.Events] = [:]
    private let maxEvents: Int
    /// How long one `epoll_wait` may wait: for ever in the servers; tests bound it.
    private let waitMilliseconds: Int32

    public init(maxEvents: Int = 20) {
        self.init(maxEvents: maxEvents, waitMilliseconds: -1)
    }

    init(maxEvents: Int, waitMilliseconds: Int32) {
        self.maxEvents = maxEvents
        self.waitMilliseconds = waitMilliseconds
    }

    public mutating func open() throws {
        wanted = [:]
        file = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard file >= 0 else { throw SocketError.makeFailed("epoll_create1") }
        canary = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard canary >= 0 else { throw SocketError.makeFailed("eventfd") }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = canary
        guard epoll_ctl(file, EPOLL_CTL_ADD, canary, &event) == 0 else { throw SocketError.makeFailed("epoll_ctl") }
    }

    public mutating func stop() throws {
        wanted = [:]
        guard canary >= 0 else { throw SocketError.disconnected }
        eventfd_write(canary, 1)
    }

    public mutating func close() throws {
        guard file >= 0 else { throw SocketError.disconnected }
        _ = Glibc.close(file)
        if canary >= 0 { _ = Glibc.close(canary) }
        file = -1
        canary = -1
    }

    /// `events` is everything the descriptor's waiters now want (`SocketPool` passes the union).
    public mutating func addEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        let now = (wanted[socket] ?? []).union(events)
        try register(now, for: socket)
        wanted[socket] = now
    }

    public mutating func removeEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        let now = (wanted[socket] ?? []).subtracting(events)
        if now.isEmpty {
            wanted[socket] = nil
            var unused = epoll_event()
            // ENOENT/EBADF: closed already, so the kernel has dropped it; nothing is left to undo.
            if epoll_ctl(file, EPOLL_CTL_DEL, socket.rawValue, &unused) != 0, errno != ENOENT, errno != EBADF {
                throw SocketError.makeFailed("epoll_ctl EPOLL_CTL_DEL")
            }
        } else {
            try register(now, for: socket)
            wanted[socket] = now
        }
    }

    /// MOD first; a descriptor epoll does not hold (new, or closed and its number reused) is added.
    private func register(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        var event = epoll_event()
        event.events = Self.mask(events)
        event.data.fd = socket.rawValue
        if epoll_ctl(file, EPOLL_CTL_MOD, socket.rawValue, &event) == 0 { return }
        guard errno == ENOENT else { throw SocketError.makeFailed("epoll_ctl EPOLL_CTL_MOD") }
        guard epoll_ctl(file, EPOLL_CTL_ADD, socket.rawValue, &event) == 0 else {
            throw SocketError.makeFailed("epoll_ctl EPOLL_CTL_ADD")
        }
    }

    /// Edge-triggered, as FlyingSocks' own queue: each readiness is reported once, and a waiter
    /// that finds nothing to read waits again.
    private static func mask(_ events: Socket.Events) -> UInt32 {
        var mask = EPOLLET.rawValue
        if events.contains(.read) { mask |= EPOLLIN.rawValue }
        if events.contains(.write) { mask |= EPOLLOUT.rawValue }
        return mask
    }

    public func getNotifications() throws -> [EventNotification] {
        guard canary >= 0 else { throw SocketError.disconnected }
        var events = [epoll_event](repeating: epoll_event(), count: maxEvents)
        let count = epoll_wait(file, &events, Int32(maxEvents), waitMilliseconds)
        guard count >= 0 else {
            // A signal is not a failure: the pool asks again.
            if errno == EINTR { return [] }
            throw SocketError.makeFailed("epoll_wait")
        }
        if events.prefix(Int(count)).contains(where: { $0.data.fd == canary }) { throw SocketError.disconnected }
        return events.prefix(Int(count)).map(notification)
    }

    private func notification(_ event: epoll_event) -> EventNotification {
        let file = Socket.FileDescriptor(rawValue: event.data.fd)
        var ready = Socket.Events()
        if event.events & EPOLLIN.rawValue != 0 { ready.insert(.read) }
        if event.events & EPOLLOUT.rawValue != 0 { ready.insert(.write) }
        var errors = Set<EventNotification.Error>()
        // A hang-up with nothing left to read is the end; with bytes left, the reader finds them first.
        if ready.isEmpty, event.events & (EPOLLHUP.rawValue | EPOLLRDHUP.rawValue) != 0 { errors.insert(.endOfFile) }
        if event.events & EPOLLERR.rawValue != 0 { errors.insert(.error) }
        // An error or hang-up wakes every waiter on the descriptor, whatever it waits for.
        if ready.isEmpty, !errors.isEmpty { ready = [.read, .write] }
        return EventNotification(file: file, events: ready, errors: errors)
    }
}

public extension AsyncSocketPool where Self == SocketPool<EpollEventQueue> {
    /// FlyingSocks' socket pool over `EpollEventQueue`.
    static func epoll() -> SocketPool<EpollEventQueue> {
        SocketPool(queue: EpollEventQueue())
    }
}
