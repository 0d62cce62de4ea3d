import Application
import Common
import Forum
import Outbox

extension Workspace {
    /// The profiles' image hosts, as config.toml and the saved tokens describe them.
    var imageSetup: ImageHostSetup { ImageHostSetup(paths: paths, config: config) }

    func imageHosts(timeout: Int = 60) -> ImageHosts { ImageHosts(setup: imageSetup, timeout: timeout) }
}

/// The image host of a profile, reached over the forum layer's HTTP client.
struct ImageHosts: ImageHostSource {
    var setup: ImageHostSetup
    var timeout: Int

    func host(for profile: String) throws -> any ImageHost {
        let settings = HTTPSettings(userAgent: "missive/\(MissiveVersion.string)", connectTimeout: .seconds(min(timeout, 10)),
                                    totalTimeout: .seconds(timeout))
        return try ImgurHost(apiBase: try setup.apiBase(of: profile), credential: try setup.credential(of: profile),
                             client: try HTTPClient(settings: settings))
    }
}
