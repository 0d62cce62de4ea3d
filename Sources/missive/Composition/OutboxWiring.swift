import Application
import Common
import Forum
import Foundation
import Outbox
import Store

/// The outbox's piece of the composition root: the sender with the adapters config.toml
/// describes, and the settings config.toml gives them.
struct OutboxWiring {
    let workspace: Workspace

    func settings(timeout: Int) -> SenderSettings {
        var settings = SenderSettings()
        settings.undoWindow = TimeInterval(workspace.config.undoWindow)
        // Every request of a send has `timeout`; a send makes a handful (form, post, redirect, a
        // stale form fetched again, a login), so the lease covers them all with room to spare.
        settings.lease = TimeInterval(timeout * 8 + 30)
        var policy = FullJitterBackoff()
        policy.base = TimeInterval(workspace.config.retry.base)
        policy.cap = TimeInterval(workspace.config.retry.cap)
        policy.maxFailures = workspace.config.retry.attempts
        settings.policy = policy
        settings.grace = TimeInterval(workspace.config.retry.grace)
        let config = workspace.config
        settings.lateLimits = LateLimits(
            everywhere: config.lateLimit,
            profiles: Dictionary(config.profiles.compactMap { profile in profile.lateLimit.map { (profile.name, $0) } }) { a, _ in a })
        return settings
    }
}

/// The senders the outbox use cases get: the adapters config.toml describes, its settings, and
/// SIGINT and SIGTERM turned into a stop request, armed only when a sender is made.
struct ConfiguredSenders: SenderSource {
    var wiring: OutboxWiring
    var timeout: Int
    var maxWait: TimeInterval?
    var credentials: (any CredentialSource)?
    var profile: String?

    func sender(progress: any SendProgress) -> Sender {
        var settings = wiring.settings(timeout: timeout)
        if let maxWait { settings.maxWait = maxWait }
        settings.profile = profile
        let stop = StopSignal()
        StopSignals.install(stop)
        let workspace = wiring.workspace
        return Sender(
            store: workspace.store,
            adapters: ConfiguredAdapters(paths: workspace.paths, config: workspace.config, timeout: timeout, credentials: credentials),
            settings: settings, progress: progress, stop: stop, imageHosts: workspace.imageHosts(timeout: timeout))
    }
}

/// Adapters for the profiles in config.toml, each with its own cookie jar.
struct ConfiguredAdapters: ForumAdapterSource {
    var paths: MissivePaths
    var config: Config
    var timeout: Int
    var credentials: (any CredentialSource)?

    func adapter(for profile: String) throws -> any ForumAdapter {
        try ForumConnection.adapter(for: try config.profile(named: profile), paths: paths, timeout: timeout, credentials: credentials)
    }
}
