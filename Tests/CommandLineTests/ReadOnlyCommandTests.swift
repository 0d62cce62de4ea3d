import Foundation
import Testing

/// Issue 12, point 10: commands that only read work on a data folder that cannot be written, and
/// change nothing on disk (no chmod, no new file in the store's folder).
@Suite struct ReadOnlyCommandTests {
    static let readingCommands = [
        ["drafts", "list"], ["drafts", "show", "1"], ["drafts", "search", "hello"], ["drafts", "history", "1"],
        ["templates", "list"], ["history"], ["queue", "list"],
    ]

    /// A home with one draft, its folders then made 0500: private enough, and not writable.
    private func readOnlyHome() throws -> MissiveHome {
        let home = try MissiveHome()
        let body = try home.file("body.md", Data("hello there".utf8))
        #expect(try home.run(["reply", "7", "--body-file", body, "--no-edit"]).status == 0)
        for folder in ["config", "data", "state"] {
            try FileManager.default.createDirectory(at: home.root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: home.root.appendingPathComponent(folder).path)
        }
        return home
    }

    private func restore(_ home: MissiveHome) {
        for folder in ["config", "data", "state"] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.root.appendingPathComponent(folder).path)
        }
        try? FileManager.default.removeItem(at: home.root)
    }

    private func snapshot(_ home: MissiveHome) throws -> [String: Int] {
        var modes: [String: Int] = [:]
        for folder in ["config", "data", "state"] {
            modes[folder] = try FileManager.default.attributesOfItem(atPath: home.root.appendingPathComponent(folder).path)[.posixPermissions] as? Int
        }
        return modes
    }

    @Test func readingCommandsChangeNoModeAndNoByteOfTheStore() throws {
        let home = try readOnlyHome()
        defer { restore(home) }
        let before = try snapshot(home)
        let store = FileManager.default.contents(atPath: home.store)
        for command in Self.readingCommands {
            let result = try home.run(command)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
        }
        #expect(try snapshot(home) == before)
        #expect(before.values.allSatisfy { $0 == 0o500 })
        #expect(FileManager.default.contents(atPath: home.store) == store)
    }

    /// A data folder the user may read but neither write nor chmod (another owner's, as on a
    /// read-only mount). Root may do anything, so this runs the commands as `nobody`.
    @Test(.enabled(if: UnprivilegedRun.available))
    func aUserWhoMayNotWriteTheDataFolderCanStillRead() throws {
        let home = try readOnlyHome()
        defer { restore(home) }
        for path in [home.root.path] + (FileManager.default.subpaths(atPath: home.root.path) ?? []).map({ home.root.appendingPathComponent($0).path }) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            try FileManager.default.setAttributes([.posixPermissions: isDirectory.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
        }
        for command in Self.readingCommands {
            let result = try UnprivilegedRun.missive(command, environment: home.environment())
            #expect(result.status == 0, "\(command): \(result.output)")
        }
        let listed = try UnprivilegedRun.missive(["drafts", "list"], environment: home.environment())
        #expect(listed.output.contains("hello there"), "\(listed.output)")
        let contents = try FileManager.default.contentsOfDirectory(atPath: home.root.appendingPathComponent("data").path)
        #expect(contents == ["missive.sqlite"], "no -wal or -shm made beside it: \(contents)")
    }
}

/// Runs the built binary as `nobody`, from root (as CI runs): a user without root's power over
/// files it does not own.
enum UnprivilegedRun {
    static let nobody: uid_t = 65534

    /// Root, able to become `nobody` with the binary still reachable.
    static let available: Bool = getuid() == 0 && (try? missive(["--version"], environment: [:]).status) == 0

    /// Its status and what it printed (standard output and error together).
    static func missive(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        try runProgram(["setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", BuiltBinary.url("missive").path] + arguments,
                       environment: childEnvironment(environment))
    }
}
