import Synchronization

/// A count of rings that tasks can wait on without polling: "has anything happened since I last
/// looked?". A waiter reads `rings` before it looks at what it watches, then waits for a ring
/// after that count, so that a ring between its look and its wait is never lost.
public final class Doorbell: Sendable {
    private struct Waiter {
        var after: UInt64
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var rings: UInt64 = 0
        var nextToken: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
        /// Tokens whose task was cancelled before its waiter was registered.
        var cancelled: Set<UInt64> = []
    }

    private let state = Mutex(State())

    public init() {}

    public var rings: UInt64 { state.withLock { $0.rings } }

    /// Wakes every waiter whose count is now passed.
    public func ring() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.rings += 1
            let rings = state.rings
            let due = state.waiters.filter { $0.value.after < rings }
            for token in due.keys { state.waiters[token] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the bell has rung more than `after` times, or when the task is cancelled
    /// (a waiter that lost a race to another wake-up is cancelled, and must not hang).
    public func wait(after: UInt64) async {
        let token = state.withLock { state -> UInt64 in
            state.nextToken += 1
            return state.nextToken
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.rings > after || state.cancelled.remove(token) != nil { return true }
                    state.waiters[token] = Waiter(after: after, continuation: continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let waiter = state.waiters.removeValue(forKey: token) else {
                    state.cancelled.insert(token)
                    return nil
                }
                return waiter
            }
            waiter?.continuation.resume()
        }
    }
}
