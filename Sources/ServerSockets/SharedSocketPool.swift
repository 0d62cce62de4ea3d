import FlyingSocks
import Foundation

/// One socket pool for both of a sandbox's listeners (the forum's and the image host's).
///
/// Why: FlyingFox's epoll pool waits in `epoll_wait` on a dispatch thread for as long as it runs,
/// and libdispatch on Linux has a bounded number of threads (about 255). The in-process test run
/// starts many sandboxes at once; with a pool per listener they used up every thread and every
/// server stopped answering. Shared, a sandbox holds one thread, as it did with one port.
///
/// Each server's `run()` waits until that server is stopped (its task cancelled), or until the
/// real pool ends; the real pool is cancelled when the last server using it stops.
public actor SharedSocketPool<Pool: AsyncSocketPool>: AsyncSocketPool {
    private let pool: Pool
    private var prepared = false
    private var runner: Task<Void, Never>?
    private var ended: Result<Void, any Error>?
    private var users = 0
    private var waiting: [UUID: CheckedContinuation<Void, any Error>] = [:]
    private var cancelled: Set<UUID> = []

    public init(_ pool: Pool) {
        self.pool = pool
    }

    public func prepare() async throws {
        guard !prepared else { return }
        try await pool.prepare()
        prepared = true
    }

    public func run() async throws {
        if runner == nil {
            runner = Task { [pool] in
                let result: Result<Void, any Error>
                do { result = .success(try await pool.run()) } catch { result = .failure(error) }
                await self.finish(result)
            }
        }
        users += 1
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if let ended {
                    continuation.resume(with: ended)
                } else if cancelled.contains(id) {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiting[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.leave(id) }
        }
    }

    public func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }

    /// One server stopped: its `run()` ends; the last one out stops the real pool.
    private func leave(_ id: UUID) {
        cancelled.insert(id)
        waiting.removeValue(forKey: id)?.resume(throwing: CancellationError())
        users -= 1
        if users == 0 { runner?.cancel() }
    }

    private func finish(_ result: Result<Void, any Error>) {
        ended = result
        for continuation in waiting.values { continuation.resume(with: result) }
        waiting = [:]
    }
}
