import Foundation
import Testing
@testable import Outbox

@Suite struct OutboxStateTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var later: Date { now.addingTimeInterval(60) }
    var earlier: Date { now.addingTimeInterval(-60) }

    func claim(_ state: OutboxState) throws -> OutboxState {
        try state.applying(.claim(owner: "p1", leaseUntil: later, now: now))
    }

    @Test func theHappyPathGoesQueuedPendingSendingSent() throws {
        var state = OutboxState.queued(due: earlier)
        state = try state.applying(.startWindow(until: now))
        #expect(state == .pending(until: now))
        state = try claim(state)
        #expect(state == .sending(owner: "p1", leaseUntil: later))
        state = try state.applying(.delivered(postID: "42", url: "https://x/showthread.php?goto=post&postid=42"))
        #expect(state.name == "sent" && state.isFinished)
    }

    /// What has gone out, or is going out, says why it cannot be changed and what can be done.
    @Test func aDeliveredOrSendingItemSaysWhyItCannotBeChanged() {
        let sent = OutboxState.sent(postID: "42", url: nil)
        for event in [OutboxEvent.cancel, .reschedule(due: later)] {
            do {
                _ = try sent.applying(event)
                Issue.record("\(event) changed a delivered item")
            } catch {
                #expect("\(error)".contains("it was delivered (a post can still be edited: `missive edit-post POST`)"), "\(error)")
            }
            do {
                _ = try OutboxState.sending(owner: "me", leaseUntil: later).applying(event)
                Issue.record("\(event) changed an item being sent")
            } catch {
                #expect("\(error)".hasSuffix("it is being sent right now"), "\(error)")
            }
        }
    }

    @Test func nothingIsClaimedBeforeItIsDue() {
        #expect(throws: TransitionError.self) { try claim(.pending(until: later)) }
        #expect(throws: TransitionError.self) { try claim(.retrying(next: later, because: .givenBack)) }
        #expect(throws: TransitionError.self) { try claim(.queued(due: earlier)) }  // the window comes first
        #expect(throws: TransitionError.self) { try claim(.held(because: nil)) }
    }

    @Test func aLiveLeaseCannotBeTakenButAnExpiredOneIsReconciledFirst() throws {
        let held = OutboxState.sending(owner: "p0", leaseUntil: later)
        #expect(throws: TransitionError.self) { try claim(held) }
        let stale = OutboxState.sending(owner: "p0", leaseUntil: earlier)
        #expect(stale.claimable(at: now) == .reconcileFirst)
        #expect(try claim(stale) == .sending(owner: "p1", leaseUntil: later))
    }

    @Test func unknownIsAlwaysReconciledAndNeverSilentlyQueued() {
        let unknown = OutboxState.unknown(.unknownOutcome(evidence: "connection dropped after the body was sent"))
        #expect(unknown.claimable(at: now) == .reconcileFirst)
        #expect(throws: TransitionError.self) { try unknown.applying(.cancel) }
        #expect(throws: TransitionError.self) { try unknown.applying(.reschedule(due: now)) }
        #expect(throws: TransitionError.self) { try unknown.applying(.restore(.queued(due: now))) }
        #expect(throws: TransitionError.self) { try unknown.applying(.delivered(postID: nil, url: nil)) }
    }

    @Test func outcomesOnlyApplyToAnItemBeingSent() throws {
        let sending = OutboxState.sending(owner: "p1", leaseUntil: later)
        #expect(try sending.applying(.rejected(.legacy("thread closed"))) == .failed(.legacy("thread closed")))
        #expect(try sending.applying(.retryAt(later, because: .givenBack)) == .retrying(next: later, because: .givenBack))
        #expect(try sending.applying(.lost(.unknownOutcome(evidence: "timeout"))) == .unknown(.unknownOutcome(evidence: "timeout")))
        for state in [OutboxState.queued(due: now), .pending(until: now), .held(because: nil), .failed(.legacy("x")), .cancelled] {
            #expect(throws: TransitionError.self) { try state.applying(.delivered(postID: "1", url: nil)) }
        }
    }

    @Test func userActionsFollowTheTable() throws {
        #expect(try OutboxState.queued(due: now).applying(.hold) == .held(because: nil))
        #expect(try OutboxState.held(because: nil).applying(.release(due: now)) == .queued(due: now))
        #expect(try OutboxState.retrying(next: later, because: .givenBack).applying(.reschedule(due: now)) == .queued(due: now))
        #expect(try OutboxState.failed(.legacy("x")).applying(.requeue(due: now)) == .queued(due: now))
        // `queue retry` on a retrying item means "try now" (issue 13): still a retry, due at once.
        #expect(try OutboxState.retrying(next: later, because: .givenBack).applying(.requeue(due: now)) == .retrying(next: now, because: .givenBack))
        #expect(throws: TransitionError.self) { try OutboxState.unknown(.unknownOutcome(evidence: "lost"), checkAt: later).applying(.requeue(due: now)) }
        #expect(try OutboxState.pending(until: later).applying(.cancel) == .cancelled)
        #expect(throws: TransitionError.self) { try OutboxState.cancelled.applying(.cancel) }
        #expect(throws: TransitionError.self) { try OutboxState.sent(postID: "1", url: nil).applying(.cancel) }
        #expect(throws: TransitionError.self) { try OutboxState.queued(due: now).applying(.release(due: now)) }
        #expect(throws: TransitionError.self) { try OutboxState.queued(due: now).applying(.requeue(due: now)) }
    }

    @Test func undoRestoresWaitingStatesButNeverFakesOrErasesASend() throws {
        #expect(try OutboxState.cancelled.applying(.restore(.pending(until: later))) == .pending(until: later))
        #expect(throws: TransitionError.self) { try OutboxState.cancelled.applying(.restore(.sent(postID: "1", url: nil))) }
        #expect(throws: TransitionError.self) {
            try OutboxState.sent(postID: "1", url: nil).applying(.restore(.queued(due: now)))
        }
    }

    @Test func aScheduledItemKeepsItsTimeThroughTheWindow() throws {
        #expect(try OutboxState.queued(due: later).applying(.startWindow(until: now)) == .pending(until: later))
        #expect(try OutboxState.retrying(next: now, because: .givenBack).applying(.startWindow(until: later)) == .retrying(next: now, because: .givenBack))
    }

    @Test func anUnknownItemIsCheckedNoEarlierThanItsCheckTime() throws {
        let waiting = OutboxState.unknown(.unknownOutcome(evidence: "the forum was down"), checkAt: later)
        #expect(waiting.claimable(at: now) == nil)
        #expect(waiting.claimable(at: later) == .reconcileFirst)
        #expect(throws: TransitionError.self) { try claim(waiting) }
        let sending = OutboxState.sending(owner: "p1", leaseUntil: later)
        #expect(try sending.applying(.lost(.unknownOutcome(evidence: "e"), checkAt: later)) == waiting.replacingEvidence("e"))
    }

    @Test func onlyAnItemBeingSentCanBeAbandonedAndItBecomesUnknown() throws {
        let sending = OutboxState.sending(owner: "dead", leaseUntil: later)
        #expect(try sending.applying(.abandon(.unknownOutcome(evidence: "its sender died"), checkAt: now))
            == .unknown(.unknownOutcome(evidence: "its sender died"), checkAt: now))
        for state in [OutboxState.queued(due: now), .pending(until: now), .retrying(next: now, because: .givenBack), .sent(postID: "1", url: nil)] {
            #expect(throws: TransitionError.self) { try state.applying(.abandon(.unknownOutcome(evidence: "x"))) }
        }
    }

    @Test func outcomesCountOnlyFromTheSenderHoldingTheLease() throws {
        let held = OutboxState.sending(owner: "p1", leaseUntil: later)
        #expect(throws: TransitionError.self) { try held.applying(.retryAt(later, because: .givenBack), by: "p2") }
        #expect(try held.applying(.retryAt(later, because: .givenBack), by: "p1") == .retrying(next: later, because: .givenBack))
        // The user's actions are not a sender's, so they are not checked for a lease.
        #expect(try OutboxState.queued(due: now).applying(.hold, by: "anyone") == .held(because: nil))
    }

    @Test func theStatesSurviveJSONForTheHistory() throws {
        let states: [OutboxState] = [
            .pending(until: now), .queued(due: later), .held(because: nil), .sending(owner: "h/1/2", leaseUntil: now), .retrying(next: now, because: .givenBack),
            .unknown(.unknownOutcome(evidence: "e"), checkAt: nil), .unknown(.unknownOutcome(evidence: "e"), checkAt: later), .sent(postID: "9", url: "u"),
            .failed(.legacy("r")), .cancelled,
        ]
        let decoded = try JSONDecoder().decode([OutboxState].self, from: JSONEncoder().encode(states))
        #expect(decoded == states)
    }
}

extension OutboxState {
    func replacingEvidence(_ evidence: String) -> OutboxState {
        guard case let .unknown(_, checkAt) = self else { return self }
        return .unknown(.unknownOutcome(evidence: evidence), checkAt: checkAt)
    }
}
