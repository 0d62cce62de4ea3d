import Application
import Common
import Foundation
import Markup
import Outbox
import Store

/// The system's ssh, run as config.toml's `ssh_command` says (default `ssh`), the way git runs
/// `core.sshCommand`: through `sh -c`, so that the setting may carry options and quoting.
/// Always with BatchMode (never a password or host-key question in the middle of a command)
/// and a bounded connect time (an unplugged box fails in seconds, not minutes).
struct SystemSSH: RemoteShell {
    let sshCommand: String

    init(config: Config) {
        sshCommand = config.sshCommand ?? Config.defaultSSHCommand
    }

    /// ssh's own words for how long to try to connect.
    static let connectTimeout = 15

    func run(_ remote: Remote, command: String, input input_: Data) async throws -> RemoteRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `--` keeps a destination from being read as an option (AddRemote refuses a leading `-` too).
        process.arguments = ["-c", sshCommand + " \"$@\"", "ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=\(Self.connectTimeout)",
                             "--", remote.destination, command]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let data = input
        let inputData = input_
        return try await withCheckedThrowingContinuation { continuation in
            // Off the cooperative pool: the pipes and the wait block.
            Thread.detachNewThread {
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: SSHNotStarted(command: sshCommand, reason: error.localizedDescription))
                    return
                }
                let group = DispatchGroup()
                nonisolated(unsafe) var out = Data(), err = Data()
                group.enter()
                DispatchQueue.global().async { out = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
                group.enter()
                DispatchQueue.global().async { err = errors.fileHandleForReading.readDataToEndOfFile(); group.leave() }
                // A box that stops reading (it failed early) must not leave this write hanging or
                // kill us with SIGPIPE: the write error is ignored, the exit status tells.
                signal(SIGPIPE, SIG_IGN)
                try? data.fileHandleForWriting.write(contentsOf: inputData)
                try? data.fileHandleForWriting.close()
                process.waitUntilExit()
                group.wait()
                continuation.resume(returning: RemoteRun(status: process.terminationStatus, output: out,
                                                         errorOutput: String(decoding: err, as: UTF8.self)))
            }
        }
    }
}

struct SSHNotStarted: MissiveError {
    var command: String
    var reason: String
    var status: ExitStatus { .unavailable }
    var description: String { "could not run ssh (`\(command)`, from ssh_command in config.toml): \(reason)" }
}

extension Workspace {
    var remoteShell: SystemSSH { SystemSSH(config: config) }

    func handDraft() -> HandDraft {
        HandDraft(local, config: config, shell: remoteShell,
                  imageBase: ImagePathBase(workingDirectory: FileManager.default.currentDirectoryPath,
                                           home: ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()),
                  origin: ProcessInfo.processInfo.hostName)
    }

    func refreshHandoffs() -> RefreshHandoffs { RefreshHandoffs(local, config: config, shell: remoteShell) }

    func changeQueueAnywhere() -> ChangeQueue { ChangeQueue(local, handed: ChangeHanded(local, config: config, shell: remoteShell)) }

    /// The box's side: what a laptop's `queue --via` runs here over ssh.
    func importHandoffs() -> ImportHandoffs {
        let paths = self.paths
        return ImportHandoffs(local, config: config, images: imageSetup.intake(), scratch: paths.state.appendingPathComponent("handoffs"),
                              version: MissiveVersion.string) { profile in
            await ForumConnection.hasSavedSession(profile, paths: paths)
        }
    }
}

extension ForumConnection {
    /// Whether the profile has a saved session here (its cookie jar), without asking the forum:
    /// what a box reports to the laptop that hands it work.
    static func hasSavedSession(_ profile: Profile, paths: MissivePaths) async -> Bool {
        guard let adapter = try? adapter(for: profile, paths: paths, timeout: 10, credentials: nil, cookieJar: .readOnly) else { return false }
        return await adapter.hasSavedSession()
    }
}

extension Home {
    func addRemote() -> AddRemote { AddRemote(configFile) }

    func removeRemote() -> RemoveRemote {
        let paths = self.paths
        return RemoveRemote(configFile) { Outbox(store: try Store.open(paths: paths, access: .readOnly)) }
    }

    func checkRemote() -> CheckRemote { CheckRemote(config: config, shell: SystemSSH(config: config)) }
}
