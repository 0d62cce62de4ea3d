@testable import Application
import Common
import Foundation
import Testing

/// The words `queue list` shows for a handed item: the box's state in its own sender's words, a
/// sent post's number before its address (a table cuts at its width), and what is missing.
@Suite struct RemoteWordsTests {
    let now = Date(timeIntervalSince1970: 1_772_442_000)

    func words(_ item: RemoteItem) -> String {
        RemoteWords.describe(item, remote: "box", now: now)
    }

    @Test func eachStateInTheSendersWords() {
        let due = now.addingTimeInterval(3600)
        // The time itself is the one clock format's (LocalClock, tested on its own), in the process's zone.
        let time = LocalClock.time(due, now: now)
        #expect(words(RemoteItem(handoff: "h", item: 4, state: .queued, due: due)) == "on box as item 4: queued for \(time)")
        #expect(words(RemoteItem(handoff: "h", item: 4, state: .pending, due: due)) == "on box as item 4: pending until \(time)")
        #expect(words(RemoteItem(handoff: "h", item: 4, state: .retrying, due: due)) == "on box as item 4: retrying at \(time)")
        #expect(words(RemoteItem(handoff: "h", item: 4, state: .failed, reason: "no such user: Zoe"))
            == "on box as item 4: failed no such user: Zoe")
    }

    @Test func aSentPostIsNamedByNumberBeforeItsAddress() {
        let url = "http://127.0.0.1:8642/showthread.php?goto=post&postid=500000052"
        #expect(words(RemoteItem(handoff: "h", item: 2, state: .sent, url: url, postID: "500000052"))
            == "on box as item 2: sent post 500000052 (\(url))")
        #expect(words(RemoteItem(handoff: "h", item: 2, state: .sent, url: url)) == "on box as item 2: sent \(url)")
        #expect(words(RemoteItem(handoff: "h", item: 2, state: .sent, postID: "7")) == "on box as item 2: sent post 7")
    }

    @Test func noItemThereSaysSo() {
        #expect(words(RemoteItem(handoff: "h")) == "on box: no such item there")
        #expect(words(RemoteItem(handoff: "h", error: "unknown profile work")) == "on box: unknown profile work")
    }
}
