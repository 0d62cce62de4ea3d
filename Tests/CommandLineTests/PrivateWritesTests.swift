import Foundation
import Testing

/// Issue 12: every file Missive writes goes through its one private writer, exports and pages too:
/// private to the user (0600), and a link at the name is replaced, never written through.
@Suite struct PrivateWritesTests {
    @Test func exportedDraftsAndPreviewPagesArePrivateFilesAndLinksAreNotFollowed() throws {
        let home = try MissiveHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let body = try home.file("body.md", Data("my private words".utf8))
        #expect(try home.run(["reply", "7", "--body-file", body, "--no-edit"]).status == 0)
        let out = home.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let victim = home.root.appendingPathComponent("victim.txt")
        try Data("not yours".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("draft-1.md"), withDestinationURL: victim)

        let export = try home.run(["drafts", "export", "--to", out.path])
        let page = out.appendingPathComponent("page.html")
        let preview = try home.run(["preview", "1", "--html", "--output", page.path])

        #expect(export.status == 0, "\(export.errorOutput)")
        #expect(preview.status == 0, "\(preview.errorOutput)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "not yours")
        for file in [out.appendingPathComponent("draft-1.md"), page] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(file.path)")
            #expect(attributes[.posixPermissions] as? Int == 0o600, "\(file.path)")
        }
        #expect(try String(contentsOf: out.appendingPathComponent("draft-1.md"), encoding: .utf8).contains("my private words"))
    }
}
