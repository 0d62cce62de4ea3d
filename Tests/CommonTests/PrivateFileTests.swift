import Foundation
import Testing
@testable import Common

@Suite struct PrivateFileTests {
    @Test func newAndExistingFilesEndUpPrivateWithTheNewContent() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("missive-private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("old and longer".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        try PrivateFile.write(Data("new".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aLinkAtTheDestinationIsReplacedAndItsTargetLeftAlone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let victim = directory.appendingPathComponent("victim")
        try Data("someone else's file".utf8).write(to: victim)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: victim.path)
        let url = directory.appendingPathComponent("cookies.txt")
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)

        try PrivateFile.write(Data("mine".utf8), to: url)

        #expect(try String(contentsOf: victim, encoding: .utf8) == "someone else's file")
        #expect(try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions] as? Int == 0o644)
        #expect(!PrivateFile.isSymbolicLink(url.path))
        #expect(try String(contentsOf: url, encoding: .utf8) == "mine")
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["cookies.txt", "victim"],
                "no temporary file is left behind")
    }

    @Test func aDirectoryInTheWayIsNamedAndNothingIsLeftBehind() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        #expect(throws: PrivateFile.WriteError(path: url.path, reason: "it is a directory")) {
            try PrivateFile.write(Data("x".utf8), to: url)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
    }

    @Test func aLinkChainIsFollowedToItsLastTarget() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("dotfiles/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let middle = directory.appendingPathComponent("middle")
        try FileManager.default.createSymbolicLink(atPath: middle.path, withDestinationPath: "dotfiles/config.toml")
        let link = directory.appendingPathComponent("config.toml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: middle.path)
        #expect(PrivateFile.target(of: link)?.path == file.path, "relative and absolute links alike, even to a file not there yet")
        #expect(PrivateFile.target(of: file) == nil)
    }

    @Test func aFailureCarriesTheSystemsReason() {
        #expect(throws: PrivateFile.WriteError(path: "/nonexistent-dir/x", reason: "No such file or directory")) {
            try PrivateFile.write(Data(), to: URL(fileURLWithPath: "/nonexistent-dir/x"))
        }
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("missive-private-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
