import Common
import Foundation

/// The sandbox's clock, behind a protocol so that flood control can be tested without waiting.
public protocol SandboxClock: Sendable {
    func now() -> Date
}

public struct SystemClock: SandboxClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// Everything `missive sandbox` can set, and what tests set when they start one in-process.
public struct SandboxConfiguration: Sendable {
    /// 0 picks a free port; read the bound one from `SandboxServer.port`.
    public var port: UInt16
    /// The image host's own port (`/3/...`, `/i/...`); 0 picks a free one, read back from
    /// `SandboxServer.imagesPort`. `missive-sandbox` passes `SandboxImageAPI.defaultPort`.
    public var imagesPort: UInt16
    /// Where `sandbox.sqlite` lives. nil: a new temporary directory, removed on `stop()`.
    public var dataDirectory: URL?
    /// Seconds a user must wait between posts (replies and new threads); 0 turns flood control off.
    public var floodInterval: Int
    /// Seconds between private messages, counted apart from posts; 0 turns it off.
    public var messageFloodInterval: Int
    public var faults: FaultPlan
    /// Seeds the fault dice, so a run can be repeated exactly.
    public var seed: UInt64
    public var clock: any SandboxClock
    /// One line per request when set (the executable prints them; tests leave it nil).
    public var log: (@Sendable (String) -> Void)?
    /// The themes the pages wear, `themes.defaultName` unless a page's address asks for another.
    /// nil: the bundled themes with the user's, wearing `default`.
    public var themes: SandboxThemes?

    /// The forum's own default interval.
    public static let defaultFloodInterval = Config.sandboxFloodInterval

    public init(port: UInt16 = 0, imagesPort: UInt16 = 0, dataDirectory: URL? = nil, floodInterval: Int = defaultFloodInterval,
                messageFloodInterval: Int? = nil, faults: FaultPlan = FaultPlan(), seed: UInt64 = 1,
                clock: any SandboxClock = SystemClock(), log: (@Sendable (String) -> Void)? = nil,
                themes: SandboxThemes? = nil) {
        self.port = port
        self.imagesPort = imagesPort
        self.dataDirectory = dataDirectory
        self.floodInterval = floodInterval
        self.messageFloodInterval = messageFloodInterval ?? floodInterval
        self.faults = faults
        self.seed = seed
        self.clock = clock
        self.log = log
        self.themes = themes
    }
}
