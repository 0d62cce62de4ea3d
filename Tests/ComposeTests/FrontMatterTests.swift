import Testing
@testable import Compose

@Suite struct FrontMatterTests {
    @Test func readsCommentsAndQuotesAndLeavesHashHeadingsInTheBody() throws {
        let text = """
            ---
            # a comment line
            kind: reply          # reply | pm | thread | edit
            thread: 3507451
            subject: "C# and #hashtags \\"quoted\\""
            to: 'it''s me'
            profile: sa#not-a-comment
            ---
            # A heading, not a comment

            Body text.
            """
        let split = try FrontMatter.split(text, source: "t")
        #expect(split.entries.map(\.key) == ["kind", "thread", "subject", "to", "profile"])
        #expect(split.entries.map(\.value) == ["reply", "3507451", "C# and #hashtags \"quoted\"", "it's me", "sa#not-a-comment"])
        #expect(split.entries.map(\.line) == [3, 4, 5, 6, 7])
        #expect(split.body == "# A heading, not a comment\n\nBody text.")
    }

    @Test(arguments: [
        ("---\n  kind: reply\n---\n", 2, "indented"),
        ("---\n- reply\n---\n", 2, "lists"),
        ("---\nkind reply\n---\n", 2, "expected `key: value`"),
        ("---\nkind:reply\n---\n", 2, "put a space"),
        ("---\nKind: reply\n---\n", 2, "is not a key"),
        ("---\nsubject: \"a \\q\"\n---\n", 2, "unknown escape"),
        ("---\nsubject: \"open\n---\n", 2, "no closing \""),
        ("---\nsubject: \"a\" b\n---\n", 2, "after the quoted value"),
        ("---\nsubject: [a, b]\n---\n", 2, "must be quoted"),
        ("---\nkind: reply\n\nkind: pm\n---\n", 4, "already given on line 2"),
        // Not line 4: the file's final newline starts no line the editor shows.
        ("---\nkind: reply\nthread: 1\n", 3, "no closing `---` line: add one after this line"),
        ("---\nkind: reply\nthread: 1\n\nHello\n", 3, "no closing `---` line: add one after this line"),
        ("kind: reply\n---\n", 1, "must start with a `---` line"),
    ])
    func malformedFrontMatterNamesItsLine(text: String, line: Int, words: String) {
        do {
            _ = try FrontMatter.split(text, source: "buffer.md")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.problems.first?.line == line)
            #expect(error.description.contains(words), "\(error.description)")
            #expect(error.description.hasPrefix("buffer.md: line \(line): "))
            #expect(error.status == .dataError)
        }
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        do {
            _ = try FrontMatter.split("---\n  a: 1\nb:2\n- c\n---\n", source: "b")
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map(\.line) == [2, 3, 4])
        }
    }

    @Test(arguments: ["plain", "C# #1", "#hash first", " leading space", "trailing ", "say \"hi\"", "it's", "back\\slash",
                      "[bracketed]", "{{thread}}", "{brace", "tab\there", "", "a: b", "line\nbreak"])
    func renderedValuesReadBackExactly(value: String) throws {
        let entry = try FrontMatter.entry(Substring("subject: \(FrontMatter.render(value))"), line: 1)
        #expect(entry?.value == value)
    }

    @Test func missiveCommentsAreRemovedButTheUsersOwnCommentsStay() throws {
        let text = "<!-- Missive: notice\n     more -->\n---\nkind: reply\n---\nText <!-- mine -->\n<!-- mine too -->\n\n"
            + Buffer.footer + "\n"
        let split = try FrontMatter.split(text, source: "b")
        #expect(split.body == "Text <!-- mine -->\n<!-- mine too -->")
        #expect(split.entries.first?.line == 4)
    }

    @Test func anUnterminatedMissiveCommentIsKeptRatherThanSwallowingText() throws {
        let split = try FrontMatter.split("---\nkind: reply\n---\n<!-- Missive: oops\nmy text\n", source: "b")
        #expect(split.body == "<!-- Missive: oops\nmy text")
    }

    @Test func bestEffortBodyTakesTheTextAfterTheSecondDelimiter() {
        #expect(FrontMatter.bestEffortBody("---\nkind: ???\n  bad\n---\nthe body\n") == "the body")
        #expect(FrontMatter.bestEffortBody("no front matter at all\n") == "no front matter at all")
    }
}
