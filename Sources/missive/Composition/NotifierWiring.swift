import Application
import Common
import Forum
import Foundation
import Store
#if canImport(Glibc)
import Glibc
#endif

/// `notify_command` (the profile's, else the top level's) run through `/bin/sh -c` with the title
/// as its argument and `MISSIVE_NOTIFY_KIND`, `MISSIVE_NOTIFY_TITLE` and `MISSIVE_NOTIFY_URL` in
/// its environment; killed after `limit` seconds. Its standard output goes to standard error, so
/// that `--json` stays clean.
struct CommandNotifier: Notifier {
    var command: String
    var environment: [String: String]
    var limit: Int = 10

    /// The notifier config.toml asks for: the profile's `notify_command`, the top level's, or
    /// notify-send where a desktop session is there (DISPLAY or WAYLAND_DISPLAY and notify-send on
    /// PATH); nil when there is none of them.
    static func configured(_ config: Config, profile: Profile,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> CommandNotifier? {
        if let command = profile.notifyCommand ?? config.notifyCommand {
            return command.trimmingCharacters(in: .whitespaces).isEmpty ? nil : CommandNotifier(command: command, environment: environment)
        }
        let desktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let paths = (environment["PATH"] ?? "").split(separator: ":")
        guard desktop, paths.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/notify-send") }) else { return nil }
        return CommandNotifier(command: "notify-send --app-name=Missive Missive", environment: environment)
    }

    func notify(_ notification: NewsNotification) async -> NotifierOutcome {
        var childEnvironment = environment
        childEnvironment["MISSIVE_NOTIFY_KIND"] = notification.kind.rawValue
        childEnvironment["MISSIVE_NOTIFY_TITLE"] = notification.title
        childEnvironment["MISSIVE_NOTIFY_URL"] = notification.url.absoluteString
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "missive-notify", notification.title]
        let limit = self.limit
        // Spawned and waited for off the cooperative pool: waiting blocks.
        return await Task.detached { Self.run(arguments, environment: childEnvironment, limit: limit) }.value
    }

    private static func run(_ arguments: [String], environment: [String: String], limit: Int) -> NotifierOutcome {
        // A group of its own, so that a command that hangs is killed with its children.
        let child: pid_t
        switch ChildProcess.spawn(arguments, environment: environment,
                                  options: ChildProcess.Options(input: .null, outputToErrors: true, ownGroup: true)) {
        case let .success(pid): child = pid
        case let .failure(error): return .failed("the notify command could not start: \(error.description)")
        }
        let deadline = Date().addingTimeInterval(TimeInterval(limit))
        var status: Int32 = 0
        while true {
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child { break }
            if reaped < 0, errno != EINTR { return .failed("the notify command could not be waited for") }
            if Date() >= deadline {
                kill(-child, SIGKILL)
                kill(child, SIGKILL)
                while waitpid(child, &status, 0) < 0, errno == EINTR {}
                return .killed(after: limit)
            }
            usleep(20_000)
        }
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited, code == 0 { return .shown }
        return .failed(exited ? "the notify command exited with status \(code)" : "the notify command was killed by signal \(status & 0x7F)")
    }
}

extension Home {
    /// `status --notify`: the store opened for writing (it remembers what was told) and the
    /// profile's notifier.
    func notifyNews(_ options: ForumOptions) throws -> NotifyNews {
        let profile = try config.profile(named: options.profile)
        return NotifyNews(store: try Store.open(paths: paths, access: .readWrite),
                          notifier: CommandNotifier.configured(config, profile: profile), clock: { Date() })
    }
}

extension Workspace {
    /// `send --watch`'s check for news: every profile (or the one named) that reads as a member
    /// and has a notifier, over the saved session (no password prompt), every `check_interval`.
    func watchForNews(timeout: Int, profile only: String?) -> WatchForNews {
        let store = self.store, paths = self.paths, clock = environment.clock
        var sources: [WatchForNews.Source] = []
        for profile in config.profiles where only == nil || profile.name == only {
            guard let notifier = CommandNotifier.configured(config, profile: profile),
                  let adapter = try? ForumConnection.adapter(for: profile, paths: paths, timeout: timeout, credentials: nil),
                  let reader = adapter as? any ForumReader
            else { continue }
            let check = CheckStatus(profile: profile.name, reader: reader, forum: adapter) {
                try store.outboxListing(states: CheckStatus.outboxStates, limit: nil)
            }
            sources.append(WatchForNews.Source(profile: profile.name, check: check,
                                               notify: NotifyNews(store: store, notifier: notifier, clock: clock)))
        }
        return WatchForNews(sources: sources, interval: config.checkInterval, console: console) { seconds in
            try await Task.sleep(for: .seconds(seconds))
        }
    }
}
