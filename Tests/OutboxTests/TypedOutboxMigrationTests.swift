import Foundation
import GRDB
import Testing
@testable import Outbox
@testable import Store

/// Migration "v9 typed outbox" on a store as v8 left it: each retrying, failed and unknown item
/// keeps its words as a legacy reason (a flood wait becomes a flood reason), the rest is untouched,
/// and history entries written with the old state format still read.
@Suite struct TypedOutboxMigrationTests {
    @Test func aVersion8OutboxIsCarriedOverWithItsWords() throws {
        let command = try ForumCommand.reply(threadID: 3, bbcode: "hi").encoded()
        let stamp = "2026-11-20 08:30:00.000"
        let due = Date(timeIntervalSince1970: 1_795_163_400)  // the stamp, UTC

        let old = try OlderStore(upTo: "v8 thread tag") { db in
            // id, state, due, owner, detail, postId, lastError, as Missive before v9 wrote them.
            let rows: [(Int, String, String?, String?, String?, String?, String?)] = [
                (1, "failed", nil, nil, "the thread is closed", nil, "failed: the thread is closed"),
                (2, "retrying", stamp, nil, nil, nil, "flood control: You must wait 30 seconds between posts."),
                (3, "retrying", stamp, nil, nil, nil, "the forum answered with HTTP 500"),
                (4, "unknown", stamp, nil, "the connection dropped after the post was sent", nil, nil),
                (5, "sent", nil, nil, nil, "42", nil),
                (6, "sending", stamp, "host 1 (pid 7)", nil, nil, nil),
            ]
            for (id, state, due, owner, detail, postID, lastError) in rows {
                try db.execute(sql: """
                    INSERT INTO outbox_item (id, profile, kind, target, targetKey, command, idempotencyKey, state, due,
                                             owner, detail, postId, failures, lastError, createdAt, updatedAt)
                    VALUES (?, 'sandbox', 'reply', 'reply to thread 3', 'thread/3', ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)
                    """, arguments: [id, command, "key/\(id)", state, due, owner, detail, postID, lastError, stamp, stamp])
            }
        }
        defer { old.remove() }

        let store = try Store(path: old.path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        let outbox = Outbox(store: store)
        #expect(try outbox.item(1).state == .failed(.legacy("the thread is closed")))
        let flood = try outbox.item(2).state
        #expect(flood == .retrying(next: due, because: .retryLater(.floodControl("You must wait 30 seconds between posts.", interval: nil))))
        #expect(SenderReport.reason(for: try outbox.item(2)).hasPrefix("flood control, then"))
        #expect(try outbox.item(3).state == .retrying(next: due, because: .legacy("the forum answered with HTTP 500")))
        #expect(try outbox.item(4).state == .unknown(.legacy("the connection dropped after the post was sent"), checkAt: due))
        #expect(try outbox.item(5).state == .sent(postID: "42", url: nil))
        #expect(try outbox.item(6).state == .sending(owner: "host 1 (pid 7)", leaseUntil: due))
        // What people read is what they read before: the words, and the last error.
        let listing = try outbox.listing()
        #expect(listing.first { $0.id == 1 }?.detail == "the thread is closed")
        #expect(try outbox.item(3).lastError == "the forum answered with HTTP 500")

        // Saved again, the reason is stored typed: code and values.
        var item = try outbox.item(1)
        try store.outbox { tx in
            item.state = .failed(.rejected(.threadClosed))
            try tx.save(item)
        }
        let row = try #require(try store.outboxRead { try $0.item(1) })
        #expect(row.reasonCode == "closed" && row.detail == "the thread is closed")
        #expect(try outbox.item(1).state == .failed(.rejected(.threadClosed)))
    }

    /// `missive undo` reads states from history written before reasons were typed.
    @Test func historyStatesInTheOldFormatStillRead() throws {
        let old = #"""
            [{"retrying":{"at":10}},{"failed":{"reason":"the thread is closed"}},{"unknown":{"evidence":"lost","checkAt":20}},
             {"queued":{"due":30}},{"held":{}},{"sent":{"postID":"4"}}]
            """#
        let states = try JSONDecoder().decode([OutboxState].self, from: Data(old.utf8))
        #expect(states == [
            .retrying(next: Date(timeIntervalSinceReferenceDate: 10), because: .legacy("")),
            .failed(.legacy("the thread is closed")),
            .unknown(.legacy("lost"), checkAt: Date(timeIntervalSinceReferenceDate: 20)),
            .queued(due: Date(timeIntervalSinceReferenceDate: 30)), .held(because: nil), .sent(postID: "4", url: nil),
        ])
        // And the new format goes round.
        let typed: [OutboxState] = [
            .retrying(next: Date(timeIntervalSinceReferenceDate: 10), because: .gaveUp(attempts: 3, last: .retryLater(.serverError(status: 500)))),
            .failed(.rejected(.probation(until: Date(timeIntervalSinceReferenceDate: 99), message: "on probation"))),
            .unknown(.senderStopped(owner: "me"), checkAt: nil),
        ]
        #expect(try JSONDecoder().decode([OutboxState].self, from: JSONEncoder().encode(typed)) == typed)
    }

    /// A row whose reason values cannot be read keeps its words rather than failing the item.
    @Test func unreadableReasonValuesFallBackToTheWords() throws {
        #expect(Reason.fromDatabaseValue("{not json".databaseValue) == Reason.unreadable)
        let row = OutboxRow(draftID: nil, draftRevision: nil, profile: "sandbox", kind: "reply", target: "reply to thread 3",
                            targetKey: "thread/3", channel: nil, command: "{}", idempotencyKey: "k", state: .failed, due: nil,
                            detail: "flood control: x", reason: .unreadable, createdAt: Date(), updatedAt: Date())
        #expect(try OutboxItem.state(of: row) == .failed(.legacy("flood control: x")))
        #expect(Reason.rejected(.botCheck).code == "bot-check"
                && Reason.fromDatabaseValue(Reason.rejected(.botCheck).databaseValue) == .rejected(.botCheck))
    }

    /// The image reasons keep their file and words through the store, each under its own code.
    @Test func imageReasonsRoundTripUnderTheirCodes() {
        let reasons: [(Reason, String)] = [
            (.imageRefused(file: "cat.png", message: "File type invalid"), "image-refused"),
            (.imageHostBusy(file: "cat.png", message: "rate limited"), "image-host-busy"),
            (.imageUploadUnknown(file: "cat.png", evidence: "HTTP 500"), "image-upload-unknown"),
            (.imageUploadUncertain(file: "cat.png", message: "cannot list"), "image-upload-uncertain"),
        ]
        for (reason, expected) in reasons {
            #expect(reason.code == expected)
            #expect(Reason.fromDatabaseValue(reason.databaseValue) == reason)
            #expect(reason.description.contains("cat.png"))
        }
    }
}
