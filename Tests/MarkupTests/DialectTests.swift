import Testing
@testable import Markup

@Suite struct DialectTests {
    @Test func namesParseFromTheCommandLineSpelling() {
        #expect(Dialect(rawValue: "phpbb") == .phpbb)
        #expect(Dialect(rawValue: "PHPBB") == nil)
        #expect(Dialect.allCases.count == 4)
    }
}
