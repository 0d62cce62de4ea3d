import Foundation
import PropertyBased
import Sandbox
import Testing
@testable import Forum

/// Issue 12's property: for random text from every code point class that has bitten a forum
/// client, and a random lost or failed answer, the forum ends with exactly one copy. Each case
/// sends a reply, a new thread or a PM to the sandbox with a fault on its POST, then does what the
/// outbox does: an unknown is reconciled (against the marker the attempt read) before anything is
/// sent again, and only "absent" sends again. Texts repeat on purpose (a small pool), so a thread
/// or message identical to an earlier one must not be taken for this one.
@Suite struct NeverTwicePropertyTests {
    enum Kind: CaseIterable { case reply, thread, message }

    /// Faults that lose or break the answer (stored or not), and none.
    static let faults: [Fault?] = [nil, .drop, .serverErrorAfterStoring, .truncate, .empty, .noForm, .serverError, .databaseError, .notHTML]

    struct Case {
        var kind: Kind
        var fault: Fault?
        var text: String
        var title: String
    }

    static let oneLine = ReconcileTextTests.pieces.filter { !$0.contains("\n") && !$0.contains("\r") && !$0.contains("\u{2028}") }
    static let cases = zip(
        Gen<Kind?>.element(of: Kind.allCases), Gen<Fault??>.element(of: faults), ReconcileTextTests.text,
        Gen<String?>.element(of: oneLine).map { $0 ?? "" }.array(of: 0...3).map { $0.joined() }, Gen.int(in: 0...3)
    ).map { kind, fault, text, title, pool in
        // A small pool of prefixes makes identical texts and titles come back across cases.
        Case(kind: kind ?? .reply, fault: fault ?? nil, text: "m\(pool) " + text, title: "t\(pool) " + title)
    }

    /// 2,000 cases in all, in batches that each get a forum of their own: the pages reconcile
    /// reads (Sent Items, the forum's list, the thread) grow with every case, and batches run side
    /// by side.
    static let batches = 8
    static let casesPerBatch = 250

    @Test(arguments: 0..<batches)
    func theForumEndsWithExactlyOneCopy(batch: Int) async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            var run = 0
            // The forum as the last case left it: only this batch writes to it, so it is the next
            // case's "before" (one state read per case instead of two).
            var state: SandboxState?
            await propertyCheck(count: Self.casesPerBatch, input: Self.cases) { test in
                run += 1
                do {
                    let before: SandboxState
                    if let known = state { before = known } else { before = try await sandbox.state() }
                    state = nil
                    state = try await Self.check(test, before: before, sandbox: sandbox, adapter: adapter)
                } catch {
                    Issue.record("batch \(batch), case \(run) (\(test.kind), \(String(describing: test.fault))): \(error)")
                }
            }
            #expect(run >= Self.casesPerBatch)
        }
    }

    /// Returns the forum's state after the case.
    @discardableResult
    static func check(_ test: Case, before: SandboxState, sandbox: SandboxFixture, adapter: SomethingAwfulAdapter) async throws -> SandboxState {
        if let fault = test.fault { await sandbox.server.failNextPost(with: fault) }
        let forum = Int(Seed.Ids.generalForum), thread = Int(Seed.Ids.welcomeThread)

        func send() async -> PostOutcome {
            switch test.kind {
            case .reply: await adapter.reply(Reply(threadID: thread, bbcode: test.text))
            case .thread: await adapter.newThread(NewThread(forumID: forum, subject: test.title, bbcode: test.text))
            case .message: await adapter.send(PrivateMessage(to: "Zoë", subject: test.title, bbcode: test.text))
            }
        }
        func attempt(after marker: Int?) -> Attempt {
            switch test.kind {
            case .reply: .reply(threadID: thread, bbcode: test.text, after: marker)
            case .thread: .newThread(forumID: forum, subject: test.title, bbcode: test.text, after: marker)
            case .message: .privateMessage(to: "Zoë", subject: test.title, bbcode: test.text, after: marker)
            }
        }

        // The outbox's loop: a wait is sent again; an unknown is reconciled first.
        var outcome = await send()
        var receipt: Receipt?
        for _ in 0..<6 {
            switch outcome {
            case let .sent(found):
                receipt = found
            case let .unknown(evidence):
                switch await adapter.reconcile(attempt(after: evidence.reconcileAfter)) {
                case let .landed(found): receipt = found
                case .absent: outcome = await send()
                case let .undetermined(error): Issue.record("undetermined for \(test.kind) with \(String(describing: test.fault)): \(error)")
                }
            case .retryLater:
                outcome = await send()
            case let .rejected(rejection):
                Issue.record("refused \(test.kind) \(test.text.debugDescription): \(rejection)")
            }
            if receipt != nil { break }
            if case .rejected = outcome { break }
        }

        let after = try await sandbox.state()
        // Ids looked up in sets: scanning the whole "before" for every row of "after" was
        // quadratic in a forum that grows by a case each time.
        let made: [Int64]
        switch test.kind {
        case .reply:
            let known = Set(before.posts.map(\.id))
            made = after.posts.filter { $0.threadId == Seed.Ids.welcomeThread && !known.contains($0.id) }.map(\.id)
        case .thread:
            let known = Set(before.threads.map(\.id))
            made = after.threads.filter { !known.contains($0.id) }.map(\.id)
        case .message:
            let known = Set(before.messages.map(\.id))
            made = after.messages.filter { $0.folder == "sent" && !known.contains($0.id) }.map(\.id)
        }
        #expect(made.count == 1, "\(test.kind) \(String(describing: test.fault)) \(test.text.debugDescription): \(made.count) copies, \(outcome)")
        #expect(receipt?.id.map(Int64.init) == made.first, "\(test.kind) \(String(describing: test.fault)): receipt \(String(describing: receipt)) for \(made)")
        return after
    }
}
