import Foundation
import TestSupport
import Testing

/// Debian's real OpenSSH server for the handoff tests: `sshd -D -f CONFIG` on 127.0.0.1 and a
/// free port, with a host key and one authorized user key made for the test. Tests reach it
/// through the real `ssh` client, as a user's laptop reaches their box.
final class SSHServer: @unchecked Sendable {
    let directory: URL
    let port: UInt16

    var userKey: String { directory.appendingPathComponent("user_ed25519").path }
    var knownHosts: String { directory.appendingPathComponent("known_hosts").path }
    var destination: String { "root@127.0.0.1" }
    /// config.toml's `ssh_command` that reaches this server (BatchMode is Missive's own addition).
    var sshCommand: String {
        "ssh -p \(port) -i \(userKey) -o IdentitiesOnly=yes -o UserKnownHostsFile=\(knownHosts) -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR"
    }

    init() async throws {
        directory = try makeTemporaryDirectory("missive-sshd")
        for key in ["host_ed25519", "user_ed25519"] {
            let path = directory.appendingPathComponent(key).path
            let made = try await offThePool { try runToEnd(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path]) }
            #expect(made == 0, "ssh-keygen made \(key)")
        }
        try FileManager.default.copyItem(at: directory.appendingPathComponent("user_ed25519.pub"),
                                         to: directory.appendingPathComponent("authorized_keys"))
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        // A port nothing listens on, let go just before sshd binds it.
        let (free, socket) = try SandboxProcess.refusingPort()
        try socket.close()
        port = free
        let config = """
            ListenAddress 127.0.0.1
            Port \(port)
            HostKey \(directory.appendingPathComponent("host_ed25519").path)
            AuthorizedKeysFile \(directory.appendingPathComponent("authorized_keys").path)
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PermitRootLogin prohibit-password
            StrictModes no
            UsePAM no
            PidFile \(directory.appendingPathComponent("sshd.pid").path)
            LogLevel ERROR
            """
        let file = directory.appendingPathComponent("sshd_config")
        try config.write(to: file, atomically: true, encoding: .utf8)
        // Started by a shell that leaves it running and ends at once: Foundation never watches
        // sshd itself (a test's `runMissive` was seen to wait for good on a child that had exited
        // while Foundation watched sshd), and it is stopped by the pid its PidFile holds.
        let pidFile = directory.appendingPathComponent("sshd.pid").path
        let started = try await offThePool {
            try runToEnd(["/bin/sh", "-c", "/usr/sbin/sshd -D -e -f '\(file.path)' </dev/null >/dev/null 2>&1 &"])
        }
        #expect(started == 0)
        let port = self.port
        let up = await eventually(within: 10) { SandboxProcess.accepts(port) && FileManager.default.fileExists(atPath: pidFile) }
        #expect(up, "sshd listens on 127.0.0.1:\(port)")
    }

    /// SIGKILL by its pid: nothing of sshd's is kept.
    func stop() {
        guard let text = try? String(contentsOfFile: directory.appendingPathComponent("sshd.pid").path, encoding: .utf8),
              let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 else { return }
        kill(pid, SIGKILL)
        try? FileManager.default.removeItem(atPath: directory.appendingPathComponent("sshd.pid").path)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// An executable script in the server's folder, for ssh_command wrappers and fake programs.
    func script(_ name: String, _ body: String) throws -> String {
        let file = directory.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file.path
    }
}

/// A laptop and an always-on box: the box is an `OutboxWorld` (a sandbox forum, logged in), the
/// laptop a second MISSIVE_HOME with the same profile, not logged in, whose remote `box` is the
/// box's Missive behind the real sshd.
final class HandoffWorld: @unchecked Sendable {
    let box: OutboxWorld
    let ssh: SSHServer
    let laptop: URL

    /// What runs Missive on the box: its own home and zone, whatever the ssh session's are.
    var boxMissive: String { "env MISSIVE_HOME=\(box.home.path) TZ=UTC \(BuiltBinary.url("missive").path)" }
    var laptopConfig: URL { laptop.appendingPathComponent("config/config.toml") }

    init() async throws {
        box = try await OutboxWorld()
        ssh = try await SSHServer()
        laptop = try makeTemporaryDirectory("missive-laptop")
        for arguments in [["init"], ["profiles", "add", "sandbox", "--base-url", box.baseURL],
                          ["remotes", "add", "box", ssh.destination, "--missive", boxMissive]] {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        }
        try useSSH(ssh.sshCommand)
    }

    deinit {
        try? FileManager.default.removeItem(at: laptop)
    }

    /// Sets config.toml's ssh_command (a wrapper, in the interruption tests).
    func useSSH(_ command: String) throws {
        let text = try String(contentsOf: laptopConfig, encoding: .utf8)
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("ssh_command") }
        let quoted = "\"" + command.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        try ((["ssh_command = \(quoted)"] + kept.map(String.init)).joined(separator: "\n")).write(to: laptopConfig, atomically: true, encoding: .utf8)
    }

    /// The laptop's `missive ARGS`, in a fixed zone.
    func run(_ arguments: [String], stdin: String = "") async throws -> CommandResult {
        let environment = ["MISSIVE_HOME": laptop.path, "TZ": "UTC"]
        return try await offThePool { try runMissive(arguments, stdin: Data(stdin.utf8), environment: environment) }
    }

    /// A draft on the laptop from a buffer text; returns its id.
    func draft(_ buffer: String) async throws -> Int {
        let file = laptop.appendingPathComponent("draft-\(UUID().uuidString).md")
        try buffer.write(to: file, atomically: true, encoding: .utf8)
        let result = try await run(["drafts", "import", file.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        return try #require(result.output.split(separator: "\n").compactMap { Int($0) }.first)
    }

    /// `queue list --json` on the laptop (with `--refresh`, after asking the box), by id.
    func laptopItems(refresh: Bool = false) async throws -> [Int: [String: Any]] {
        let result = try await run(["queue", "list", "--json"] + (refresh ? ["--refresh"] : []))
        #expect(result.status == 0, "\(result.errorOutput)")
        let rows = (try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]) ?? []
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? Int).map { ($0, row) } })
    }
}

/// Runs a program to its end with Foundation's own wait (no pipes), for the test's set-up.
func runToEnd(_ arguments: [String]) throws -> Int32 {
    let process = ChildProcess()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
