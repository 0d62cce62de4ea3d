import FlyingSocks
import Foundation

/// FlyingFox's own socket pool, which also turns Nagle's algorithm off (TCP_NODELAY) on every
/// socket it is handed.
///
/// Why: FlyingFox writes a response's header and body in two writes. With Nagle on, the body
/// waits for the client to acknowledge the header, and a client that delays its ACK (Linux
/// does, ~40 ms) makes every answer on a kept-alive connection that slow. FlyingFox has no hook
/// for the listening or accepted sockets (the listening socket is made inside `HTTPServer.run`),
/// but every socket that has to wait passes through the pool: the listening socket before its
/// first accept, and each connection while it waits for a request. Linux copies TCP_NODELAY
/// from the listening socket to the sockets it accepts, so connections are covered from their
/// first byte; setting it again on a connection's own waits covers one accepted before that.
public struct NoDelaySocketPool<Pool: AsyncSocketPool>: AsyncSocketPool {
    public let pool: Pool

    public init(pool: Pool) { self.pool = pool }

    private static var noDelay: BoolSocketOption { BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY) }

    public func prepare() async throws { try await pool.prepare() }

    public func run() async throws { try await pool.run() }

    public func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // Not a TCP socket, or already closed: nothing to tune, and the pool reports the rest.
        try? socket.setValue(true, for: Self.noDelay)
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }
}
