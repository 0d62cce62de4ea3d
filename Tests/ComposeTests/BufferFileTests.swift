import Common
import Foundation
import Store
import Testing
@testable import Compose

/// The buffer file on disk: written only as a new private file, never through a link.
@Suite struct BufferFileTests {
    @Test func aLinkLeftWhereTheBufferWasIsReplacedNotWrittenThrough() throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let victim = fixture.root.appendingPathComponent("victim.txt")
        try Data("someone else's file\n".utf8).write(to: victim)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: victim.path)
        let file = try BufferDirectory(paths: fixture.paths).create(for: .new, text: "first", origin: reply7)
        try FileManager.default.removeItem(at: file.url)
        try FileManager.default.createSymbolicLink(at: file.url, withDestinationURL: victim)

        try file.write("the notice and the text")

        #expect(try String(contentsOf: victim, encoding: .utf8) == "someone else's file\n")
        #expect(try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions] as? Int == 0o644)
        #expect(!PrivateFile.isSymbolicLink(file.url.path))
        #expect(try file.read(limit: 1_000) == "the notice and the text")
        #expect(try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aReopenedEditorDoesNotWriteTheNoticeThroughALinkItLeft() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        // The link's target holds broken front matter, so Missive reopens the editor and writes the notice.
        let victim = fixture.root.appendingPathComponent("victim.md")
        let broken = "---\nkind: nonsense\n---\nhello\n"
        try Data(broken.utf8).write(to: victim)
        let mark = fixture.root.appendingPathComponent("opened-once")
        let environment = try fixture.environment(editor: """
            if [ ! -e '\(mark.path)' ]; then touch '\(mark.path)'; rm "$1"; ln -s '\(victim.path)' "$1"; fi
            """)

        let result = try await EditSession(environment: environment).compose(reply7)

        #expect(try String(contentsOf: victim, encoding: .utf8) == broken)
        #expect(result.problem != nil, "kept flagged after the second try")
        #expect(fixture.bufferFiles.isEmpty)
    }
}
