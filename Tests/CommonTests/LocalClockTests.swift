import Common
import Foundation
import Testing

/// The one clock format at the hours and on the days where a format that assumed "today" or a
/// 24-hour day would go wrong: near midnight, across the year's end, and across Berlin's
/// daylight-saving changes (the zone is given, never the machine's).
@Suite struct LocalClockTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// A UTC instant written as people read logs.
    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text + "Z") ?? Date(timeIntervalSince1970: 0)
    }

    /// A zone whose clock reads 23:40 at `now`, as `TZ='<X>-hh:mm'` would set it.
    static func zone(reading minutes: Int, at now: Date) -> TimeZone {
        let sinceMidnightUTC = Int(now.timeIntervalSince1970) % 86_400
        var offset = minutes * 60 - sinceMidnightUTC
        if offset > 12 * 3_600 { offset -= 86_400 }
        if offset <= -12 * 3_600 { offset += 86_400 }
        return TimeZone(secondsFromGMT: offset) ?? .gmt
    }

    @Test func nearMidnightAFutureTimeNamesItsDay() {
        let now = Self.utc("2026-11-29T02:04:00")
        let late = Self.zone(reading: 23 * 60 + 40, at: now)
        #expect(LocalClock.time(now, now: now, zone: late) == "23:40")
        #expect(LocalClock.withRelative(now.addingTimeInterval(2 * 3_600), now: now, zone: late) == "Nov 29 01:40 (in 2 h)")
        #expect(LocalClock.withRelative(now.addingTimeInterval(15 * 60), now: now, zone: late) == "23:55 (in 15 min)")
        let early = Self.zone(reading: 20, at: now)
        #expect(LocalClock.withRelative(now.addingTimeInterval(-30 * 60), now: now, zone: early) == "Nov 28 23:50 (30 min ago)")
        // 25 hours before 00:20 is 23:20 the day before yesterday: calendar days, not 24-hour spans.
        #expect(LocalClock.relative(now.addingTimeInterval(-25 * 3_600), now: now, zone: early) == "2 days ago")
        #expect(LocalClock.relative(now.addingTimeInterval(-24 * 3_600), now: now, zone: early) == "yesterday")
    }

    /// A send a minute off is counted in seconds (not "just now", which reads as past); what is
    /// past by less than a minute is "just now".
    @Test func shortWaitsAreSeconds() {
        let now = Self.utc("2026-11-29T12:00:00")
        #expect(LocalClock.relative(now.addingTimeInterval(45), now: now, zone: .gmt) == "in 45 s")
        #expect(LocalClock.withRelative(now.addingTimeInterval(59.6), now: now, zone: .gmt) == "12:00 (in 1 min)")
        #expect(LocalClock.relative(now.addingTimeInterval(60), now: now, zone: .gmt) == "in 1 min")
        #expect(LocalClock.relative(now.addingTimeInterval(0.4), now: now, zone: .gmt) == "just now")
        #expect(LocalClock.relative(now.addingTimeInterval(-45), now: now, zone: .gmt) == "just now")
    }

    @Test func theYearsEndShowsTheYear() {
        let now = Self.utc("2026-12-31T23:30:00")
        #expect(LocalClock.withRelative(now.addingTimeInterval(3_600), now: now, zone: .gmt) == "Jan 1 2027 00:30 (in 1 h)")
    }

    /// 28 March 2027: at 02:00 CET the clocks in Berlin go to 03:00 CEST.
    @Test func anHourAcrossSpringForwardIsAnHourOnTheClockPlusTheSkip() {
        let now = Self.utc("2027-03-28T00:30:00")  // 01:30 CET
        #expect(LocalClock.time(now, now: now, zone: Self.berlin) == "01:30")
        #expect(LocalClock.withRelative(now.addingTimeInterval(3_600), now: now, zone: Self.berlin) == "03:30 (in 1 h)")
        // Tomorrow 09:00 seen the day before: 23 hours away, and it says so.
        let dayBefore = Self.utc("2027-03-27T08:00:00")  // 09:00 CET
        #expect(LocalClock.withRelative(Self.utc("2027-03-28T07:00:00"), now: dayBefore, zone: Self.berlin) == "Mar 28 09:00 (in 23 h)")
        // Two calendar days, whatever the hours between them.
        #expect(LocalClock.relative(Self.utc("2027-03-29T07:00:00"), now: dayBefore, zone: Self.berlin) == "in 2 days")
    }

    /// 31 October 2027: at 03:00 CEST the clocks go back to 02:00 CET, so 02:00-03:00 happens twice.
    @Test func theRepeatedHourIsShownAsTheClockReadsIt() {
        let first = Self.utc("2027-10-31T00:15:00")  // 02:15 CEST
        let second = first.addingTimeInterval(3_600)  // 02:15 CET
        #expect(LocalClock.time(first, now: first, zone: Self.berlin) == "02:15")
        #expect(LocalClock.withRelative(second, now: first, zone: Self.berlin) == "02:15 (in 1 h)")
        #expect(LocalClock.withRelative(first, now: second, zone: Self.berlin) == "02:15 (1 h ago)")
        // Tomorrow 09:00 seen at 09:00 the day before: 25 hours away, and still "tomorrow".
        let dayBefore = Self.utc("2027-10-30T07:00:00")  // 09:00 CEST
        #expect(LocalClock.withRelative(Self.utc("2027-10-31T08:00:00"), now: dayBefore, zone: Self.berlin) == "Oct 31 09:00 (tomorrow)")
        // The 25-hour day: 23:00 is 24 hours after its midnight, and still today.
        #expect(LocalClock.withRelative(Self.utc("2027-10-31T22:00:00"), now: Self.utc("2027-10-30T22:00:00"), zone: Self.berlin)
                == "23:00 (in 24 h)")
    }
}
