import Application
import Common
import Foundation

enum ServiceError: MissiveError, Equatable {
    /// A file at the unit's path that Missive did not write: never overwritten nor removed.
    case foreignUnit(String)
    case unwritable(path: String, reason: String)
    case systemctl(command: String, message: String)

    var status: ExitStatus {
        switch self {
        case .foreignUnit: .cantCreate
        case .unwritable: .cantCreate
        case .systemctl: .unavailable
        }
    }

    var description: String {
        switch self {
        case let .foreignUnit(path):
            "\(path) was not written by `missive service install`, so it is left as it is; move it away (or remove it) "
                + "if it is an older Missive unit of your own, then run this again"
        case let .unwritable(path, reason): "cannot write \(path): \(reason)"
        case let .systemctl(command, message): "`\(command)` failed: \(message)"
        }
    }
}

/// Where the sender service stands: the unit file, what systemd says of it, and whether some
/// sender (the service or a terminal's `send --watch`) watches this store now.
struct ServiceState {
    var unit: URL
    var installed: UserUnit.Installed?
    /// Why systemd's user manager cannot be asked; nil when it answered.
    var noSystemd: String?
    var active: String?
    var enabled: String?
    /// The pid of the live `send --watch` of this store, if any.
    var watcher: Int32?

    static func read(paths: MissivePaths, environment: [String: String]) -> ServiceState {
        let unit = UserUnit.file(environment: environment)
        let text = try? String(contentsOf: unit, encoding: .utf8)
        let systemd = UserSystemd(environment: environment)
        let noSystemd = systemd.unavailable()
        return ServiceState(
            unit: unit, installed: text.flatMap(UserUnit.read), noSystemd: noSystemd,
            active: noSystemd == nil ? systemd.word("is-active", unit: UserUnit.name) : nil,
            enabled: noSystemd == nil ? systemd.word("is-enabled", unit: UserUnit.name) : nil,
            watcher: WatchLock.holder(paths: paths))
    }

    /// "active (pid 812 watches this store), enabled", "installed, not running (no user systemd
    /// here: ...)", "not installed".
    var summary: String {
        guard installed != nil else {
            if FileManager.default.fileExists(atPath: unit.path) { return "a unit Missive did not write is at \(unit.path)" }
            return "not installed (`missive service install` sets it up)"
        }
        if let noSystemd { return "installed, not running (no user systemd here: \(noSystemd))" }
        let state = active ?? "unknown"
        let start = switch enabled {
        case "enabled"?: "enabled: starts at login"
        case let word?: "\(word): not started at login (`systemctl --user enable missive-send.service`)"
        case nil: "not known whether it starts at login"
        }
        return "\(state), \(start)"
    }

    /// What `missive service status` prints, line by line.
    var lines: [String] {
        var lines = ["service: \(UserUnit.name): \(summary)", "unit:    \(unit.path)"]
        if let installed {
            lines.append("runs:    \(installed.execStart)")
            for variable in installed.environment { lines.append("env:     \(variable)") }
        }
        lines.append("watcher: " + (watcher.map { "pid \($0) watches this store (`missive send --watch`)" } ?? "no sender watches this store now"))
        return lines
    }

    var json: ServiceJSON {
        ServiceJSON(unit: unit.path, installed: installed != nil, systemd: noSystemd == nil, noSystemdBecause: noSystemd,
                    active: active, enabled: enabled, execStart: installed?.execStart, environment: installed?.environment ?? [],
                    watcherPid: watcher, summary: summary)
    }
}

/// `missive service status --json`, and the `service` of `missive doctor --json`.
/// Not the `ServiceState`: its unit file and systemd's answers as flags and text, with a summary.
struct ServiceJSON: Encodable {
    var unit: String
    var installed: Bool
    /// Whether systemd's user manager answered.
    var systemd: Bool
    @JSONNull var noSystemdBecause: String?
    @JSONNull var active: String?
    @JSONNull var enabled: String?
    @JSONNull var execStart: String?
    var environment: [String]
    @JSONNull var watcherPid: Int32?
    var summary: String
}
