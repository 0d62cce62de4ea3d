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

    @Test func aFailureCarriesTheSystemsReason() {
        #expect(throws: PrivateFile.WriteError(path: "/nonexistent-dir/x", reason: "No such file or directory")) {
            try PrivateFile.write(Data(), to: URL(fileURLWithPath: "/nonexistent-dir/x"))
        }
    }
}
