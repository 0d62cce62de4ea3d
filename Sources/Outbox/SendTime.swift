import Common
import Foundation

public struct SendTimeError: MissiveError, Equatable {
    public var input: String
    public var problem: String
    public var status: ExitStatus { .usage }
    public var description: String {
        // A suggestion ends in its own question mark; anything else gets a full stop.
        "cannot read the time \"\(input)\": \(problem)\(problem.hasSuffix("?") ? "" : ".") Try now, +2h, +1h30m, 17:30, 9am, "
            + "tomorrow 09:00, friday 6pm, noon or 2026-12-01T09:00 (local time unless it names a zone)"
    }
}

/// When to send: the words people type after `--at`, read against a clock and a time zone
/// (both passed in, so tests can pin them).
public enum SendTime {
    public static func parse(_ input: String, now: Date, timeZone: TimeZone = LocalClock.zone) throws(SendTimeError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // "9 am" is one word, as "9am" is.
        let text = input.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: #"(\d) ([ap]m)\b"#, with: "$1$2", options: .regularExpression)
        func fail(_ problem: String) -> SendTimeError { SendTimeError(input: input, problem: problem) }

        if text == "now" { return now }
        if text.hasPrefix("+") || text.hasPrefix("in ") {
            let rest = text.hasPrefix("+") ? text.dropFirst() : text.dropFirst(3)
            // Hours and less are elapsed time; days are calendar days, the same clock time that many
            // days on, so `+1d` across a daylight-saving change is still the time it was (as GNU date).
            guard let (days, seconds) = DurationText.parts(String(rest)),
                  let day = calendar.date(byAdding: .day, value: days, to: now) else {
                throw fail("a relative time is a number and a unit: s, m, h or d (like +2h or +1h30m)")
            }
            return day.addingTimeInterval(seconds)
        }
        if let date = isoDate(text, timeZone: timeZone) {
            guard date >= now.addingTimeInterval(-60) else { throw fail("that time is in the past") }
            return date
        }

        // "[today|tomorrow|weekday] HH:MM", or a bare "HH:MM" meaning its next occurrence.
        let words = text.split(separator: " ").map(String.init)
        guard let first = words.first, let last = words.last else { throw fail("this is not a time Missive knows") }
        guard let (hour, minute) = clock(last) else {
            if words == ["yesterday"] { throw fail("that time is in the past") }
            let isDay = words.count == 1 && (dayWords[first] != nil || weekdays[first] != nil)
            throw fail(isDay ? "a day needs a time too, like \(first) 09:00" : unknown(words))
        }
        guard words.count <= 2 else { throw fail(unknown(words)) }
        let today = calendar.startOfDay(for: now)
        func at(dayOffset: Int) throws(SendTimeError) -> Date {
            guard let day = calendar.date(byAdding: .day, value: dayOffset, to: today),
                  let date = wallClock(hour, minute, on: day, calendar: calendar)
            else { throw fail("that time does not exist in \(timeZone.identifier)") }
            // A time that happens twice (the night the clocks go back) is its first, unless that has
            // passed and the second has not: at 02:15 the second time round, 02:30 is a quarter of an hour away.
            let shift = TimeInterval(timeZone.secondsFromGMT(for: date) - timeZone.secondsFromGMT(for: date.addingTimeInterval(3 * 3_600)))
            let again = date.addingTimeInterval(shift)
            let shown = calendar.dateComponents([.hour, .minute], from: date)
            if shift > 0, date <= now, again > now, calendar.dateComponents([.hour, .minute], from: again) == shown { return again }
            return date
        }
        if words.count == 1 {
            let candidate = try at(dayOffset: 0)
            return candidate > now ? candidate : try at(dayOffset: 1)
        }
        if let offset = dayWords[first] {
            let date = try at(dayOffset: offset)
            guard date >= now.addingTimeInterval(-60) else { throw fail("that time is in the past") }
            return date
        }
        if let weekday = weekdays[first] {
            // The next such day; today only if the time is still ahead.
            let current = calendar.component(.weekday, from: now)
            var offset = (weekday - current + 7) % 7
            if offset == 0, try at(dayOffset: 0) <= now { offset = 7 }
            return try at(dayOffset: offset)
        }
        throw fail("\"\(first)\" is not today, tomorrow or a weekday" + suggestion(first))
    }

    /// `hour:minute` on the day that starts at `day`, as the clock on the wall reads it. A time the
    /// clocks skip (02:30 the night they go forward) is read on the clock as it was before the
    /// change, so it comes out as late as the skip (03:30), as mktime and cron read it; a time that
    /// happens twice (the night they go back) is its first.
    static func wallClock(_ hour: Int, _ minute: Int, on day: Date, calendar: Calendar) -> Date? {
        guard let date = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) else { return nil }
        let shown = calendar.dateComponents([.hour, .minute], from: date)
        guard shown.hour == hour, shown.minute == minute else {
            return day.addingTimeInterval(TimeInterval(hour * 3_600 + minute * 60))
        }
        return date
    }

    /// Why `words` are no time, naming the first mistyped word's likely meaning when there is one.
    private static func unknown(_ words: [String]) -> String {
        for word in words where clock(word) == nil && !knownWords.contains(word) {
            let guess = suggestion(word)
            if !guess.isEmpty { return "\"\(word)\" is not a word Missive knows" + guess }
        }
        return "this is not a time Missive knows"
    }

    /// "; did you mean \"tomorrow\"?" for `tomorow`: the word the parser knows that is a typo
    /// away; empty when none is.
    private static func suggestion(_ word: String) -> String {
        EditDistance.closest(to: word, among: knownWords).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Every word a time may be made of, the ones a suggestion may name.
    static let knownWords = ["now", "noon", "midnight"] + dayWords.keys.sorted() + weekdays.keys.sorted()

    /// Days named by their distance from today; yesterday only so that it is refused as past.
    static let dayWords = ["yesterday": -1, "today": 0, "tomorrow": 1]
    static let weekdays = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
        "sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7,
    ]

    /// "17:30", and the way people say it: "9am", "9:30pm", "12pm" (noon), "12am" (midnight),
    /// "noon", "midnight".
    static func clock(_ text: String) -> (Int, Int)? {
        switch text {
        case "noon": return (12, 0)
        case "midnight": return (0, 0)
        default: break
        }
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            let afternoon = text.hasSuffix("pm")
            let digits = text.dropLast(2)
            let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), let hour = Int(parts[0]), (1...12).contains(hour)
            else { return nil }
            var minute = 0
            if parts.count == 2 {
                guard parts[1].count == 2, let given = Int(parts[1]), (0..<60).contains(given) else { return nil }
                minute = given
            }
            return (hour % 12 + (afternoon ? 12 : 0), minute)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return (hour, minute)
    }

    /// ISO 8601 with a `T` or a space, seconds optional; a time without a zone is local.
    static func isoDate(_ text: String, timeZone: TimeZone) -> Date? {
        let normalized = text.uppercased().replacingOccurrences(of: " ", with: "T")
        guard normalized.count >= 16, normalized.dropFirst(4).first == "-" else { return nil }
        // A local time is read by the same rule as "tomorrow 09:00" (a skipped time moves by the
        // skip, a repeated one is its first), not by the formatter's, which takes the second.
        if let local = normalized.wholeMatch(of: /(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?/),
           let year = Int(local.1), let month = Int(local.2), let day = Int(local.3), let hour = Int(local.4),
           let minute = Int(local.5), (0..<24).contains(hour), (0..<60).contains(minute) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let seconds = local.6.flatMap { Int($0) } ?? 0
            guard (0..<60).contains(seconds), let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                  calendar.component(.day, from: midnight) == day else { return nil }
            return wallClock(hour, minute, on: midnight, calendar: calendar)?.addingTimeInterval(TimeInterval(seconds))
        }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate],
        ] {
            formatter.formatOptions = options
            formatter.timeZone = timeZone
            if let date = formatter.date(from: normalized) { return date }
            if let date = formatter.date(from: normalized + ":00") { return date }
        }
        return nil
    }
}
