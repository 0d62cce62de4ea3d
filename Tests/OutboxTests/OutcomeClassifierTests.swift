import Forum
import Foundation
import Store
import Testing
@testable import Outbox

/// The classifier alone: each typed outcome of the adapter becomes its event, with no store and
/// no forum (the pace it reads is handed in).
@Suite struct OutcomeClassifierTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var classifier: OutcomeClassifier {
        var policy = FullJitterBackoff()
        policy.random = { 1 }
        policy.margin = 2
        return OutcomeClassifier(policy: policy, settle: 2, pace: FloodPace(margin: 0.1))
    }

    func item(failures: Int = 0) -> OutboxItem {
        OutboxItem(id: 1, command: .reply(threadID: 3, bbcode: "hi"), state: .sending(owner: "me", leaseUntil: now), profile: "p",
                   idempotencyKey: "k", failures: failures, createdAt: now, updatedAt: now)
    }

    func classify(_ outcome: PostOutcome, failures: Int = 0, pace: OutboxPace? = nil) -> Verdict {
        classifier.classify(outcome, for: item(failures: failures), now: now) { channel, _ in
            pace ?? OutboxPace(profile: "p", channel: channel)
        }
    }

    @Test func aReceiptIsDeliveredAndPacesTheChannel() {
        let verdict = classify(.sent(Receipt(kind: .post, id: 42)), pace: OutboxPace(profile: "p", channel: "posts", interval: 30))
        #expect(verdict.event == .delivered(postID: "42", url: nil) && verdict.carryOn)
        #expect(verdict.pace?.notBefore == now.addingTimeInterval(30.1))
    }

    @Test func aRefusalFailsWithItsTypedReason() {
        let verdict = classify(.rejected(.threadClosed))
        #expect(verdict.event == .rejected(.rejected(.threadClosed)) && verdict.label == "rejected")
    }

    @Test func aLostSessionWaitsAndBlocksTheProfile() {
        let verdict = classify(.rejected(.notLoggedIn))
        #expect(verdict.event == .retryAt(now, because: .rejected(.notLoggedIn)) && verdict.block == .session && !verdict.carryOn)
        #expect(classify(.rejected(.botCheck)).block == .botCheck)
    }

    /// The interval comes typed from the adapter: the pace learns it without reading the words.
    @Test func floodControlLearnsTheIntervalFromTheTypedOutcome() {
        let verdict = classify(.retryLater(after: .seconds(12), reason: .floodControl("words", interval: 30)))
        #expect(verdict.pace?.interval == 30)
        guard case let .retryAt(_, because) = verdict.event else { Issue.record("\(verdict.event)"); return }
        #expect(because == .retryLater(.floodControl("words", interval: 30)) && because.isFlood)
    }

    @Test func transientFailuresCountAndGiveUpWithTheLastReason() {
        let retry = classify(.retryLater(after: nil, reason: .serverError(status: 500)))
        #expect(retry.failures == 1 && !retry.unreachable)
        let last = classify(.retryLater(after: nil, reason: .unreachable("down")), failures: 7)
        #expect(last.event == .rejected(.gaveUp(attempts: 8, last: .retryLater(.unreachable("down")))) && last.unreachable)
    }

    @Test func anUnknownIsCheckedAfterTheSettleWithItsMarker() {
        let verdict = classify(.unknown(Evidence("dropped", reconcileAfter: 77)))
        #expect(verdict.event == .lost(.unknownOutcome(evidence: "dropped"), checkAt: now.addingTimeInterval(2)))
        #expect(verdict.marker == 77 && verdict.failures == 1)
    }
}
