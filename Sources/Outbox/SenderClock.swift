import Foundation

/// Where a sender gets the time and how it waits: Swift's `Clock` for the waits and a `Date`
/// source for the times it records. Tests pass a manual one and move time on instead of sleeping.
public struct SenderClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// Any `Clock` for the waits, with `now` for the times.
    public init<C: Clock>(_ clock: C, now: @escaping @Sendable () -> Date) where C.Duration == Duration {
        self.init(now: now, sleep: { try await clock.sleep(for: $0) })
    }

    /// The machine's own time.
    public static var system: SenderClock { SenderClock(ContinuousClock(), now: { Date() }) }
}
