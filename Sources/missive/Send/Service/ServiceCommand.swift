import ArgumentParser
import Common
import Foundation

struct ServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Keep a sender running without a terminal: a systemd user service that runs `missive send --watch`.",
        discussion: """
            `install` writes \(UserUnit.name) to $XDG_CONFIG_HOME/systemd/user (~/.config/systemd/user) \
            and starts it with `systemctl --user enable --now`; where there is no user systemd (a \
            container, CI) it writes the unit and says how to start it. The service logs to the \
            journal (`journalctl --user -u \(UserUnit.name)`). `uninstall` removes exactly what \
            install wrote. `status` says where it stands.
            """,
        subcommands: [Install.self, Uninstall.self, Status.self])
}

extension ServiceCommand {
    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write the user unit and start it (where the user's systemd runs).",
            discussion: """
                The unit runs this very program (its absolute path) as `send --watch`, with \
                MISSIVE_HOME (or the XDG directories) of this shell, restarts it on failure, and \
                starts it at login. After logout it keeps running only when lingering is on \
                (`loginctl enable-linger $USER`). A sender already watching this store is not doubled: \
                the service is then enabled but not started.
                """)

        @Option(help: ArgumentHelp("Send only this profile's items (default: every profile's).", valueName: "name"))
        var profile: String?

        func run() async throws {
            let workspace = try Workspace.open()
            if let profile { _ = try workspace.profile(profile) }
            let environment = ProcessInfo.processInfo.environment
            let file = UserUnit.file(environment: environment), directory = file.deletingLastPathComponent()
            var previous: UserUnit.Installed?
            if FileManager.default.fileExists(atPath: file.path) {
                guard let installed = (try? String(contentsOf: file, encoding: .utf8)).flatMap(UserUnit.read) else {
                    throw ServiceError.foreignUnit(file.path)
                }
                previous = installed
            }
            // What this install makes, added to what an earlier one made: uninstall removes both.
            let wants = directory.appendingPathComponent("default.target.wants", isDirectory: true)
            // `enable` makes default.target.wants/ when it is missing: recorded with the rest.
            let made = previous?.made ?? UserUnit.missing(upTo: wants)
            let unit = UserUnit(
                command: [UserUnit.runningProgram(), "send", "--watch"] + (profile.map { ["--profile", $0] } ?? []),
                environment: UserUnit.environment(from: environment), made: made)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(unit.text.utf8).write(to: file, options: .atomic)
            } catch {
                throw ServiceError.unwritable(path: file.path, reason: error.localizedDescription)
            }
            Console.print("wrote \(file.path)")
            Console.print("  runs: \(unit.command.joined(separator: " "))")
            let systemd = UserSystemd(environment: environment)
            if let why = systemd.unavailable() {
                Console.print("""
                    not started: no user systemd here (\(why)).
                    Where your user systemd runs (a desktop or ssh login), start it now and at every login with:
                      systemctl --user daemon-reload
                      systemctl --user enable --now \(UserUnit.name)
                    To keep it running after you log out: loginctl enable-linger $USER
                    """)
                return
            }
            try Self.systemctl(systemd, ["daemon-reload"])
            let service = systemd.mainPID(unit: UserUnit.name)
            if let watcher = WatchLock.holder(paths: workspace.paths), watcher != service {
                try Self.systemctl(systemd, ["enable", UserUnit.name])
                Console.print("""
                    a sender is already watching this store (pid \(watcher)); the outbox leases make two safe, but one is enough.
                    The service is enabled (it starts at your next login) but not started now; to start it here, stop pid \(watcher) \
                    (Ctrl-C where it runs), then: systemctl --user start \(UserUnit.name)
                    """)
                return
            }
            if service != nil {
                // Already running: started again so that it runs what the unit now says.
                try Self.systemctl(systemd, ["enable", UserUnit.name])
                try Self.systemctl(systemd, ["restart", UserUnit.name])
                Console.print("restarted \(UserUnit.name) with this unit; its log: journalctl --user -u \(UserUnit.name)")
            } else {
                try Self.systemctl(systemd, ["enable", "--now", UserUnit.name])
                Console.print("started \(UserUnit.name); it starts at every login. Its log: journalctl --user -u \(UserUnit.name)")
            }
            let user = environment["USER"] ?? NSUserName()
            if FileManager.default.fileExists(atPath: "/var/lib/systemd/linger/\(user)") {
                Console.print("lingering is on for \(user): it keeps running after you log out")
            } else {
                Console.print("it stops when you log out; to keep it running: loginctl enable-linger \(user)")
            }
        }

        static func systemctl(_ systemd: UserSystemd, _ arguments: [String]) throws {
            let command = "systemctl --user " + arguments.joined(separator: " ")
            guard let answer = systemd.run(arguments) else { throw ServiceError.systemctl(command: command, message: "systemctl could not be run") }
            guard answer.status == 0 else {
                throw ServiceError.systemctl(command: command, message: answer.error.isEmpty ? "exit status \(answer.status)" : answer.error)
            }
        }
    }

    struct Uninstall: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Stop and disable the service, and remove what `service install` wrote.",
            discussion: "Directories install made are removed when they are empty; anything else is left as it was.")

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let file = UserUnit.file(environment: environment), directory = file.deletingLastPathComponent()
            guard FileManager.default.fileExists(atPath: file.path) else {
                Console.print("nothing to remove: no \(UserUnit.name) in \(directory.path)")
                return
            }
            guard let installed = (try? String(contentsOf: file, encoding: .utf8)).flatMap(UserUnit.read) else {
                throw ServiceError.foreignUnit(file.path)
            }
            let systemd = UserSystemd(environment: environment)
            let noSystemd = systemd.unavailable()
            if noSystemd == nil {
                try ServiceCommand.Install.systemctl(systemd, ["disable", "--now", UserUnit.name])
                Console.print("stopped and disabled \(UserUnit.name)")
            }
            // Enabled from a login that had systemd, uninstalled from one that has not: the link
            // `enable` made goes too, when it is ours.
            let link = directory.appendingPathComponent("default.target.wants/\(UserUnit.name)")
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path),
               URL(fileURLWithPath: target, relativeTo: link.deletingLastPathComponent()).standardizedFileURL.path == file.standardizedFileURL.path {
                try? FileManager.default.removeItem(at: link)
            }
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw ServiceError.unwritable(path: file.path, reason: error.localizedDescription)
            }
            Console.print("removed \(file.path)")
            // Deepest first, so that a parent is empty by the time its turn comes.
            for directory in installed.made.sorted(by: { $0.path.count > $1.path.count }) where Self.isEmptyDirectory(directory) {
                try? FileManager.default.removeItem(at: directory)
                Console.print("removed \(directory.path) (install made it)")
            }
            if noSystemd == nil { try ServiceCommand.Install.systemctl(systemd, ["daemon-reload"]) }
        }

        static func isEmptyDirectory(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
            return (try? FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty) ?? false
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Say whether the service is installed, running and enabled, and who watches this store.")

        @Flag(help: "Print it as JSON for scripts.")
        var json = false

        func run() async throws {
            let state = ServiceState.read(paths: Home.paths(), environment: ProcessInfo.processInfo.environment)
            if json {
                try printJSON(state.json)
            } else {
                for line in state.lines { Console.print(line) }
            }
        }
    }
}
