import Foundation
@testable import Sandbox
import Testing

@Suite struct Windows1252Tests {
    @Test func charactersOutsideTheCodePageBecomeDecimalReferences() {
        #expect(Windows1252.encode("😀") == Array("&#128512;".utf8))
        #expect(Windows1252.encode("日本") == Array("&#26085;&#26412;".utf8))
    }

    @Test func codePageCharactersBecomeSingleBytes() {
        #expect(Windows1252.encode("é€“”…") == [0xE9, 0x80, 0x93, 0x94, 0x85])
        #expect(Windows1252.encode("plain") == Array("plain".utf8))
    }

    @Test func everyByteDecodesAndEncodesBackToItself() {
        let all = (0...255).map { UInt8($0) }
        #expect(Windows1252.encode(Windows1252.decode(all)) == all)
        #expect(Windows1252.decode([0x80, 0x9F]) == "€Ÿ")
    }

    @Test func numericReferencesDecodeBackToCharacters() {
        #expect(Windows1252.decodeNumericReferences("a &#128512; b") == "a 😀 b")
        #expect(Windows1252.decodeNumericReferences("&#x1F600;&#X41;") == "😀A")
    }

    @Test(arguments: ["&#;", "&#12", "&#xZZ;", "&#1114112;", "&#0;", "&#55296;", "&amp;", "&#123456789012;"])
    func malformedReferencesStayAsTyped(_ text: String) {
        #expect(Windows1252.decodeNumericReferences(text) == text)
    }
}

@Suite struct ForumDatesTests {
    func formatted(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// Midnight, noon, single-digit days and hours, a leap day, and now-ish.
    static let dates: [Date] = [0, 43_200, 951_782_400 + 3_600 * 13 + 65, 1_356_639_780, 1_800_000_000, 1_709_164_800]
        .map { Date(timeIntervalSince1970: $0) }

    @Test(arguments: dates)
    func datesMatchTheForumsPatterns(_ date: Date) {
        #expect(ForumDates.post(date) == formatted(date, "MMM d, yyyy HH:mm"))
        #expect(ForumDates.message(date) == formatted(date, "MMM d, yyyy 'at' h:mm a"))
        #expect(ForumDates.probation(date) == formatted(date, "MMMM d, yyyy h:mm a 'UTC'"))
        #expect(ForumDates.registered(date) == formatted(date, "MMM d, yyyy"))
        #expect(ForumDates.cookie(date) == formatted(date, "EEE, dd-MMM-yyyy HH:mm:ss 'GMT'"))
    }
}
