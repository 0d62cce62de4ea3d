import Foundation
import Testing
@testable import Outbox

/// `--at` on the nights Berlin's clocks change (given the zone and the clock, never the machine's):
/// what a person means by "+1h" (an hour from now), "+1d" and "tomorrow 09:00" (that clock time),
/// and a time the clocks skip or repeat.
@Suite struct SendTimeDaylightSavingTests {
    let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text + "Z") ?? Date(timeIntervalSince1970: 0)
    }

    /// The instant in UTC and as Berlin's clock shows it.
    func read(_ input: String, at now: String) -> String {
        guard let date = try? SendTime.parse(input, now: Self.utc(now), timeZone: zone) else { return "error" }
        let iso = ISO8601DateFormatter()
        let local = DateFormatter()
        local.timeZone = zone
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "MMM d HH:mm zzz"
        return "\(iso.string(from: date)) (\(local.string(from: date)))"
    }

    /// 28 March 2027, 02:00 CET becomes 03:00 CEST.
    @Test(arguments: [
        // The day before, 09:00 CET.
        ("tomorrow 09:00", "2027-03-27T08:00:00", "2027-03-28T07:00:00Z (Mar 28 09:00 GMT+2)"),
        ("+1d", "2027-03-27T08:00:00", "2027-03-28T07:00:00Z (Mar 28 09:00 GMT+2)"),
        ("+24h", "2027-03-27T08:00:00", "2027-03-28T08:00:00Z (Mar 28 10:00 GMT+2)"),
        ("sun 02:30", "2027-03-27T08:00:00", "2027-03-28T01:30:00Z (Mar 28 03:30 GMT+2)"),
        // 01:30 CET, half an hour before the change.
        ("+1h", "2027-03-28T00:30:00", "2027-03-28T01:30:00Z (Mar 28 03:30 GMT+2)"),
        ("+30m", "2027-03-28T00:30:00", "2027-03-28T01:00:00Z (Mar 28 03:00 GMT+2)"),
        ("02:30", "2027-03-28T00:30:00", "2027-03-28T01:30:00Z (Mar 28 03:30 GMT+2)"),
        ("03:00", "2027-03-28T00:30:00", "2027-03-28T01:00:00Z (Mar 28 03:00 GMT+2)"),
        ("today 09:00", "2027-03-28T00:30:00", "2027-03-28T07:00:00Z (Mar 28 09:00 GMT+2)"),
    ])
    func springForward(input: String, now: String, expected: String) {
        #expect(read(input, at: now) == expected)
    }

    /// 31 October 2027, 03:00 CEST becomes 02:00 CET: 02:00-02:59 happens twice.
    @Test(arguments: [
        // The day before, 09:00 CEST.
        ("tomorrow 09:00", "2027-10-30T07:00:00", "2027-10-31T08:00:00Z (Oct 31 09:00 GMT+1)"),
        ("+1d", "2027-10-30T07:00:00", "2027-10-31T08:00:00Z (Oct 31 09:00 GMT+1)"),
        ("+24h", "2027-10-30T07:00:00", "2027-10-31T07:00:00Z (Oct 31 08:00 GMT+1)"),
        // 02:15 CEST, the first time round.
        ("+1h", "2027-10-31T00:15:00", "2027-10-31T01:15:00Z (Oct 31 02:15 GMT+1)"),
        ("02:30", "2027-10-31T00:15:00", "2027-10-31T00:30:00Z (Oct 31 02:30 GMT+2)"),
        ("03:00", "2027-10-31T00:15:00", "2027-10-31T02:00:00Z (Oct 31 03:00 GMT+1)"),
        // 02:15 CET, the second time round: 02:30 is still ahead, and is the one still to come.
        ("02:30", "2027-10-31T01:15:00", "2027-10-31T01:30:00Z (Oct 31 02:30 GMT+1)"),
    ])
    func fallBack(input: String, now: String, expected: String) {
        #expect(read(input, at: now) == expected)
    }
}
