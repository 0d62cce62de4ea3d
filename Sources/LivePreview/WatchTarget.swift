import Foundation

/// What the preview redraws on: some names in one directory. A directory rather than a file,
/// because editors save by rename (vim writes a new file and moves it over the old one), which a
/// watch on the old file's inode would never see.
public struct WatchTarget: Sendable, Equatable {
    public var directory: URL
    public var names: Set<String>

    public init(directory: URL, names: Set<String>) {
        self.directory = directory
        self.names = names
    }

    /// One file, however it is saved.
    public static func file(_ url: URL) -> WatchTarget {
        WatchTarget(directory: url.deletingLastPathComponent(), names: [url.lastPathComponent])
    }
}
