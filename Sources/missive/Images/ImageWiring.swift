import Application
import Common

extension Workspace {
    /// The profiles' image hosts, as config.toml and the saved tokens describe them.
    func imageHosts(timeout: Int = 60) -> ImageHostSetup {
        ImageHostSetup(paths: paths, config: config, timeout: timeout, userAgent: "missive/\(MissiveVersion.string)")
    }
}
