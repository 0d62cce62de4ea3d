import Forum
import Foundation
import GRDB
import Testing
@testable import Outbox
@testable import Store

/// Migration "v14 forum reasons" on a store as v13 left it: reasons stored as this Missive wrote
/// them before `Reason` held the adapter's `Rejection` and `RetryReason` read as the same reasons,
/// with the same codes and words, in items and in the history `missive undo` reads.
@Suite struct ForumReasonsMigrationTests {
    static let until = Date(timeIntervalSinceReferenceDate: 815_000_000)

    /// id, state, reasonCode, reasonValues (as v13 wrote them), and the reason they are now.
    static let stored: [(Int, String, String, String, Reason)] = [
        (1, "failed", "closed", #"{"closed":{}}"#, .rejected(.threadClosed)),
        (2, "failed", "banned", #"{"banned":{"url":"https:\/\/forums.example\/banlist.php?userid=7"}}"#,
         .rejected(.banned(reason: URL(string: "https://forums.example/banlist.php?userid=7")))),
        (3, "retrying", "flood", #"{"flood":{"interval":30,"message":"You must wait 30 seconds.","wait":12}}"#,
         .retryLater(.floodControl("You must wait 30 seconds.", interval: 30))),
        (4, "retrying", "retry-after", #"{"retryAfter":{"because":{"serverError":{"status":503}},"seconds":120}}"#,
         .retryAfter(seconds: 120, because: .retryLater(.serverError(status: 503)))),
        (5, "failed", "gave-up", #"{"gaveUp":{"attempts":5,"last":{"unreachable":{"_0":"no route"}}}}"#,
         .gaveUp(attempts: 5, last: .retryLater(.unreachable("no route")))),
        (6, "retrying", "session-expired", #"{"sessionExpired":{}}"#, .rejected(.notLoggedIn)),
        (7, "failed", "probation", #"{"probation":{"message":"on probation","until":815000000}}"#,
         .rejected(.probation(until: until, message: "on probation"))),
        (8, "unknown", "not-arrived", #"{"notArrived":{"after":{"databaseError":{"_0":"db down"}}}}"#,
         .notArrived(after: .retryLater(.databaseError("db down")))),
        (9, "failed", "no-permission", #"{"noPermission":{"_0":"you may not"}}"#, .rejected(.noPermission("you may not"))),
        (10, "failed", "sender-stopped", #"{"senderStopped":{"owner":"host (pid 1)"}}"#, .senderStopped(owner: "host (pid 1)")),
    ]

    @Test func reasonsAndHistoryWrittenBeforeReadAsTheSameReasons() throws {
        let command = try ForumCommand.reply(threadID: 3, bbcode: "hi").encoded()
        let stamp = "2026-11-20 08:30:00.000"

        let old = try OlderStore(upTo: "v13 edit base") { db in
            for (id, state, code, values, _) in Self.stored {
                try db.execute(sql: """
                    INSERT INTO outbox_item (id, profile, kind, target, targetKey, command, idempotencyKey, state, due,
                                             detail, reasonCode, reasonValues, failures, lastError, createdAt, updatedAt)
                    VALUES (?, 'sandbox', 'reply', 'reply to thread 3', 'thread/3', ?, ?, ?, ?, 'words', ?, ?, 1, 'words', ?, ?)
                    """, arguments: [id, command, "key/\(id)", state, state == "failed" ? nil : stamp, code, values, stamp, stamp])
            }
            // `queue cancel` of the failed item 1, as v13's history kept it.
            try db.execute(sql: """
                INSERT INTO command (kind, summary, payload, state, createdAt) VALUES ('outbox.cancel', 'cancel item 1', ?, 'done', ?)
                """, arguments: [#"{"steps":[{"item":1,"before":{"failed":{"reason":{"closed":{}}}},"after":{"cancelled":{}}}]}"#, stamp])
        }
        defer { old.remove() }

        let store = try Store(path: old.path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        let outbox = Outbox(store: store)
        for (id, _, code, _, reason) in Self.stored {
            let item = try outbox.item(Int64(id))
            let found: Reason? = switch item.state {
            case let .failed(why), let .retrying(_, why), let .unknown(why, _): why
            default: nil
            }
            #expect(found == reason, "item \(id)")
            #expect(reason.code == code, "item \(id) keeps its code")
        }
        #expect(try outbox.item(1).state.name == "failed")

        let entry = try #require(try store.history().first)
        let steps = try JSONDecoder().decode(OutboxHistory.Payload.self, from: Data(entry.payload.utf8)).steps
        #expect(steps.first?.before == .failed(.rejected(.threadClosed)))
    }
}
