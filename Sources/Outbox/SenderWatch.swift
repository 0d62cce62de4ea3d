import Foundation
import Store

/// `send --watch`: what a watcher tells about the queue (at the start, on every change another
/// process makes, and what it leaves when stopped), and how it waits without costing anything:
/// asleep until the next due time, a commit to the store by another process, or a stop request.
extension Sender {
    /// Reads the queue and tells what others changed since the last read; the first read tells
    /// what the watch starts with.
    func noticeChanges(now: Date) throws {
        let current = try QueueSnapshot.read(store)
        defer {
            seenQueue = current
            movedByMe = []
        }
        guard let previous = seenQueue else {
            let next = current.items.values.filter { $0.state.kind != .sending && $0.state.due != nil }
                .min { ($0.state.due ?? now, $0.id) < ($1.state.due ?? now, $1.id) }
            progress.watchStarted(next: next, held: current.items.values.count { $0.state.kind == .held })
            return
        }
        let outbox = Outbox(store: store)
        for change in current.changes(since: previous, skipping: movedByMe, finished: { try? outbox.item($0) }) {
            progress.queueChanged(change)
        }
    }

    /// Sleeps until `next` (nil: nothing is due), a change to the store, or a stop request.
    /// Without a change signal (no inotify) it looks again every `settings.poll` seconds.
    func watchWait(until next: (Date, String)?, mark: UInt64?) async {
        var deadline = next?.0
        if changes == nil { deadline = min(deadline ?? .distantFuture, now().addingTimeInterval(settings.poll)) }
        let reason = next.flatMap { deadline == $0.0 ? $0.1 : nil } ?? ""
        var shown = false
        while stop.requested == nil {
            let now = now()
            var step: TimeInterval?
            if let deadline {
                let remaining = deadline.timeIntervalSince(now)
                if remaining <= 0 { break }
                step = remaining
                if !reason.isEmpty {
                    progress.waiting(until: deadline, reason: reason, now: now)
                    shown = true
                    // A terminal's countdown: redrawn each second in the last minute, each minute before.
                    step = remaining > 61 ? min(remaining - 60, 60) : min(remaining, 1)
                }
            }
            if await sleepOrChange(step, mark: mark) { break }
        }
        if shown { progress.waitEnded() }
    }

    /// Sleeps `seconds` (nil: until woken) on the sender's clock; true when a commit to the store
    /// (after `mark`) ended it, false at the time or on a stop request.
    private func sleepOrChange(_ seconds: TimeInterval?, mark: UInt64?) async -> Bool {
        let clock = clock, stop = stop, bell = changes?.bell
        return await withTaskGroup(of: Bool.self) { group in
            if let seconds {
                group.addTask {
                    try? await clock.sleep(.milliseconds(Int(max(0, seconds) * 1_000) + 1))
                    return false
                }
            }
            if let bell, let mark {
                group.addTask {
                    await bell.wait(after: mark)
                    return !Task.isCancelled
                }
            }
            group.addTask {
                await stop.wait()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// A stopped watch says what stays in the queue, each item as it stands.
    func reportLeft(stoppedBy signal: String) throws {
        let left = try QueueSnapshot.read(store).items.values.sorted { $0.id < $1.id }
        progress.watchStopped(by: signal, left: left)
    }
}
