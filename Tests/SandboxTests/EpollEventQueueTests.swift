import FlyingSocks
import Foundation
@testable import ServerSockets
import Testing

/// The epoll queue under the servers' socket pool, on real sockets and a real epoll set.
///
/// The case it exists for: a waiting socket is cancelled and closed before the pool takes its
/// wait back (the taking back runs as a task of its own), and the next socket opened gets the same
/// number. FlyingSocks' own queue still believed the number registered, never told the kernel
/// about the new socket, and that connection was never answered.
@Suite struct EpollEventQueueTests {
    /// A connected pair of non-blocking Unix sockets.
    func pair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &fds) == 0 else {
            throw SocketError.makeFailed("socketpair")
        }
        return (fds[0], fds[1])
    }

    /// Puts `socket` at `number`, as `accept` would hand it the number of one just closed, and
    /// drops its own. `dup2` closes what `number` named and reuses the number in one step: the
    /// number is never free, so no other test running beside this one can be given it (an earlier
    /// close-then-reopen here once took another test's descriptor, and the run died of SIGPIPE).
    func move(_ socket: Int32, to number: Int32) throws {
        guard dup2(socket, number) == number else { throw SocketError.makeFailed("dup2") }
        close(socket)
    }

    enum LateRemoval: CaseIterable { case beforeTheNewWait, afterTheNewWait }

    @Test(arguments: LateRemoval.allCases)
    func aNumberReusedAfterAClosedWaitIsWaitedOnAgain(_ late: LateRemoval) throws {
        var queue = EpollEventQueue(maxEvents: 8, waitMilliseconds: 2000)
        try queue.open()
        defer { try? queue.close() }
        let (old, oldPeer) = try pair()
        defer { close(oldPeer) }
        let number = Socket.FileDescriptor(rawValue: old)
        try queue.addEvents(.read, for: number)
        // The waiting socket is closed: its number now names a socket nobody waits on.
        let (idle, idlePeer) = try pair()
        defer { close(idlePeer) }
        try move(idle, to: old)

        if late == .beforeTheNewWait { try queue.removeEvents(.read, for: number) }
        let (new, newPeer) = try pair()
        try move(new, to: old)
        defer { close(old); close(newPeer) }
        try queue.addEvents(.read, for: number)
        // The pool takes back only what no waiter still wants: nothing, since the new one wants reading.
        if late == .afterTheNewWait { try queue.removeEvents([], for: number) }

        #expect(write(newPeer, "x", 1) == 1)
        let ready = try queue.getNotifications()
        #expect(ready.map(\.file) == [number], "the new socket's wait reached the kernel")
        #expect(ready.first?.events == [.read])
        #expect(ready.first?.errors == [])
    }

    @Test func aHangUpWakesTheWaiterWithTheEnd() throws {
        var queue = EpollEventQueue(maxEvents: 8, waitMilliseconds: 2000)
        try queue.open()
        defer { try? queue.close() }
        let (socket, peer) = try pair()
        defer { close(socket) }
        try queue.addEvents(.write, for: Socket.FileDescriptor(rawValue: socket))
        _ = try queue.getNotifications()  // writable at once (edge-triggered: reported once)
        try queue.removeEvents(.write, for: Socket.FileDescriptor(rawValue: socket))
        try queue.addEvents(.read, for: Socket.FileDescriptor(rawValue: socket))
        close(peer)
        let ready = try queue.getNotifications()
        #expect(ready.map(\.file.rawValue) == [socket])
        #expect(ready.first?.events.contains(.read) == true, "a reader waiting is woken")
    }

    @Test func stopEndsAWaitInProgress() async throws {
        var queue = EpollEventQueue()
        try queue.open()
        let waiting = queue
        let ended = Task.detached { () -> (any Error)? in
            do { _ = try waiting.getNotifications(); return nil } catch { return error }
        }
        try queue.stop()
        let error = await ended.value
        #expect(error as? SocketError == .disconnected)
        try queue.close()
    }
}
