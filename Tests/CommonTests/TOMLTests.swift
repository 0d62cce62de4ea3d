import Testing
@testable import Common

@Suite struct TOMLTests {
    @Test func readsTablesKeysAndEveryValueKind() throws {
        let doc = try TOML.parse("""
            # a comment
            name = "Missive"   # trailing comment
            count = 1_000
            ratio = 0.5
            on = true
            list = ["a", 'b\\c', 3,
                    false]  # spans lines

            [profiles.sa]
            base_url = "https://forums.somethingawful.com/"
            "odd key" = "x"
            """, source: "t.toml")
        #expect(doc["name"] == .string("Missive"))
        #expect(doc["count"] == .integer(1000))
        #expect(doc["ratio"] == .float(0.5))
        #expect(doc["on"] == .boolean(true))
        #expect(doc["list"] == .array([.string("a"), .string("b\\c"), .integer(3), .boolean(false)]))
        #expect(doc["profiles.sa.base_url"] == .string("https://forums.somethingawful.com/"))
        #expect(doc["profiles.sa.odd key"] == .string("x"))
        #expect(doc.tables(under: "profiles") == ["sa"])
        #expect(doc.line(of: "profiles.sa.base_url") == 10)
    }

    @Test func tablesAreListedInFileOrderWithTheirHeaderLinesEvenWhenEmpty() throws {
        let doc = try TOML.parse("[profiles.zed]\nbase_url = \"z\"\n\n[profiles.empty]\n\n[profiles.abc]\nx = 1\n", source: "t")
        #expect(doc.tables(under: "profiles") == ["zed", "empty", "abc"])
        #expect(doc.line(ofTable: "profiles.empty") == 4)
        #expect(doc.line(ofTable: "profiles.abc") == 6)
        #expect(doc.line(ofTable: "profiles.nope") == nil)
    }

    @Test func escapesInBasicStrings() throws {
        let doc = try TOML.parse(#"s = "tab\tquote\" nl\n snow\u2603 face\U0001F600""#, source: "t")
        #expect(doc["s"] == .string("tab\tquote\" nl\n snow☃ face😀"))
    }

    @Test func quoteReadsBackTheSameString() throws {
        for original in ["plain", "with \"quotes\" and \\", "line\nbreak\ttab", "ctl\u{1}", "😀 ünï"] {
            let doc = try TOML.parse("k = \(TOML.quote(original))", source: "t")
            #expect(doc["k"] == .string(original))
        }
    }

    @Test(arguments: [
        ("k = unquoted", 1, "strings need quotes"),
        ("a = 1\nk = \"open", 2, "not closed"),
        ("k = 1\nk = 2", 2, "set twice"),
        ("[t]\n[t]", 2, "defined twice"),
        ("k = 1 2", 1, "after the value"),
        ("= 3", 1, "expected a key"),
        ("k", 1, "expected ="),
        ("k = ", 1, "needs a value"),
        ("k = \"\\q\"", 1, "unknown escape"),
        ("k = [1, 2", 1, "expected , or ]"),
        ("[[t]]", 1, "not supported"),
        ("k = 1.2.3", 1, "not a number"),
    ])
    func badInputNamesTheLineAndProblem(text: String, line: Int, problem: String) {
        do {
            _ = try TOML.parse(text, source: "bad.toml")
            Issue.record("parsed \(text) without error")
        } catch {
            #expect(error.line == line)
            #expect(error.problem.contains(problem), "\(error.problem)")
            #expect(error.description.hasPrefix("bad.toml:\(line): "))
        }
    }

    @Test func deeplyNestedArraysAreAnErrorNotACrash() {
        let hostile = "x = " + String(repeating: "[", count: 200_000)
        #expect(throws: TOMLError.self) { try TOML.parse(hostile, source: "deep.toml") }
        let fine = "x = " + String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { try TOML.parse(fine, source: "ok.toml") }
    }
}
