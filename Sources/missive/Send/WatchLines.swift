import Application
import Common
import Foundation
import Outbox

/// What `missive send --watch` says about the queue: where it watches and what is next, each
/// change another process makes ("item 5 (draft d6) queued, due ..."), and what it leaves when
/// stopped, each item with why it stays.
extension SendProgressLines {
    func watchStarted(next: OutboxItem?, held: Int) {
        let now = Date()
        var text = "watching \(watching): "
        if let next, let due = next.state.due {
            text += "next is \(Self.label(next)), \(Self.standing(next, due: due, now: now))"
        } else {
            text += "nothing is queued"
        }
        if held > 0 { text += "; \(held) held (`missive queue release ID` lets one go)" }
        line(text)
    }

    func queueChanged(_ change: QueueChange) {
        let item = change.item, now = Date()
        let due = item.state.due.map { Timestamp.local($0, now: now) } ?? "now"
        let text = switch change {
        case .queued where item.state == .held(because: nil): "queued and held: not sent until `missive queue release \(item.id)`"
        case .queued: "queued, due \(due)"
        case .cancelled: "cancelled (`missive undo` or `queue cancel`): it will not be sent"
        case .held where item.state.heldReason != nil:
            "held (\(item.state.heldReason?.description ?? "")): not sent until `missive queue release \(item.id)`"
        case .held: "held: not sent until `missive queue release \(item.id)`"
        case .released: "released, due \(due)"
        case .rescheduled: "rescheduled, due \(due)"
        case .sentElsewhere: "sent by another sender"
        case .other: "is \(item.state.name) now" + (item.state.due.map { " (until \(Timestamp.local($0, now: now)))" } ?? "")
        }
        line("\(Self.label(item)) \(text)")
    }

    func watchStopped(by signal: String, left: [OutboxItem]) {
        let now = Date()
        guard !left.isEmpty else {
            line("stopped by \(signal); nothing is left queued")
            return
        }
        let items = left.map { item in
            Self.label(item) + " " + (item.state.due.map { Self.standing(item, due: $0, now: now) } ?? item.state.name)
        }
        line("stopped by \(signal): \(left.count) \(left.count == 1 ? "item" : "items") left queued: "
            + items.joined(separator: ", "))
    }

    /// "item 5 (draft d6)": both ids, since they drift apart, the draft as commands take it (`queue
    /// hold d6`); what it sends when it has no draft.
    static func label(_ item: OutboxItem) -> String {
        "item \(item.id) (" + (item.draftID.map { "draft d\($0)" } ?? item.command.summary) + ")"
    }

    /// Why an item with a time waits, and until when.
    static func standing(_ item: OutboxItem, due: Date, now: Date) -> String {
        let time = Timestamp.local(due, now: now)
        return switch item.state {
        case let .retrying(_, because) where because.isFlood: "waiting for the forum's flood control until \(time)"
        case .retrying: "retrying at \(time)"
        case .pending: "in its undo window until \(time)"
        // Its time passed while no sender ran: it goes out now (or is held, past the late limit).
        case .queued where due < now.addingTimeInterval(-1):
            "overdue by \(LocalClock.span(now.timeIntervalSince(due))) (due \(LocalClock.time(due, now: now)))"
        case .unknown: "checked with the forum at \(time) before anything is sent again"
        case .sending: "being sent (lease until \(time))"
        default: "due \(time)"
        }
    }
}
