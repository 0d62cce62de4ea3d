import Foundation

/// Why an attempt must be tried again later (a rejection never reaches the retry policy).
public enum RetryCause: Sendable, Equatable {
    /// A 5xx, a database-error page, a timeout before the request was sent.
    case transient
    /// The forum's flood control named how many seconds are left.
    case floodControl(seconds: Int)
    /// The server sent Retry-After.
    case retryAfter(seconds: Int)
    /// The account is on probation until this time.
    case probation(until: Date)
}

public enum RetryDecision: Sendable, Equatable {
    case retry(at: Date)
    /// Too many transient failures: the count.
    case giveUp(attempts: Int)
}

/// The retry Strategy. `failures` counts the transient failures so far, this one included;
/// waits the forum asks for (flood control, Retry-After, probation) are not failures.
public protocol RetryPolicy: Sendable {
    func decide(_ cause: RetryCause, failures: Int, now: Date) -> RetryDecision
    /// When to ask the forum again whether an unknown item landed, after `checks` checks that
    /// settled nothing (this one included): the schedule of a transient failure, but never a
    /// giving up, for the item may be on the forum (issue 31).
    func recheck(checks: Int, now: Date) -> Date
}

/// Exponential backoff with full jitter (a uniformly random wait between zero and the
/// exponential bound, so that many senders do not retry in step), and the forum's own waits
/// honoured to the second plus a small margin.
public struct FullJitterBackoff: RetryPolicy {
    public var base: TimeInterval = 30
    public var cap: TimeInterval = 3_600
    public var maxFailures = 8
    /// Added to waits the forum names, so that we never arrive a moment too early.
    public var margin: TimeInterval = 2
    /// A number in 0...1; injected so that tests can pin it.
    public var random: @Sendable () -> Double = { Double.random(in: 0...1) }

    public init() {}

    public func decide(_ cause: RetryCause, failures: Int, now: Date) -> RetryDecision {
        switch cause {
        case .floodControl(let seconds), .retryAfter(let seconds):
            return .retry(at: now.addingTimeInterval(TimeInterval(max(0, seconds)) + margin))
        case .probation(let until):
            return .retry(at: max(until, now).addingTimeInterval(margin))
        case .transient:
            guard failures < maxFailures else { return .giveUp(attempts: failures) }
            return .retry(at: now.addingTimeInterval(backoff(failures: failures)))
        }
    }

    public func recheck(checks: Int, now: Date) -> Date {
        now.addingTimeInterval(backoff(failures: checks))
    }

    /// A random wait in 0...min(cap, base * 2^(failures-1)).
    public func backoff(failures: Int) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 30)))
        let bound = min(cap, base * pow(2, exponent))
        return bound * min(1, max(0, random()))
    }
}
