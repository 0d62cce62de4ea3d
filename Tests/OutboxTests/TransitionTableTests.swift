import Foundation
import Testing
@testable import Outbox

/// The transition table row by row: every state against every event, each either allowed (and
/// then the state it leads to) or refused with a `TransitionError`.
@Suite struct TransitionTableTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let earlier = now.addingTimeInterval(-60)
    static let later = now.addingTimeInterval(60)

    static let states: [(String, OutboxState)] = [
        ("pending", .pending(until: earlier)),
        ("queued", .queued(due: earlier)),
        ("held", .held(because: nil)),
        ("heldLate", .held(because: .tooLate(scheduled: earlier, limit: 30))),
        ("sending", .sending(owner: "me", leaseUntil: later)),
        ("retrying", .retrying(next: earlier, because: .retryLater(.serverError(status: 500)))),
        ("unknown", .unknown(.unknownOutcome(evidence: "x"))),
        ("sent", .sent(postID: "1", url: nil)),
        ("failed", .failed(.rejected(.threadClosed))),
        ("cancelled", .cancelled),
    ]

    static let events: [(String, OutboxEvent)] = [
        ("startWindow", .startWindow(until: later)),
        ("claim", .claim(owner: "p1", leaseUntil: later, now: now)),
        ("delivered", .delivered(postID: "2", url: nil)),
        ("rejected", .rejected(.rejected(.threadClosed))),
        ("imageRefused", .rejected(.imageRefused(file: "cat.png", message: "File type invalid"))),
        ("imageUncertain", .rejected(.imageUploadUncertain(file: "cat.png", message: "anonymous"))),
        ("imageBusy", .retryAt(later, because: .retryAfter(seconds: 60, because: .imageHostBusy(file: "cat.png", message: "429")))),
        ("imageUnknown", .retryAt(later, because: .imageUploadUnknown(file: "cat.png", evidence: "HTTP 500"))),
        ("retryAt", .retryAt(later, because: .retryLater(.floodControl("wait", interval: 30)))),
        ("lost", .lost(.unknownOutcome(evidence: "y"), checkAt: later)),
        ("abandon", .abandon(.senderStopped(owner: "me"), checkAt: later)),
        ("cancel", .cancel),
        ("hold", .hold),
        ("holdLate", .holdLate(.tooLate(scheduled: earlier, limit: 30))),
        ("release", .release(due: later)),
        ("reschedule", .reschedule(due: later)),
        ("requeue", .requeue(due: later)),
        ("restore", .restore(.queued(due: later))),
        ("checkSooner", .checkSooner(at: now)),
    ]

    /// What each state becomes under each event; a missing pair is refused.
    static let allowed: [String: [String: OutboxState]] = [
        "pending": [
            "claim": .sending(owner: "p1", leaseUntil: later), "cancel": .cancelled, "hold": .held(because: nil),
            "reschedule": .queued(due: later), "restore": .queued(due: later),
        ],
        "queued": [
            "startWindow": .pending(until: later), "cancel": .cancelled, "hold": .held(because: nil),
            "holdLate": .held(because: .tooLate(scheduled: earlier, limit: 30)),
            "reschedule": .queued(due: later), "restore": .queued(due: later),
        ],
        "held": [
            "cancel": .cancelled, "release": .queued(due: later), "reschedule": .queued(due: later), "restore": .queued(due: later),
        ],
        // Held by the sender for missing its time: released like any other hold.
        "heldLate": [
            "cancel": .cancelled, "release": .queued(due: later), "reschedule": .queued(due: later), "restore": .queued(due: later),
        ],
        "sending": [
            "delivered": .sent(postID: "2", url: nil), "rejected": .failed(.rejected(.threadClosed)),
            "imageRefused": .failed(.imageRefused(file: "cat.png", message: "File type invalid")),
            "imageUncertain": .failed(.imageUploadUncertain(file: "cat.png", message: "anonymous")),
            "imageBusy": .retrying(next: later, because: .retryAfter(seconds: 60, because: .imageHostBusy(file: "cat.png", message: "429"))),
            "imageUnknown": .retrying(next: later, because: .imageUploadUnknown(file: "cat.png", evidence: "HTTP 500")),
            "retryAt": .retrying(next: later, because: .retryLater(.floodControl("wait", interval: 30))),
            "lost": .unknown(.unknownOutcome(evidence: "y"), checkAt: later),
            "abandon": .unknown(.senderStopped(owner: "me"), checkAt: later),
        ],
        "retrying": [
            "startWindow": .retrying(next: earlier, because: .retryLater(.serverError(status: 500))),
            "claim": .sending(owner: "p1", leaseUntil: later), "cancel": .cancelled, "hold": .held(because: nil),
            "reschedule": .queued(due: later), "requeue": .retrying(next: later, because: .retryLater(.serverError(status: 500))),
            "restore": .queued(due: later),
        ],
        "unknown": ["claim": .sending(owner: "p1", leaseUntil: later), "checkSooner": .unknown(.unknownOutcome(evidence: "x"), checkAt: now)],
        "sent": [:],
        "failed": ["cancel": .cancelled, "requeue": .queued(due: later), "restore": .queued(due: later)],
        "cancelled": ["requeue": .queued(due: later), "restore": .queued(due: later)],
    ]

    struct Row: Sendable, CustomTestStringConvertible {
        var state: String
        var event: String
        var testDescription: String { "\(state) + \(event)" }
    }

    static let rows: [Row] = states.flatMap { state in events.map { Row(state: state.0, event: $0.0) } }

    @Test(arguments: rows)
    func eachStateAndEvent(_ row: Row) throws {
        let state = try #require(Self.states.first { $0.0 == row.state }?.1)
        let event = try #require(Self.events.first { $0.0 == row.event }?.1)
        let expected = try #require(Self.allowed[row.state])[row.event]
        do {
            let result = try state.applying(event)
            #expect(result == expected, "\(row.state) + \(row.event) gave \(result)")
        } catch {
            #expect(expected == nil, "\(row.state) + \(row.event) was refused: \(error)")
        }
    }

    @Test func theTableCoversEveryStateAndNamesOnlyKnownEvents() {
        #expect(Set(Self.allowed.keys) == Set(Self.states.map(\.0)))
        let names = Set(Self.events.map(\.0))
        #expect(Self.allowed.values.allSatisfy { Set($0.keys).isSubset(of: names) })
    }

    /// Undo never puts back a state that went out or may have.
    @Test(arguments: [OutboxState.sending(owner: "me", leaseUntil: later), .sent(postID: "1", url: nil), .unknown(.givenBack)])
    func restoringASendIsRefusedFromEveryWaitingState(_ target: OutboxState) {
        for (_, state) in Self.states {
            #expect(throws: TransitionError.self) { try state.applying(.restore(target)) }
        }
    }

    /// An expired lease is claimed again (reconciled first); a due pending item is claimed to send.
    @Test func claimsFollowDueTimesAndLeases() throws {
        #expect(OutboxState.sending(owner: "me", leaseUntil: Self.earlier).claimable(at: Self.now) == .reconcileFirst)
        #expect(OutboxState.pending(until: Self.later).claimable(at: Self.now) == nil)
        #expect(OutboxState.unknown(.givenBack, checkAt: Self.later).claimable(at: Self.now) == nil)
        #expect(OutboxState.retrying(next: Self.earlier, because: .givenBack).claimable(at: Self.now) == .send)
    }
}
