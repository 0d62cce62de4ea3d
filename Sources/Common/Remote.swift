import Foundation

/// An always-on machine that keeps a queue of its own (`missive remotes add NAME DEST`): drafts
/// are handed to its Missive over ssh (`missive queue DRAFT --via NAME`), which sends them when
/// they are due, whether or not this machine is awake then.
public struct Remote: Sendable, Equatable {
    public var name: String
    /// Where ssh goes, as ssh takes it: a host of `~/.ssh/config`, or `user@host`.
    public var destination: String
    /// The command that runs Missive there, as the box's shell reads it (`missive`, or
    /// `env MISSIVE_HOME=/srv/m /usr/bin/missive`).
    public var missive: String

    public static let defaultMissive = "missive"

    public init(name: String, destination: String, missive: String = Remote.defaultMissive) {
        self.name = name
        self.destination = destination
        self.missive = missive
    }

    /// Why `destination` cannot be handed to ssh, or nil when it can: ssh would read a leading
    /// `-` as an option, and white space or a control character as more than one word.
    public static func destinationProblem(_ destination: String) -> String? {
        if destination.isEmpty { return "it is empty" }
        if destination.hasPrefix("-") { return "it starts with -, which ssh reads as an option" }
        if destination.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "it holds white space or a control character"
        }
        return nil
    }
}
