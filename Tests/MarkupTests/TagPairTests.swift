import Testing
@testable import Markup

/// Tags share their spelling between copies; equality is still by spelling.
@Suite struct TagPairTests {
    @Test func tagsAreEqualByTheirSpellingNotByWhereTheyWereMade() {
        let link = TagPair("url", option: "http://x")
        #expect(link == TagPair("url", option: "http://x"))
        #expect(link != TagPair("url", option: "http://y"))
        #expect(link != TagPair("img"))
        let upper = TagPair("url", option: "http://x", upperCase: true)
        #expect([upper.open, upper.close, upper.name] == ["[URL=http://x]", "[/URL]", "url"])
        #expect(upper != link)
    }
}
