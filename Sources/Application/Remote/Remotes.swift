import Common
import Foundation
import Outbox

/// `missive remotes add NAME DEST [--missive CMD]`: a box to hand drafts to, kept in config.toml.
public struct AddRemote: Sendable {
    let file: ConfigFile

    public init(_ file: ConfigFile) {
        self.file = file
    }

    public struct Problem: MissiveError, Equatable {
        public var why: String
        public var status: ExitStatus { .usage }
        public var description: String { why }
    }

    public func run(name: String, destination: String, missive: String?) throws -> Remote {
        if Profile.nameProblem(name) != nil {
            throw Problem(why: "a remote's name may use only letters, digits, - and _ (at most \(Profile.maxNameLength)): \"\(name)\" does not")
        }
        if let problem = Remote.destinationProblem(destination) {
            throw Problem(why: "\"\(destination)\" is not a destination ssh can take (\(problem)); write a host of ~/.ssh/config or user@host")
        }
        let command = missive?.trimmingCharacters(in: .whitespaces) ?? Remote.defaultMissive
        if command.isEmpty { throw Problem(why: "--missive is empty; give the command that runs Missive on the box, as /usr/bin/missive") }
        var config = file.config
        let remote = Remote(name: name, destination: destination, missive: command)
        if let index = config.remotes.firstIndex(where: { $0.name == name }) {
            // Handed items keep their remote's name: pointing it elsewhere would ask the wrong box about them.
            throw Problem(why: "there is a remote \(name) already (\(config.remotes[index].destination)); `missive remotes remove \(name)` first")
        }
        config.remotes.append(remote)
        try file.save(config)
        return remote
    }
}

/// `missive remotes remove NAME`: refused while items handed to it are not finished there, so
/// that none is left without a box to ask.
public struct RemoveRemote: Sendable {
    let file: ConfigFile
    let outbox: @Sendable () throws -> Outbox

    public init(_ file: ConfigFile, outbox: @escaping @Sendable () throws -> Outbox) {
        self.file = file
        self.outbox = outbox
    }

    public struct StillHanded: MissiveError, Equatable {
        public var name: String
        public var items: [Int64]
        public var status: ExitStatus { .dataError }
        public var description: String {
            "\(counted(items.count, "item")) handed to \(name) (\(items.map(String.init).joined(separator: ", "))) may still be sent there; "
                + "`missive queue list --refresh` shows how they stand. Cancel them (`missive queue cancel ID`) or let them go out first"
        }
    }

    public func run(_ name: String) throws {
        var config = file.config
        _ = try config.remote(named: name)
        let open = try outbox().handedItems().filter { entry in
            guard entry.item.state.handedTo == name else { return false }
            // What the box last said: finished there, nothing more can happen to it.
            return entry.item.handoff?.remoteState?.isFinished != true
        }
        if !open.isEmpty { throw StillHanded(name: name, items: open.map(\.item.id)) }
        config.remotes.removeAll { $0.name == name }
        try file.save(config)
        file.console.print("Removed remote \(name).")
    }
}

/// `missive remotes check NAME`: one exchange with the box: it is reached, its Missive's
/// version, and whether it is logged in to each profile.
public struct CheckRemote: Sendable {
    let config: Config
    let shell: any RemoteShell

    public init(config: Config, shell: any RemoteShell) {
        self.config = config
        self.shell = shell
    }

    public struct Report: Sendable, Equatable {
        public var remote: Remote
        public var version: String
        public var profiles: [RemoteProfile]
        /// The round trip, ssh and all.
        public var seconds: Double
    }

    public func run(_ name: String, profiles: [String]?) async throws -> Report {
        let remote = try config.remote(named: name)
        let started = Date()
        let answer = try await RemoteCall(shell: shell, remote: remote).exchange(HandoffRequest(profiles: profiles ?? config.profiles.map(\.name)))
        return Report(remote: remote, version: answer.missive, profiles: answer.profiles, seconds: Date().timeIntervalSince(started))
    }
}
