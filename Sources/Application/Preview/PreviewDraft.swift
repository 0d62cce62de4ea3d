import Common
import Compose
import Store

/// `preview` (and `--live`, on each save): a draft, editor buffer or file made ready to draw, with
/// the profile, dialect and theme chosen for it. Preview only reads: the store is opened (without
/// recovery) only when a draft id is previewed.
public struct PreviewDraft: Sendable {
    let config: Config
    let paths: MissivePaths
    let store: @Sendable () throws -> Store

    public init(config: Config, paths: MissivePaths, store: @escaping @Sendable () throws -> Store) {
        self.config = config
        self.paths = paths
        self.store = store
    }

    /// What `target` (a file, "-" for standard input, or a draft id) holds, cut at `cut` when an
    /// editor session names its cut line.
    public func source(_ target: String, cut: CutLine? = nil) throws -> PreviewSource {
        try PreviewSource.load(target, defaultProfile: config.defaultProfile, cut: cut, store: store)
    }

    public func run(_ target: String, choices: PreviewPost.Choices, cut: CutLine? = nil) throws -> PreviewPost {
        try PreviewPost(try source(target, cut: cut), choices: choices, config: config, paths: paths)
    }
}
