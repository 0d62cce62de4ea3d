import Foundation
import TestSupport
import Forum
import GRDB
import Sandbox
import Store
import Testing
@testable import Outbox

/// Claims and leases: one item is sent by one sender; a sender that died is taken over only
/// after asking the forum whether its send landed.
@Suite(.serialized) struct LeaseTests {
    /// The identity of a process that has ended: run one, wait for it.
    static func deadSender() throws -> SenderIdentity {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return SenderIdentity(host: ProcessInfo.processInfo.hostName, pid: process.processIdentifier, started: "1")
    }

    /// Puts the item in the hands of `owner`, as its sender would have, with an attempt begun
    /// and (when `marker` is given) the reconcile marker it records before posting.
    static func claim(_ item: OutboxItem, by owner: SenderIdentity, marker: Int64? = nil, in f: OutboxFixture) throws {
        try f.store.outbox { tx in
            var claimed = try tx.outboxItem(item.id)
            claimed.marker = marker
            claimed.state = .pending(until: Date())
            try claimed.apply(.claim(owner: owner.description, leaseUntil: Date().addingTimeInterval(600), now: Date()), now: Date())
            try tx.save(claimed)
            _ = try tx.beginAttempt(item: item.id, action: .send, owner: owner.description, at: Date())
        }
    }

    @Test func aSenderThatDiedAfterPostingIsTakenOverAndNothingIsPostedTwice() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("posted by a sender that then died")
            let dead = try Self.deadSender()
            // What the dead sender did before it died: it marked where the thread stood, and
            // the post reached the forum.
            let marker = try #require(try await f.adapter.reconcileMarker(for: item.command.attempt(after: nil)))
            try Self.claim(item, by: dead, marker: Int64(marker), in: f)
            guard case .sent = await f.adapter.reply(Reply(threadID: Int(OutboxFixture.thread), bbcode: "posted by a sender that then died"))
            else { Issue.record("the setup post failed"); return }

            let summary = try await f.sender().run(.due(ids: nil))

            #expect(summary.sent == [item.id])
            #expect(try f.outbox.attempts(of: item.id).map(\.outcome) == ["interrupted", "landed"])
            #expect(try await f.copies(of: "posted by a sender that then died") == 1)
        }
    }

    @Test func aSenderThatDiedBeforePostingIsTakenOverAndTheItemSentOnce() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("claimed by a sender that died before posting")
            try Self.claim(item, by: try Self.deadSender(), in: f)
            let summary = try await f.sender().run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            #expect(try f.outbox.attempts(of: item.id).map(\.outcome) == ["interrupted", "absent", "sent"])
            #expect(try await f.copies(of: "claimed by a sender that died before posting") == 1)
        }
    }

    @Test func aLiveLeaseIsLeftAloneUntilItRunsOut() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("held by a sender on another machine")
            let elsewhere = SenderIdentity(host: "another-host", pid: 4242, started: "7")
            try Self.claim(item, by: elsewhere, in: f)
            let summary = try await f.sender(maxWait: 0).run(.due(ids: nil))
            #expect(summary.sent.isEmpty)
            #expect(try f.item(item.id).state.name == "sending")
            #expect(try await f.copies(of: "held by a sender on another machine") == 0)

            // Once its lease has run out, the item is checked with the forum and sent.
            try f.store.outbox { tx in
                var expired = try tx.outboxItem(item.id)
                expired.state = .sending(owner: elsewhere.description, leaseUntil: Date().addingTimeInterval(-1))
                try tx.save(expired)
            }
            #expect(try await f.sender().run(.due(ids: nil)).sent == [item.id])
            #expect(try await f.copies(of: "held by a sender on another machine") == 1)
        }
    }

    @Test func aSenderThatLostItsLeaseCannotOverwriteTheNewHolder() throws {
        let now = Date()
        let taken = OutboxState.sending(owner: "b", leaseUntil: now.addingTimeInterval(60))
        #expect(throws: TransitionError.self) { try taken.applying(.delivered(postID: "1", url: nil), by: "a") }
        #expect(try taken.applying(.delivered(postID: "1", url: nil), by: "b") == .sent(postID: "1", url: nil))
    }

    @Test func twoSendersOnOneQueueNeverSendAnItemTwice() async throws {
        try await OutboxFixture.with { f in
            // Three threads: one place takes items from one sender at a time, in order.
            let threads: [Int64] = [Seed.Ids.welcomeThread, Seed.Ids.longThread, Seed.Ids.askThread]
            let items = try (1...40).map { try f.queue("shared queue \($0)", target: DraftTarget(thread: threads[$0 % 3])) }
            // A second process's view: its own store connection, its own forum session.
            let otherStore = try Store(path: f.store.path)
            let otherAdapter = try SomethingAwfulAdapter(
                baseURL: f.server.baseURL,
                settings: HTTPSettings(userAgent: "missive/test", cookieJar: f.directory.appendingPathComponent("jar-2.txt")))
            _ = try await otherAdapter.login(username: Seed.Account.tester.username, password: Seed.Account.password)
            let first = f.sender { $0.batch = 4 }
            let second = f.sender(store: otherStore, identity: SenderIdentity(host: "h", pid: 2, started: "2"), adapter: otherAdapter) {
                $0.batch = 4
            }
            async let a = first.run(.due(ids: nil))
            async let b = second.run(.due(ids: nil))
            let (one, two) = try await (a, b)

            #expect(Set(one.sent).isDisjoint(with: two.sent))
            #expect(Set(one.sent + two.sent) == Set(items.map(\.id)))
            #expect(!one.sent.isEmpty && !two.sent.isEmpty, "both senders took part")
            let texts = try await f.forum().posts.map(\.text).filter { $0.hasPrefix("shared queue ") }
            #expect(texts.count == 40 && Set(texts).count == 40)
        }
    }

    /// The store cannot be written when the outcome comes back (another process holds the write
    /// lock): the sender stops with a clear error, the item stays claimed, and the next sender
    /// finds the post on the forum instead of posting it again.
    @Test func aStoreLockedMidSendLosesNothingAndPostsNothingTwice() async throws {
        try await OutboxFixture.with(faults: FaultPlan(slowDelay: .seconds(2))) { f in
            let item = try f.queue("recorded after the lock")
            let impatient = try Store(path: f.store.path, busyTimeout: 0.3)
            let doomed = try Self.deadSender()  // stands for a process that exits after its error
            await f.server.failNextPost(with: .slow)
            let locker = try DatabaseQueue(path: f.store.path)
            // Another process's write lock, taken once the attempt and its marker are recorded (the
            // post's answer takes 2 s),
            // and held past the answer. Taken at a fixed 0.7 s it once came before the claim on a
            // loaded machine, and the claim failed instead.
            let itemID = item.id
            let locked = Task.detached {
                try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                    Thread.detachNewThread {
                        done.resume(with: Result {
                            let deadline = Date().addingTimeInterval(20)
                            while try locker.read({ db in
                                try Int.fetchOne(db, sql: """
                                    SELECT count(*) FROM outbox_attempt JOIN outbox_item ON outbox_item.id = itemId
                                    WHERE itemId = ? AND finishedAt IS NULL AND marker IS NOT NULL
                                    """, arguments: [itemID])
                            }) == 0, Date() < deadline {
                                Thread.sleep(forTimeInterval: 0.02)
                            }
                            // The attempt and its marker are written: what comes next is the post.
                            Thread.sleep(forTimeInterval: 0.3)
                            try locker.writeWithoutTransaction { db in
                                try db.execute(sql: "BEGIN EXCLUSIVE")
                                Thread.sleep(forTimeInterval: 4)
                                try db.execute(sql: "COMMIT")
                            }
                        })
                    }
                }
            }
            do {
                _ = try await f.sender(store: impatient, identity: doomed).run(.due(ids: nil))
                Issue.record("the sender should have stopped on the locked store")
            } catch let error as StoreError {
                #expect(error == .locked(path: f.store.path))
                #expect(error.description.contains("locked"))
            }
            try await locked.value
            #expect(try f.item(item.id).state.name == "sending")
            #expect(try await f.copies(of: "recorded after the lock") == 1)

            #expect(try await f.sender().run(.due(ids: nil)).sent == [item.id])
            #expect(try await f.copies(of: "recorded after the lock") == 1)
            #expect(try f.outbox.attempts(of: item.id).last?.outcome == "landed")
        }
    }
}
