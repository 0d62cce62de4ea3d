import Foundation
import Store
import Testing
@testable import Outbox

@Suite struct FloodPaceTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let pace = FloodPace(margin: 0.1)

    @Test(arguments: [
        ("This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.", 30.0),
        ("This forum requires that you wait 60 seconds between sending private messages.", 60),
        ("You must WAIT 5 SECONDS BETWEEN posts", 5),
    ])
    func theIntervalIsReadFromTheForumsWords(message: String, interval: Double) {
        #expect(FloodPace.interval(in: message) == interval)
    }

    @Test(arguments: ["Please try again in 12 seconds.", "wait a moment", "wait 30 minutes between posts", ""])
    func wordsWithoutAnIntervalGiveNone(message: String) {
        #expect(FloodPace.interval(in: message) == nil)
    }

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
            message: "This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.",
            secondsLeft: 12, now: now, fallback: now.addingTimeInterval(14))
        #expect(learned.interval == 30)
        #expect(learned.notBefore == last.addingTimeInterval(30.1))
    }

    @Test func someoneElsesPostMeansTheForumsSecondsWin() {
        // Our last send was long ago, so the forum's count (someone posted in a browser) decides.
        let learned = pace.afterFlood(
            OutboxPace(profile: "p", channel: "posts", interval: 30, lastSentAt: now.addingTimeInterval(-300)),
            message: "Please try again in 20 seconds.", secondsLeft: 20, now: now, fallback: now.addingTimeInterval(22))
        #expect(learned.notBefore == now.addingTimeInterval(19.1))
    }

    @Test func withoutOurLastSendThePolicysWaitApplies() {
        let fallback = now.addingTimeInterval(14)
        let learned = pace.afterFlood(OutboxPace(profile: "p", channel: "posts"), message: "Please try again in 12 seconds.",
                                      secondsLeft: 12, now: now, fallback: fallback)
        #expect(learned.notBefore == fallback && learned.interval == 0)
    }
}
