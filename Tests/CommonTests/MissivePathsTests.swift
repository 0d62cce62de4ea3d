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

    /// Issue 12: every run chmod-ed the folders, even read-only ones and ones behind a link.
    @Test func existingFoldersAreTightenedOnlyWhenOpenToOthersAndNeverThroughALink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(at: paths.data, withDestinationURL: elsewhere)
        try FileManager.default.createDirectory(at: paths.config, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: paths.config.path)
        try FileManager.default.createDirectory(at: paths.state, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: paths.state.path)

        try paths.createDirectories()

        func mode(_ url: URL) throws -> Int? { try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int }
        #expect(try mode(elsewhere) == 0o755, "not through the link")
        #expect(try mode(paths.config) == 0o500, "private enough already")
        #expect(try mode(paths.state) == 0o700, "the group could read it")
    }
}
