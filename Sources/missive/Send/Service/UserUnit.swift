import Common
import Foundation

/// The systemd user unit `missive service install` writes: where it goes, what it says, and the
/// directories install had to make for it (recorded in the unit itself, so that uninstall
/// removes exactly those, from whichever shell it runs, and nothing the user made).
struct UserUnit: Equatable {
    static let name = "missive-send.service"
    /// The first line: a unit that does not start with it is not Missive's, and is left alone.
    static let signature = "# Written by `missive service install`; `missive service uninstall` removes it."
    static let madePrefix = "# missive-made-directory: "

    /// The program and its arguments: `missive send --watch [--profile P]`.
    var command: [String]
    /// Variables the sender needs to find the same store as the shell that installed it.
    var environment: [(String, String)]
    /// Directories install created, for uninstall to remove when empty. `default.target.wants/`
    /// is among them when it was missing at install: `systemctl enable` makes it.
    var made: [URL]

    static func == (a: UserUnit, b: UserUnit) -> Bool {
        a.command == b.command && a.environment.map { "\($0)=\($1)" } == b.environment.map { "\($0)=\($1)" } && a.made == b.made
    }

    /// `$XDG_CONFIG_HOME/systemd/user` (`~/.config/systemd/user` by default): where systemd's
    /// user manager looks for the user's own units. MISSIVE_HOME does not move it: the unit is
    /// the user's, wherever Missive keeps its files.
    static func directory(environment: [String: String]) -> URL {
        configHome(environment: environment).appendingPathComponent("systemd/user", isDirectory: true)
    }

    static func configHome(environment: [String: String]) -> URL {
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
    }

    static func file(environment: [String: String]) -> URL {
        directory(environment: environment).appendingPathComponent(name)
    }

    /// The variables that decide where Missive's files are: MISSIVE_HOME when set (it moves all
    /// of them), else the XDG ones the shell sets, which a user manager's own environment may lack.
    static func environment(from process: [String: String]) -> [(String, String)] {
        if let home = process["MISSIVE_HOME"], !home.isEmpty {
            return [("MISSIVE_HOME", URL(fileURLWithPath: home).standardizedFileURL.path)]
        }
        return ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"].compactMap { name in
            process[name].flatMap { $0.hasPrefix("/") ? (name, $0) : nil }
        }
    }

    var text: String {
        var lines = [Self.signature,
                     "# `missive service install` writes it anew; an edit made here is lost then."]
        lines += made.map { Self.madePrefix + $0.path }
        lines += [
            "",
            "[Unit]",
            "Description=Missive sender: sends queued forum posts when they are due",
            "",
            "[Service]",
            "Type=simple",
        ]
        lines += environment.map { "Environment=" + Self.quoted("\($0)=\($1)") }
        lines += [
            "ExecStart=" + command.map { Self.quoted($0, dollars: true) }.joined(separator: " "),
            "# A forum that is down is retried by the sender itself; this restarts the sender. While",
            "# another `missive send --watch` watches the same store, this one exits 75 and tries again",
            "# 30 s later: it takes over once that one stops.",
            "Restart=on-failure",
            "RestartSec=30",
            "# `systemctl stop` (SIGTERM) ends the watch with 143 once the item in hand is recorded.",
            "SuccessExitStatus=130 143",
            "StandardOutput=journal",
            "StandardError=journal",
            "",
            "[Install]",
            "WantedBy=default.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A word as systemd reads it: `%` is a specifier and `$` (in ExecStart) a variable, so both
    /// are doubled; a word with spaces, quotes or backslashes is double-quoted, with escapes.
    static func quoted(_ word: String, dollars: Bool = false) -> String {
        var text = word.replacingOccurrences(of: "%", with: "%%")
        if dollars { text = text.replacingOccurrences(of: "$", with: "$$") }
        guard text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || $0 == "'" }) || text.isEmpty else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// What an installed unit says: nil when the file is not one Missive wrote.
    static func read(_ text: String) -> Installed? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == signature else { return nil }
        var installed = Installed()
        for line in lines {
            if line.hasPrefix(madePrefix) {
                installed.made.append(URL(fileURLWithPath: String(line.dropFirst(madePrefix.count))))
            } else if line.hasPrefix("ExecStart=") {
                installed.execStart = String(line.dropFirst("ExecStart=".count))
            } else if line.hasPrefix("Environment=") {
                installed.environment.append(String(line.dropFirst("Environment=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
        return installed
    }

    /// An installed unit as `status` and `uninstall` read it.
    struct Installed: Equatable {
        var made: [URL] = []
        var execStart = ""
        var environment: [String] = []
    }

    /// The directories between `directory` and the first one that exists, deepest first: what
    /// creating `directory` makes.
    static func missing(upTo directory: URL) -> [URL] {
        var missing: [URL] = []
        var current = directory.standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        return missing
    }

    /// The absolute path of this very program, for ExecStart: the service runs the same build.
    static func runningProgram() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
}
