import Application
import ArgumentParser
import Common
import Foundation
import Outbox

extension QueueCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one outbox item: its state, the BBCode it sends, and every attempt with its evidence.")

        @Argument(help: ArgumentHelp("The outbox item id, or a draft as dN (its newest item).", valueName: "item|dN"))
        var item: ItemReference

        @Flag(name: .long, help: "Print JSON for scripts.")
        var json = false

        func run() async throws {
            let workspace = try Workspace.open()
            let detail = try workspace.showQueueItem().run(item)
            if json { return try printJSON(QueueItemJSON(detail)) }
            let found = detail.item
            let attempts = detail.attempts
            var lines = [found.draftID.map { "item \(found.id) (draft d\($0)): \(found.command.summary)" } ?? found.title, "state:    \(Self.describe(found.state, kind: found.command.kind, now: workspace.now))"]
            if let draft = found.draftID {
                var line = "draft:    d\(draft), revision \(found.draftRevision ?? 0)"
                if let current = detail.draftRevisionNow, current != found.draftRevision {
                    line += " (the draft is at revision \(current) now: queue it again to send that)"
                }
                lines.append(line)
            }
            lines.append("profile:  \(found.profile)")
            if let error = found.lastError { lines.append("last:     \(error)") }
            if let by = found.undoneBy { lines.append("undone by item \(by)") }
            // Flood waits are the forum asking for a pause, not failed attempts: counted apart.
            let floodWaits = attempts.count { $0.outcome == OutboxAttemptRow.floodWait }
            lines.append("attempts: \(attempts.count - floodWaits)" + (floodWaits == 0 ? "" : floodWaits == 1 ? " (and 1 flood wait)" : " (and \(floodWaits) flood waits)"))
            for attempt in attempts {
                let outcome = attempt.outcome ?? (attempt.finishedAt == nil ? "in flight" : "?")
                lines.append("  \(Timestamp.local(attempt.startedAt, now: workspace.now))  \(attempt.action.rawValue): \(outcome)"
                    + (attempt.evidence.map { " — \($0)" } ?? ""))
            }
            if !detail.images.isEmpty { lines.append("images:   \(detail.images.count)") }
            for image in detail.images {
                let state = switch image.state {
                case .pending: "pending (uploaded when it is sent)"
                case let .uploading(since): "uploading since \(Timestamp.local(since, now: workspace.now)) (the host is asked before any new upload)"
                case let .uploaded(hosted, _): "uploaded: \(hosted.url.absoluteString)"
                case let .deleted(hosted, _, _): "taken down: \(hosted.url.absoluteString)"
                }
                lines.append("  \(image.target): \(state)")
            }
            lines += ["", found.command.bbcode]
            Console.print(lines.joined(separator: "\n"))
        }

        /// The state in words, its time local and relative as in tables.
        static func describe(_ state: OutboxState, kind: String, now: Date) -> String {
            func time(_ date: Date) -> String { Timestamp.local(date, now: now) }
            return switch state {
            case let .pending(until): "pending (undo window) until \(time(until))"
            case let .queued(due) where due < now.addingTimeInterval(-1):
                "queued for \(time(due)), overdue by \(LocalClock.span(now.timeIntervalSince(due))): the next `missive send` sends it"
            case let .queued(due): "queued for \(time(due))"
            case let .held(because?): "held: \(because) (`missive queue release` sends it)"
            case .held: "held (`missive queue release` lets it go)"
            case let .sending(owner, leaseUntil): "being sent by \(owner) (lease until \(time(leaseUntil)))"
            case let .retrying(next, because) where because.isFlood: "waiting for the forum's flood control until \(time(next))"
            case let .retrying(next, because): "retrying at \(time(next))" + (because.description.isEmpty ? "" : " (\(because))")
            case let .unknown(reason, checkAt):
                "unknown: \(reason); checked with the forum before any retry" + (checkAt.map { ", from \(time($0))" } ?? "")
            case let .sent(postID, url): "sent" + (postID.map { ": \(kind == "pm" ? "private message" : "post") \($0)" } ?? "") + (url.map { " \($0)" } ?? "")
            case let .failed(reason): "failed: \(reason)"
            case .cancelled: "cancelled"
            case let .handed(to, remoteItem?): "handed to \(to) as its item \(remoteItem) (`missive queue list --refresh` asks how it stands there)"
            case let .handed(to, nil): "being handed to \(to), unsettled: `missive queue list --refresh` asks \(to) about it"
            }
        }
    }
}
