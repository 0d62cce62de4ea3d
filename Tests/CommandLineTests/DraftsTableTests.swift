import Common
import Foundation
import Testing

/// The table of `drafts list` and `drafts search`, column by column: widths counted in characters,
/// line breaks and tabs flattened, long titles cut with "…", flags and states at the end.
@Suite struct DraftsTableTests {
    @Test func listAndSearchPrintOneAlignedLinePerDraft() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let note = try home.file("note.md", Data("first line\nsecond\tline".utf8))
        #expect(try home.run(["pm", "Zoë", "--subject", "naïve\tplan", "--body-file", note, "--no-edit"]).status == 0)
        let accents = try home.file("accents.md", Data(String(repeating: "é", count: 70).utf8))
        let short = try home.file("short.md", Data("short".utf8))
        #expect(try home.run(["reply", "3507451", "--body-file", short, "--no-edit"]).status == 0)
        #expect(try home.run(["reply", "3507451", "--body-file", accents, "--no-edit"]).status == 0)
        // CHANGED is the local time to the minute (today, so without a date) and how long ago:
        // each draft's own, since a minute can turn between the two.
        let clock = DateFormatter()
        clock.locale = Locale(identifier: "en_US_POSIX")
        clock.dateFormat = "HH:mm"
        clock.timeZone = LocalClock.zone
        func changed(_ id: Int) throws -> String {
            let stamp = try #require(try home.show(id)["updated_at"] as? String)
            let updated = try #require(ISO8601DateFormatter().date(from: String(stamp.prefix(19)) + "Z"), "\(stamp)")
            return "\(clock.string(from: updated)) (just now)".padding(toLength: 27, withPad: " ", startingAt: 0)
        }
        let (first, second) = (try changed(1), try changed(2))

        let list = try home.run(["drafts", "list", "--no-headers"])
        #expect(list.status == 0, "\(list.errorOutput)")
        #expect(list.output == """
            2     reply  thread 3507451        r2    \(second)\(String(repeating: "é", count: 59))…
            1     pm     PM to Zoë             r1    \(first)naïve plan: first line second line

            """)

        let search = try home.run(["drafts", "search", "secon", "--no-headers"])
        #expect(search.output == "1     pm     PM to Zoë             r1    \(first)naïve plan: first line second line\n")

        #expect(try home.run(["drafts", "rm", "2"]).status == 0)
        let all = try home.run(["drafts", "list", "--all", "--no-headers"])
        #expect(all.output.split(separator: "\n").first?.hasSuffix("… [deleted]") == true)
        #expect(try home.run(["drafts", "list", "--no-headers"]).output.split(separator: "\n").count == 1)

        // A deleted (or sent) draft is searched only with --all, and marked.
        #expect(try home.run(["drafts", "search", "éé"]).output.isEmpty)
        let closed = try home.run(["drafts", "search", "éé", "--all", "--no-headers"])
        #expect(closed.status == 0 && closed.output.hasPrefix("2 ") && closed.output.hasSuffix(" [deleted]\n"), "\(closed.output)")
    }

    @Test func aShortListSaysHowManyItLeftOut() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        for thread in ["1", "2", "3"] {
            let body = try home.file("b\(thread).md", Data("body \(thread)".utf8))
            #expect(try home.run(["reply", thread, "--body-file", body, "--no-edit"]).status == 0)
        }
        let two = try home.run(["drafts", "list", "--limit", "2", "--no-headers"])
        #expect(two.output.split(separator: "\n").map { $0.prefix(6) } == ["3     ", "2     "])
        #expect(two.errorOutput.contains("showing the 2 most recent of 3 drafts; --limit 0 shows all"))
        let all = try home.run(["drafts", "list", "--limit", "0", "--no-headers"])
        #expect(all.output.split(separator: "\n").count == 3)
        #expect(all.errorOutput.isEmpty)
    }
}
