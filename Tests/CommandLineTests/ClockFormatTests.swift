import Common
import Foundation
import Testing

/// One clock format (issue 26): the queue's confirmation, `queue list`, `queue show` and
/// `drafts list` show a time the same way, local to the minute with how far off it is.
@Suite struct ClockFormatTests {
    /// "14:01" today, "Nov 28 14:01" on another day, as the tests' own clock formats it.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = LocalClock.zone
        return calendar
    }

    static func clock(_ date: Date) -> String {
        // The zone missive runs in: the tests hand TZ on to it (childEnvironment), and LocalClock.zone
        // reads it as missive's C library does (Foundation alone ignores a POSIX TZ).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = LocalClock.zone
        let calendar = Self.calendar
        formatter.dateFormat = calendar.isDateInToday(date) ? "HH:mm"
            : calendar.component(.year, from: date) == calendar.component(.year, from: Date()) ? "MMM d HH:mm" : "MMM d yyyy HH:mm"
        return formatter.string(from: date)
    }

    @Test(arguments: [("+2h", "(in 2 h)", 7_200.0), ("+3d", "(in 3 days)", 3 * 86_400.0), ("+5m", "(in 5 min)", 300.0)])
    func theConfirmationAndTheTableAgree(at: String, relative: String, seconds: Double) throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("body.md", Data("a reply".utf8))
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        let before = Date()
        let queued = try home.run(["queue", "1", "--at", at])
        #expect(queued.status == 0, "\(queued.errorOutput)")
        // The minute as it was when missive read the clock: the one before the run, unless a
        // minute turned during it (then the one after).
        let after = "\(Self.clock(Date().addingTimeInterval(seconds))) \(relative)"
        let expected = queued.errorOutput.contains(after) ? after : "\(Self.clock(before.addingTimeInterval(seconds))) \(relative)"
        // (A second line says the home has no session: these tests never log in.)
        #expect(queued.errorOutput.hasPrefix("missive: queued item 1 (draft d1): reply to thread 3500001, to be sent at \(expected)\n"),
                "\(queued.errorOutput)")
        let list = try home.run(["queue", "list", "--no-headers"])
        #expect(list.output.hasPrefix("1     queued    \(expected)"), "\(list.output)")
        #expect(list.output.firstMatch(of: /\d\d:\d\d:\d\d/) == nil, "no seconds: \(list.output)")
        let show = try home.run(["queue", "show", "1"])
        #expect(show.output.hasPrefix("item 1 (draft d1): reply to thread 3500001\nstate:    queued for \(expected)\n"), "\(show.output)")
    }

    @Test func timesFurtherOffThanAWeekShowTheirDateAlone() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("body.md", Data("a reply".utf8))
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        let before = Date()
        let queued = try home.run(["queue", "1", "--at", "+10d"])
        let expected = [before, Date()].map { Self.clock(Self.calendar.date(byAdding: .day, value: 10, to: $0) ?? $0) }
        let first = queued.errorOutput.split(separator: "\n").first ?? ""
        #expect(expected.contains { first.hasSuffix("to be sent at \($0)") }, "\(queued.errorOutput)")
    }
}
