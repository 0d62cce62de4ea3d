import Forum
import Foundation

/// Where a sender gets the adapter for a profile (the command line builds them from config.toml).
public protocol ForumAdapterSource: Sendable {
    func adapter(for profile: String) throws -> any ForumAdapter
}

/// How a sender behaves; the defaults are the product's.
public struct SenderSettings: Sendable {
    /// Seconds an item waits in `pending` so that `missive undo` can call it off.
    public var undoWindow: TimeInterval = 10
    /// How long a claim lasts, per item: longer than one item can take (every request of a send
    /// has a timeout), so that a slow sender never loses an item it is still sending.
    public var lease: TimeInterval = 120
    /// How long after a lost answer the forum is asked whether the post landed: a forum may still
    /// be storing a post whose answer never came.
    public var settle: TimeInterval = 2
    /// How long after a lost send the forum may still store it (it finishes requests whose client
    /// gave up): "not there" is believed only after this; an earlier check is made again then.
    public var grace: TimeInterval = 60
    /// Items claimed in one transaction when the forum does not limit the pace.
    public var batch = 16
    /// Added to the flood interval between two sends.
    public var paceMargin: TimeInterval = 0.1
    /// `missive send` (without --watch) waits for retries and flood control up to this long;
    /// items due later stay queued for the next run.
    public var maxWait: TimeInterval = 300
    /// `--watch` looks for newly queued items this often.
    public var poll: TimeInterval = 2
    public var policy: any RetryPolicy = FullJitterBackoff()
    /// Only this profile's items (`send --profile`); nil: every profile's.
    public var profile: String?
    /// Scheduled items later than this are held instead of sent (config.toml's `late_limit`).
    public var lateLimits = LateLimits()
    /// How long after its time an item counts as missed (and says how late it went out): a
    /// watch wakes on time, so only an item whose time passed while no sender ran is this late.
    public var lateAfter: TimeInterval = 1

    public init() {}
}

/// What a run of the sender did.
public struct SendSummary: Sendable, Equatable {
    public var sent: [Int64] = []
    public var failed: [Int64] = []
    /// Items of this run still waiting (a retry later than `maxWait`, an unknown being checked).
    public var waiting: [Int64] = []
    /// Profiles whose session is gone: their items stay queued.
    public var notLoggedIn: [String] = []
    /// Profiles whose forum answered with a bot check instead: their items stay queued too.
    public var botCheck: [String] = []
    /// Items of this run cancelled while they waited (by `missive undo` or `queue cancel`).
    public var cancelled: [Int64] = []
    public var stoppedBy: String?
    /// A stopped watch has said what it left in the queue and why: nothing more to say.
    public var leftReported = false
}
