import Common
import Foundation
import Outbox

/// How a run of the sender ended, for the exit status: the notes before it said what happened.
/// Every command that sends ends with this.
public struct ConcludeSend: Sendable {
    let local: LocalContext

    public init(_ local: LocalContext) {
        self.local = local
    }

    /// Throws for a run that did not get everything out; returns the signal that stopped the run,
    /// if one did (the command line turns it into the signal's exit status).
    public func run(_ summary: SendSummary) throws -> String? {
        let outbox = Outbox(store: local.store)
        if let signal = summary.stoppedBy {
            if summary.leftReported { return signal }
            local.console.note("stopped by \(signal)" + (summary.waiting.isEmpty ? "" : "; \(Self.items(summary.waiting)) for the next `missive send`"))
            return signal
        }
        if let profile = summary.notLoggedIn.first { throw OutboxError.notLoggedIn(profile: profile) }
        if let profile = summary.botCheck.first { throw OutboxError.botCheck(profile: profile) }
        if !summary.failed.isEmpty {
            throw UseCaseError(.failure, Self.failedMessage(summary.failed, item: { try? outbox.item($0) }))
        }
        if !summary.waiting.isEmpty {
            throw UseCaseError(.tempFailure, Self.heldMessage(try summary.waiting.map(outbox.item)))
        }
        if summary.sent.isEmpty, summary.cancelled.isEmpty { local.console.note(try Self.nothingDue(outbox)) }
        return nil
    }

    /// What failed and what would help: a refusal names its remedy (sending it again unchanged
    /// cannot help, so `queue retry` is never offered for it); the rest may be tried again.
    static func failedMessage(_ ids: [Int64], item: (Int64) -> OutboxItem?) -> String {
        var refused: [String] = []
        var retryable: [Int64] = []
        for id in ids {
            if let item = item(id), case let .failed(reason) = item.state, case .unsettled = reason {
                // Not refused, and not to be sent again blindly: it may be on the forum.
                refused.append("item \(id) may be on the forum: \(reason)")
            } else if let item = item(id), case let .failed(reason) = item.state, let remedy = reason.remedy(draft: item.draftID) {
                refused.append("item \(id) was refused (\(reason)): \(remedy)")
            } else {
                retryable.append(id)
            }
        }
        if !retryable.isEmpty {
            refused.append("\(items(retryable, verb: ("failed", "failed"))); `missive queue show ID` says why, `missive queue retry ID` tries again")
        }
        return refused.joined(separator: "; ")
    }

    /// "item 3 waits", "items 3, 4 wait": the ids with the noun and the verb agreeing.
    static func items(_ ids: [Int64], verb: (one: String, many: String) = ("waits", "wait")) -> String {
        let list = ids.map(String.init).joined(separator: ", ")
        return ids.count == 1 ? "item \(list) \(verb.one)" : "items \(list) \(verb.many)"
    }

    /// "Nothing is due", and which item is scheduled next and when, if one is.
    static func nothingDue(_ outbox: Outbox) throws -> String {
        let scheduled = try outbox.listing(states: ["queued"]).map { try outbox.item($0.id) }
        guard let next = scheduled.min(by: { ($0.state.due ?? .distantFuture) < ($1.state.due ?? .distantFuture) }),
              let due = next.state.due
        else { return "nothing is due" }
        return "nothing is due; next: \(next.title), scheduled for \(Sender.clockTime(due)) "
            + "(`missive send --watch` sends it then, `missive queue reschedule \(next.id) --at now` sooner)"
    }

    /// What waits, why and until when: each held item's state, and for one queued behind
    /// another at its place (a thread, Sent Items), the item it waits for. The first few by
    /// name, then a count.
    static func heldMessage(_ items: [OutboxItem]) -> String {
        let shown = 5
        var holders: [String: OutboxItem] = [:]
        for item in items where ["unknown", "retrying", "sending"].contains(item.state.name) {
            let place = item.profile + " " + item.command.targetKey
            if holders[place].map({ item.id < $0.id }) ?? true { holders[place] = item }
        }
        let lines = items.prefix(shown).map { item in
            var line = "\(item.title) is \(item.state.name)" + (item.state.due.map { " until \(Sender.clockTime($0))" } ?? "")
            if let holder = holders[item.profile + " " + item.command.targetKey], holder.id != item.id {
                line += ", behind item \(holder.id) (\(holder.state.name))"
            }
            return line
        }
        let more = items.count > shown ? "; and \(items.count - shown) more (`missive queue list`)" : ""
        return "\(counted(items.count, "item")) \(items.count == 1 ? "waits" : "wait"): " + lines.joined(separator: "; ") + more
            + "; run `missive send` again later, or `missive send --watch`"
    }
}
