import Foundation
@testable import Sandbox
import Testing

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
