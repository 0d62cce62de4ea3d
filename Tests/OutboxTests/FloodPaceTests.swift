import Foundation
import Store
import Testing
@testable import Outbox

@Suite struct FloodPaceTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let pace = FloodPace(margin: 0.1)

    @Test func afterASendTheNextWaitsAWholeIntervalOnceItIsKnown() {
        let unknown = pace.afterSend(OutboxPace(profile: "p", channel: "posts"), now: now)
        #expect(unknown.lastSentAt == now && unknown.notBefore == nil)
        let known = pace.afterSend(OutboxPace(profile: "p", channel: "posts", interval: 30), now: now)
        #expect(known.notBefore == now.addingTimeInterval(30.1))
    }

    @Test func aFloodAnswerIsTimedFromOurLastSendWhenWeKnowIt() {
        let last = now.addingTimeInterval(-18)
        let learned = pace.afterFlood(
            OutboxPace(profile: "p", channel: "posts", lastSentAt: last),
            interval: 30, secondsLeft: 12, now: now, fallback: now.addingTimeInterval(14))
        #expect(learned.interval == 30)
        #expect(learned.notBefore == last.addingTimeInterval(30.1))
    }

    @Test func someoneElsesPostMeansTheForumsSecondsWin() {
        // Our last send was long ago, so the forum's count (someone posted in a browser) decides.
        let learned = pace.afterFlood(
            OutboxPace(profile: "p", channel: "posts", interval: 30, lastSentAt: now.addingTimeInterval(-300)),
            interval: nil, secondsLeft: 20, now: now, fallback: now.addingTimeInterval(22))
        #expect(learned.notBefore == now.addingTimeInterval(19.1))
    }

    @Test func withoutOurLastSendThePolicysWaitApplies() {
        let fallback = now.addingTimeInterval(14)
        let learned = pace.afterFlood(OutboxPace(profile: "p", channel: "posts"), interval: nil,
                                      secondsLeft: 12, now: now, fallback: fallback)
        #expect(learned.notBefore == fallback && learned.interval == 0)
    }
}
