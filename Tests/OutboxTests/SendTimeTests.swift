import Foundation
import Testing
@testable import Outbox

@Suite struct SendTimeTests {
    // Sunday 22 November 2026, 10:15:00 in Berlin (09:15 UTC).
    let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    let now = Date(timeIntervalSince1970: 1_795_338_900)

    func local(_ text: String) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd EEE HH:mm"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return (try? formatter.string(from: SendTime.parse(text, now: now, timeZone: zone))) ?? "error"
    }

    @Test func theFixedClockIsWhatTheTestsAssume() {
        #expect(local("now") == "2026-11-22 Sun 10:15")
    }

    @Test(arguments: [
        ("+2h", "2026-11-22 Sun 12:15"), ("+1h30m", "2026-11-22 Sun 11:45"), ("+90s", "2026-11-22 Sun 10:16"),
        ("in 2 days", "2026-11-24 Tue 10:15"), ("+1d", "2026-11-23 Mon 10:15"),
        ("tomorrow 09:00", "2026-11-23 Mon 09:00"), ("Today 23:59", "2026-11-22 Sun 23:59"),
        ("17:30", "2026-11-22 Sun 17:30"), ("08:00", "2026-11-23 Mon 08:00"),
        ("friday 18:00", "2026-11-27 Fri 18:00"), ("sun 09:00", "2026-11-29 Sun 09:00"),
        ("sun 11:00", "2026-11-22 Sun 11:00"),
        ("2026-12-01T09:00", "2026-12-01 Tue 09:00"), ("2026-12-01 09:00:30", "2026-12-01 Tue 09:00"),
        ("2026-12-01T08:00:00Z", "2026-12-01 Tue 09:00"),
        // As people say it.
        ("tomorrow 9am", "2026-11-23 Mon 09:00"), ("tomorrow 9 AM", "2026-11-23 Mon 09:00"), ("9:30pm", "2026-11-22 Sun 21:30"),
        ("friday 6pm", "2026-11-27 Fri 18:00"), ("noon", "2026-11-22 Sun 12:00"), ("tomorrow noon", "2026-11-23 Mon 12:00"),
        ("12am", "2026-11-23 Mon 00:00"), ("12pm", "2026-11-22 Sun 12:00"), ("midnight", "2026-11-23 Mon 00:00"),
        ("10am", "2026-11-23 Mon 10:00"),
    ])
    func readsTheTimesPeopleType(input: String, expected: String) {
        #expect(local(input) == expected)
    }

    @Test(arguments: [
        ("", "not a time"), ("+", "relative time"), ("+2x", "relative time"), ("+h", "relative time"),
        ("tomorrow", "needs a time"), ("friday", "needs a time"), ("25:00", "not a time"),
        ("9:0", "not a time"), ("someday 09:00", "not today, tomorrow or a weekday"),
        ("today 08:00", "in the past"), ("13pm", "not a time"), ("0am", "not a time"), ("9:5pm", "not a time"), ("nooon", "did you mean \"noon\"?"), ("2020-01-01T09:00", "in the past"), ("tomorrow 09:00 extra", "not a time"),
    ])
    func badTimesSayWhatIsWrong(input: String, problem: String) {
        do {
            _ = try SendTime.parse(input, now: now, timeZone: zone)
            Issue.record("accepted \(input)")
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
            #expect(error.status == .usage)
        }
    }
}
