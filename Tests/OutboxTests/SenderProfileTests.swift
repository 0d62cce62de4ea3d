import Foundation
import Testing
@testable import Outbox

/// `send --profile P` (what the service runs with `service install --profile P`): only that
/// profile's items are touched; the others stay queued, without even an undo window opened.
@Suite(.serialized) struct SenderProfileTests {
    @Test func aSenderForOneProfileLeavesTheOthersItemsAlone() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("only for the sandbox profile")
            let other = try await f.sender { $0.profile = "elsewhere" }.run(.due(ids: nil))
            #expect(other.sent.isEmpty && other.waiting.isEmpty, "\(f.progress.lines)")
            #expect(try f.item(item.id).state.name == "queued", "not even its window was opened")

            let mine = try await f.sender { $0.profile = "sandbox" }.run(.due(ids: [item.id]))
            #expect(mine.sent == [item.id], "\(f.progress.lines)")
            #expect(try await f.copies(of: "only for the sandbox profile") == 1)
        }
    }
}
