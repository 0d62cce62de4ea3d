import Foundation
import Testing
@testable import Outbox

@Suite struct RetryPolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func policy(random: Double) -> FullJitterBackoff {
        var policy = FullJitterBackoff()
        policy.random = { random }
        return policy
    }

    @Test func backoffBoundDoublesFromTheBaseUpToTheCap() {
        let top = policy(random: 1)
        #expect((1...8).map { top.backoff(failures: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600])
        #expect(top.backoff(failures: 500) == 3600)
    }

    @Test func fullJitterScalesTheWholeBound() {
        #expect(policy(random: 0).backoff(failures: 4) == 0)
        #expect(policy(random: 0.5).backoff(failures: 4) == 120)
    }

    @Test func realRandomWaitsStayInsideTheBound() {
        let real = FullJitterBackoff()
        let waits = (0..<200).map { _ in real.backoff(failures: 3) }
        #expect(waits.allSatisfy { (0...120).contains($0) })
        #expect(Set(waits).count > 100, "waits should be spread, not in step")
    }

    @Test func floodControlWaitsTheNamedSecondsPlusTheMargin() {
        #expect(policy(random: 0.5).decide(.floodControl(seconds: 12), failures: 0, now: now)
                == .retry(at: now.addingTimeInterval(14)))
    }

    @Test func retryAfterIsHonouredEvenPastTheFailureLimit() {
        #expect(policy(random: 0.5).decide(.retryAfter(seconds: 120), failures: 99, now: now)
                == .retry(at: now.addingTimeInterval(122)))
    }

    @Test func probationWaitsUntilItsEnd() {
        let end = now.addingTimeInterval(86_400 * 3)
        #expect(policy(random: 0).decide(.probation(until: end), failures: 0, now: now)
                == .retry(at: end.addingTimeInterval(2)))
    }

    @Test func transientFailuresGiveUpAfterTheLimit() {
        let p = policy(random: 1)
        #expect(p.decide(.transient, failures: 7, now: now) == .retry(at: now.addingTimeInterval(1920)))
        #expect(p.decide(.transient, failures: 8, now: now) == .giveUp(attempts: 8))
    }
}
