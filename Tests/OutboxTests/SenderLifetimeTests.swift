import Foundation
import Outbox
import Testing

/// Nothing a sender started is still running once `run` has returned. `missive send` exits right
/// after: a task still holding the forum client would clean libcurl up on one thread while the
/// process's exit cleans OpenSSL up on another (a crash seen in CI, signal 11).
@Suite struct SenderLifetimeTests {
    @Test func aSenderIsReleasedAsSoonAsItsRunReturns() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("sent, and then nothing of the sender is left")
            weak var released: Sender?
            do {
                let sender = f.sender()
                released = sender
                let summary = try await sender.run(.due(ids: nil))
                #expect(summary.sent == [item.id])
            }
            #expect(released == nil, "the lease renewer still holds the sender")
        }
    }

}
