import Foundation
import Testing

/// Local times as a person reads them at the hours that trip a format up, each test setting the
/// zone its child runs in (TZ) and computing what it expects in that same zone, so the result is
/// the same whenever and wherever the suite runs.
@Suite struct LocalTimeTests {
    /// A POSIX TZ with a fixed offset from UTC that makes the local clock read `minutes` past
    /// midnight at `now` (POSIX offsets are west-positive: `<LOCAL>-01:30` is 90 minutes east).
    static func zone(reading minutes: Int, at now: Date = Date()) -> (tz: String, zone: TimeZone) {
        let sinceMidnightUTC = Int(now.timeIntervalSince1970) % 86_400 / 60
        var offset = (minutes - sinceMidnightUTC) % 1_440
        if offset >= 720 { offset -= 1_440 }
        if offset < -720 { offset += 1_440 }
        let sign = offset >= 0 ? "-" : "+"
        let tz = "<LOCAL>\(sign)\(String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60))"
        return (tz, TimeZone(secondsFromGMT: offset * 60) ?? .gmt)
    }

    /// Runs a command that reads `--at +N` against its own clock, which may have passed a minute
    /// since the test's `now`: the time it names is the clock `offset` after a moment from just
    /// before the run to just after it, so either minute is accepted.
    static func clocks(in offset: TimeInterval, zone: TimeZone, now: Date, _ run: () throws -> CommandResult) throws -> (result: CommandResult, accepted: [String]) {
        let before = Date()
        let result = try run()
        let after = Date()
        return (result, [before, after].map { clock($0.addingTimeInterval(offset), in: zone, now: now) })
    }

    static func clock(_ date: Date, in zone: TimeZone, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "MMM d HH:mm"
        return formatter.string(from: date)
    }

    static func queued(_ home: MissiveHome, _ environment: [String: String]) throws -> [[String: Any]] {
        let list = try runMissive(["queue", "list", "--json"], environment: environment)
        return try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]], "\(list.errorOutput)")
    }

    /// At 23:40 "+1h" and "+2h" are tomorrow, and say so with their date; "tomorrow 09:00" is the
    /// day after today, not the day after the item's time.
    @Test func lateInTheEveningTimesNameTheirDay() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let now = Date()
        let (tz, zone) = Self.zone(reading: 23 * 60 + 40, at: now)
        let environment = home.environment().merging(["TZ": tz]) { _, new in new }
        let body = try home.file("body.md", Data("a reply".utf8))
        // Three threads: one open draft per thread.
        for thread in ["3500001", "3500002", "3507451"] {
            #expect(try runMissive(["reply", thread, "--body-file", body, "--no-edit"], environment: environment).status == 0)
        }
        let (plusOne, accepted) = try Self.clocks(in: 3_600, zone: zone, now: now) { try runMissive(["queue", "1", "--at", "+1h"], environment: environment) }
        let expected = try #require(accepted.first { plusOne.errorOutput.contains("to be sent at \($0) (in 1 h)") },
                                    "\(plusOne.errorOutput) (expected one of \(accepted), TZ=\(tz))")
        #expect(expected.range(of: #"^[A-Z][a-z]{2} \d{1,2} 00:\d\d$"#, options: .regularExpression) != nil, "tomorrow's date: \(expected)")
        let (plusFifteen, fifteen) = try Self.clocks(in: 900, zone: zone, now: now) { try runMissive(["queue", "2", "--at", "+15m"], environment: environment) }
        #expect(fifteen.contains { plusFifteen.errorOutput.contains("to be sent at \($0) (in 15 min)") }, "\(plusFifteen.errorOutput) (\(fifteen))")
        let tomorrow = try runMissive(["queue", "3", "--at", "tomorrow 09:00"], environment: environment)
        #expect(tomorrow.status == 0, "\(tomorrow.errorOutput)")
        let items = try Self.queued(home, environment)
        let nine = try #require(items.first { $0["draft"] as? Int == 3 }?["due"] as? String, "\(items)")
        let when = try #require(ISO8601DateFormatter().date(from: nine), "\(nine)")
        // 09:00 local, 9 h 20 min after now (give or take the minute the suite took to get here).
        let distance: TimeInterval = when.timeIntervalSince(now) - 33_600
        #expect(abs(distance) < 120, "\(nine) at \(now), TZ=\(tz)")
        #expect(tomorrow.errorOutput.contains("to be sent at \(Self.clock(when, in: zone, now: now)) (in 9 h)"), "\(tomorrow.errorOutput)")

        let table = try runMissive(["queue", "list", "--no-headers"], environment: environment).output
        #expect(table.contains("\(expected) (in 1 h)") && table.contains("(in 15 min)") && table.contains("(in 9 h)"), "\(table)")
    }

    /// Just after midnight, the last evening is "yesterday"'s date and minutes ago.
    @Test func justAfterMidnightTheEveningBeforeHasItsDate() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let now = Date()
        let (tz, zone) = Self.zone(reading: 20, at: now)
        let environment = home.environment().merging(["TZ": tz]) { _, new in new }
        let body = try home.file("body.md", Data("a reply".utf8))
        #expect(try runMissive(["reply", "3500001", "--body-file", body, "--no-edit"], environment: environment).status == 0)
        let (queued, accepted) = try Self.clocks(in: 7_200, zone: zone, now: now) { try runMissive(["queue", "1", "--at", "+2h"], environment: environment) }
        #expect(accepted.contains { queued.errorOutput.contains("to be sent at \($0) (in 2 h)") }, "\(queued.errorOutput), TZ=\(tz), \(accepted)")
        // Past midnight nothing needs a date: the item is today.
        #expect(queued.errorOutput.range(of: #"sent at \d\d:\d\d \(in 2 h\)"#, options: .regularExpression) != nil, "\(queued.errorOutput)")
    }

    /// Berlin's daylight-saving nights, as typed times: a skipped 02:30 is 03:30 CEST, a repeated
    /// 02:30 its first (CEST), and the table shows each as the clock on the wall will read.
    @Test func daylightSavingNightsInBerlin() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let environment = home.environment().merging(["TZ": "Europe/Berlin"]) { _, new in new }
        let body = try home.file("body.md", Data("a reply".utf8))
        for thread in ["3500001", "3500002"] {
            #expect(try runMissive(["reply", thread, "--body-file", body, "--no-edit"], environment: environment).status == 0)
        }
        let spring = try runMissive(["queue", "1", "--at", "2027-03-28 02:30"], environment: environment)
        #expect(spring.errorOutput.contains("to be sent at Mar 28 2027 03:30"), "\(spring.errorOutput)")
        let autumn = try runMissive(["queue", "2", "--at", "2027-10-31 02:30"], environment: environment)
        #expect(autumn.errorOutput.contains("to be sent at Oct 31 2027 02:30"), "\(autumn.errorOutput)")
        let items = try Self.queued(home, environment)
        let times = Dictionary(uniqueKeysWithValues: items.compactMap { item -> (Int, String)? in
            guard let draft = item["draft"] as? Int, let at = item["due"] as? String else { return nil }
            return (draft, at)
        })
        #expect(times[1]?.hasPrefix("2027-03-28T01:30:00") == true, "\(items)")
        #expect(times[2]?.hasPrefix("2027-10-31T00:30:00") == true, "\(items)")
        let table = try runMissive(["queue", "list", "--no-headers"], environment: environment).output
        #expect(table.contains("Mar 28 2027 03:30") && table.contains("Oct 31 2027 02:30"), "\(table)")
    }
}
