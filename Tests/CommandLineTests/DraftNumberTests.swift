import Foundation
import Testing

/// A draft is one number however it is typed: `7` or `d7`, as `queue list`'s DRAFT column shows it.
@Suite struct DraftNumberTests {
    @Test func dNIsTheSameDraftAsN() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["reply", "3500001", "--body-file", "-", "--no-edit"], stdin: Data("first words".utf8)).status == 0)
        #expect(try home.run(["reply", "3500002", "--body-file", "-", "--no-edit", "--new"], stdin: Data("second words".utf8)).status == 0)
        let plain = try home.run(["drafts", "show", "2"])
        let written = try home.run(["drafts", "show", "d2"])
        #expect(plain.status == 0 && written.status == 0, "\(written.errorOutput)")
        #expect(written.output == plain.output && written.output.contains("second words"))
        let preview = try home.run(["preview", "d2"])
        #expect(preview.status == 0 && preview.output.contains("second words"), "\(preview.errorOutput)")
        let removed = try home.run(["drafts", "rm", "D1"])
        #expect(removed.status == 0, "\(removed.errorOutput)")
        #expect(try home.drafts(all: false).count == 1)
    }
}
