import Foundation
import Testing

/// `missive service install|uninstall|status` through the binary, in a home and an
/// XDG_CONFIG_HOME of the test's own. No test reaches a real user manager: the children get no
/// session bus and an empty runtime directory (where a user manager does run, it is not asked),
/// and the one test of the path with systemd puts a systemctl of its own first on PATH.
@Suite struct ServiceCommandTests {
    /// A MISSIVE_HOME with a store, and an XDG_CONFIG_HOME apart from it (where the unit goes).
    final class World {
        let home: MissiveHome
        let xdg: URL
        let runtime: URL

        init() throws {
            home = try MissiveHome()
            xdg = try makeTemporaryDirectory("missive-xdg-config")
            runtime = try makeTemporaryDirectory("missive-xdg-runtime")
            #expect(try run(["init"]).status == 0)
        }

        deinit {
            home.remove()
            try? FileManager.default.removeItem(at: xdg)
            try? FileManager.default.removeItem(at: runtime)
        }

        var unit: URL { xdg.appendingPathComponent("systemd/user/missive-send.service") }

        var environment: [String: String] {
            ["MISSIVE_HOME": home.root.path, "XDG_CONFIG_HOME": xdg.path, "XDG_RUNTIME_DIR": runtime.path, "USER": "tester"]
        }

        func run(_ arguments: [String], path: String? = nil) throws -> CommandResult {
            var environment = environment
            if let path { environment["PATH"] = path }
            return try runMissive(arguments, environment: environment)
        }
    }

    /// Every path under `root` with its kind, mode and bytes: equal listings, equal trees.
    static func listing(_ root: URL) throws -> [String] {
        let manager = FileManager.default
        var lines: [String] = []
        let paths = (manager.subpaths(atPath: root.path) ?? []).sorted()
        for path in paths {
            let full = root.appendingPathComponent(path).path
            let attributes = try manager.attributesOfItem(atPath: full)
            let kind = attributes[.type] as? FileAttributeType
            let mode = String(attributes[.posixPermissions] as? Int ?? -1, radix: 8)
            var line = "\(path) \(kind?.rawValue ?? "?") \(mode)"
            if kind == .typeSymbolicLink {
                line += " -> " + (try manager.destinationOfSymbolicLink(atPath: full))
            } else if kind == .typeRegular {
                line += " " + (try Data(contentsOf: URL(fileURLWithPath: full))).base64EncodedString()
            }
            lines.append(line)
        }
        return lines
    }

    @Test func theUnitRunsThisBinaryAsAWatchWithTheHomeAndPassesSystemdAnalyzeVerify() throws {
        let world = try World()
        let install = try world.run(["service", "install", "--profile", "sandbox"])
        #expect(install.status == 0, "\(install.errorOutput)")
        let text = try String(contentsOf: world.unit, encoding: .utf8)
        // The very binary that ran install, its links resolved (as /proc/self/exe names it).
        let binary = BuiltBinary.url("missive").resolvingSymlinksInPath().path
        #expect(text.contains("\nExecStart=\(binary) send --watch --profile sandbox\n"), "\(text)")
        #expect(text.contains("\nEnvironment=MISSIVE_HOME=\(world.home.root.standardizedFileURL.path)\n"), "\(text)")
        for line in ["Restart=on-failure", "RestartSec=30", "StandardOutput=journal", "StandardError=journal", "WantedBy=default.target"] {
            #expect(text.contains("\n\(line)\n"), "\(line): \(text)")
        }
        // It checks that ExecStart's program exists, and every key and value.
        let verify = try runProgram(["systemd-analyze", "verify", world.unit.path])
        #expect(verify.status == 0, "systemd-analyze verify: \(verify.output)")
        #expect(!verify.output.contains("missive-send.service:"), "no warning about the unit: \(verify.output)")
    }

    @Test(arguments: [false, true])
    func installThenUninstallLeavesTheConfigTreeAsItWas(userUnitsAlready: Bool) throws {
        let world = try World()
        if userUnitsAlready {
            let user = world.xdg.appendingPathComponent("systemd/user/default.target.wants")
            try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
            try "[Unit]\nDescription=theirs\n".write(to: user.deletingLastPathComponent().appendingPathComponent("theirs.service"),
                                                    atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: user.appendingPathComponent("theirs.service").path,
                                                       withDestinationPath: "../theirs.service")
        }
        try "keep me\n".write(to: world.xdg.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        let before = try Self.listing(world.xdg)

        #expect(try world.run(["service", "install"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: world.unit.path))
        // Installed twice: the second keeps what the first recorded it made.
        #expect(try world.run(["service", "install"]).status == 0)
        let uninstall = try world.run(["service", "uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.errorOutput)")
        #expect(uninstall.output.contains("removed \(world.unit.path)"))

        #expect(try Self.listing(world.xdg) == before)
        let again = try world.run(["service", "uninstall"])
        #expect(again.status == 0 && again.output.contains("nothing to remove"), "\(again.output)")
    }

    @Test func withoutUserSystemdInstallSaysWhyAndHowAndStatusSaysSo() throws {
        let world = try World()
        let before = try world.run(["service", "status"])
        #expect(before.output.contains("service: missive-send.service: not installed"), "\(before.output)")

        let install = try world.run(["service", "install"])
        #expect(install.status == 0, "\(install.errorOutput)")
        #expect(install.output.contains("not started: no user systemd here ("), "\(install.output)")
        #expect(install.output.contains("systemctl --user enable --now missive-send.service"), "\(install.output)")
        #expect(install.output.contains("loginctl enable-linger $USER"), "\(install.output)")

        let status = try world.run(["service", "status"])
        #expect(status.status == 0)
        #expect(status.output.contains("service: missive-send.service: installed, not running (no user systemd here: "), "\(status.output)")
        #expect(status.output.contains("watcher: no sender watches this store now"), "\(status.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: try world.run(["service", "status", "--json"]).stdout) as? [String: Any])
        #expect(json["installed"] as? Bool == true && json["systemd"] as? Bool == false)
        #expect((json["no_systemd_because"] as? String)?.isEmpty == false)
        #expect(json["environment"] as? [String] == ["MISSIVE_HOME=\(world.home.root.standardizedFileURL.path)"])
    }

    /// Where a user manager answers, install reloads it and enables and starts the unit, and
    /// uninstall stops and disables it first: the calls, as a systemctl of the test's records them.
    @Test func withUserSystemdInstallEnablesAndStartsAndUninstallStopsAndDisables() throws {
        let world = try World()
        let bin = world.home.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = world.home.root.appendingPathComponent("systemctl.log").path
        // Answers as a user manager whose unit is not running yet.
        try """
            #!/bin/sh
            echo "$*" >> '\(log)'
            case "$2" in
              is-active) echo inactive; exit 3 ;;
              is-enabled) echo disabled; exit 1 ;;
              show) echo 0 ;;
            esac
            exit 0
            """.write(toFile: bin.appendingPathComponent("systemctl").path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("systemctl").path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let install = try world.run(["service", "install"], path: path)
        #expect(install.status == 0, "\(install.errorOutput)")
        #expect(install.output.contains("started missive-send.service"), "\(install.output)")
        #expect(install.output.contains("loginctl enable-linger tester"), "\(install.output)")
        let status = try world.run(["service", "status"], path: path)
        #expect(status.output.contains("service: missive-send.service: inactive, disabled"), "\(status.output)")
        #expect(try world.run(["service", "uninstall"], path: path).status == 0)
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { !$0.contains("is-active") }
        #expect(calls.contains("--user daemon-reload") && calls.contains("--user enable --now missive-send.service")
                && calls.contains("--user disable --now missive-send.service"), "\(calls)")
        #expect(calls.firstIndex(of: "--user daemon-reload")! < calls.firstIndex(of: "--user enable --now missive-send.service")!)
    }

    @Test func aUnitMissiveDidNotWriteIsNeitherOverwrittenNorRemoved() throws {
        let world = try World()
        try FileManager.default.createDirectory(at: world.unit.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Service]\nExecStart=/bin/true\n".write(to: world.unit, atomically: true, encoding: .utf8)
        for command in ["install", "uninstall"] {
            let result = try world.run(["service", command])
            #expect(result.status == 73, "\(command): \(result.errorOutput)")
            #expect(result.errorOutput.contains("was not written by `missive service install`, so it is left as it is"), "\(result.errorOutput)")
        }
        #expect(try String(contentsOf: world.unit, encoding: .utf8) == "[Service]\nExecStart=/bin/true\n")
    }

    /// One watch per store: a second is refused while the first runs, naming it; status and
    /// doctor name it too; once it stops, a watch starts again.
    @Test func aSecondWatchOfTheSameStoreIsRefusedWhileTheFirstRuns() async throws {
        let world = try World()
        let first = try Launched(["send", "--watch"], environment: world.environment,
                                 log: world.home.root.appendingPathComponent("watch.log"))
        #expect(await eventually(within: 10) { first.output.contains("watching ") }, "\(first.output)")

        let second = try await offThePool { try world.run(["send", "--watch"]) }
        #expect(second.status == 75, "\(second.errorOutput)")
        #expect(second.errorOutput.contains("a sender is already watching this store (pid \(first.pid), "), "\(second.errorOutput)")
        #expect(second.errorOutput.contains("the outbox leases make two safe, but one is enough"), "\(second.errorOutput)")
        #expect(try world.run(["service", "status"]).output.contains("watcher: pid \(first.pid) watches this store"))
        #expect(try world.run(["doctor"]).output.contains("pid \(first.pid) watches this store"))

        first.signal(SIGINT)
        #expect(await first.exitStatus(within: 10) == 130, "\(first.output)")
        let third = try Launched(["send", "--watch"], environment: world.environment,
                                 log: world.home.root.appendingPathComponent("watch-3.log"))
        #expect(await eventually(within: 10) { third.output.contains("watching ") }, "the lock went with its process: \(third.output)")
        third.signal(SIGINT)
        #expect(await third.exitStatus(within: 10) == 130)
    }

    @Test func doctorShowsTheServiceAndTheMostOverdueItem() async throws {
        let world = try World()
        let body = try world.home.file("b.md", Data("overdue words".utf8))
        #expect(try world.run(["reply", "1", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try world.run(["reply", "2", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try world.run(["queue", "1", "--at", "+1s"]).status == 0)
        #expect(try world.run(["queue", "2", "--at", "+1h"]).status == 0)
        #expect(try world.run(["service", "install"]).status == 0)
        try await Task.sleep(for: .seconds(2.5))

        let doctor = try world.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.errorOutput)")
        #expect(doctor.output.contains("service:   missive-send.service: installed, not running (no user systemd here: "), "\(doctor.output)")
        #expect(doctor.output.contains("overdue:   item 1 (draft d1, reply to thread 1), due "), "\(doctor.output)")
        // Seconds, or minutes on a busy machine: how long the commands above took decides.
        #expect(doctor.output.firstMatch(of: /overdue by \d+ (s|min): the next `missive send` sends it/) != nil, "\(doctor.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: try world.run(["doctor", "--json"]).stdout) as? [String: Any])
        let overdue = try #require(json["most_overdue"] as? [String: Any])
        #expect(overdue["id"] as? Int == 1 && (overdue["overdue_seconds"] as? Int).map { $0 >= 1 } == true, "\(overdue)")
        #expect((json["service"] as? [String: Any])?["installed"] as? Bool == true)
        #expect(try world.run(["service", "uninstall"]).status == 0)
    }
}
