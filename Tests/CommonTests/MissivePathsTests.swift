import Foundation
import Testing
@testable import Common

@Suite struct MissivePathsTests {
    @Test func missiveHomePutsEverythingUnderOneDirectory() {
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": "/tmp/mh", "XDG_DATA_HOME": "/elsewhere"])
        #expect(paths.config.path == "/tmp/mh/config")
        #expect(paths.data.path == "/tmp/mh/data")
        #expect(paths.state.path == "/tmp/mh/state")
        #expect(paths.cache.path == "/tmp/mh/cache")
    }

    @Test func theCacheFollowsXdgCacheHome() {
        #expect(MissivePaths.resolve(environment: ["HOME": "/home/g", "XDG_CACHE_HOME": "/var/cache/g"]).cache.path == "/var/cache/g/missive")
        #expect(MissivePaths.resolve(environment: ["HOME": "/home/g"]).cache.path == "/home/g/.cache/missive")
        #expect(MissivePaths.resolve(environment: ["HOME": "/home/g", "XDG_CACHE_HOME": "rel"]).cache.path == "/home/g/.cache/missive")
    }

    @Test func xdgVariablesWinOverHomeDefaults() {
        let paths = MissivePaths.resolve(environment: ["HOME": "/home/g", "XDG_CONFIG_HOME": "/cfg"])
        #expect(paths.config.path == "/cfg/missive")
        #expect(paths.data.path == "/home/g/.local/share/missive")
        #expect(paths.state.path == "/home/g/.local/state/missive")
    }

    @Test func relativeXdgPathsAreIgnoredAsTheSpecSays() {
        let paths = MissivePaths.resolve(environment: ["HOME": "/home/g", "XDG_DATA_HOME": "relative/dir", "MISSIVE_HOME": ""])
        #expect(paths.data.path == "/home/g/.local/share/missive")
    }

    @Test func createdDirectoriesArePrivate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        try paths.createDirectories()
        for directory in [paths.config, paths.data, paths.state] {
            let mode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
            #expect(mode == 0o700)
        }
    }
}
