import Foundation

/// Where a sender gets the time and how it waits: Swift's `Clock` for the waits and a `Date`
/// source for the times it records. Tests pass a manual one and move time on instead of sleeping.
public struct SenderClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Duration) async throws -> Void
    /// How the lease renewer waits between renewals. A lease guards requests in flight, which take
    /// real time even when a test runs the sender's own waits on a manual clock (where a renewer
    /// on that clock would renew in a tight loop while a request runs), so such a clock keeps
    /// this one on real time.
    public var renewalSleep: @Sendable (Duration) async throws -> Void

    public init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void,
        renewalSleep: (@Sendable (Duration) async throws -> Void)? = nil
    ) {
        self.now = now
        self.sleep = sleep
        self.renewalSleep = renewalSleep ?? sleep
    }

    /// Any `Clock` for the waits, with `now` for the times.
    public init<C: Clock>(_ clock: C, now: @escaping @Sendable () -> Date) where C.Duration == Duration {
        self.init(now: now, sleep: { try await clock.sleep(for: $0) })
    }

    /// The machine's own time.
    public static var system: SenderClock { SenderClock(ContinuousClock(), now: { Date() }) }
}
