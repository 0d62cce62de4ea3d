import Foundation
@testable import Sandbox
import Testing

@Suite struct ForumDatesTests {
    func formatted(_ date: Date, _ pattern: String, zone: String = "UTC") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
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
        #expect(ForumDates.probation(date) == formatted(date, "MMMM d, yyyy h:mm a 'CST'", zone: "America/Chicago"))
        #expect(ForumDates.registered(date) == formatted(date, "MMM d, yyyy"))
        #expect(ForumDates.cookie(date) == formatted(date, "EEE, dd-MMM-yyyy HH:mm:ss 'GMT'"))
    }

    /// The forum's clock is Chicago's, daylight time included, and the real site labels it CST
    /// all year: its saved probation page says "September 21, 2014 8:45 PM CST".
    @Test func aProbationEndIsChicagoWallTimeLabelledCST() {
        // 2014-09-22 01:45 UTC is 20:45 CDT on the 21st; 2015-01-10 02:45 UTC is 20:45 CST on the 9th.
        #expect(ForumDates.probation(Date(timeIntervalSince1970: 1_411_350_300)) == "September 21, 2014 8:45 PM CST")
        #expect(ForumDates.probation(Date(timeIntervalSince1970: 1_420_857_900)) == "January 9, 2015 8:45 PM CST")
    }
}
