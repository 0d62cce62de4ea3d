import Foundation

/// The one way Missive shows a time to a person, in tables, confirmations and progress lines
/// alike: local time to the minute, "14:01" today, "Nov 28 14:01" on another day, "Nov 28 2025
/// 14:01" in another year, and how far off it is ("in 5 min", "3 h ago", "yesterday"). JSON keeps
/// its own UTC ISO 8601. The C library's `localtime_r` rather than Foundation's formatters, which
/// cost more per call than a 10,000-row table can afford.
public enum LocalClock {
    /// "Nov 28 14:01 (in 23 h)": the time and, in brackets, how far off it is when that is within
    /// a week (further off, the date says enough and a table column stays narrow).
    public static func withRelative(_ date: Date, now: Date) -> String {
        let clock = time(date, now: now)
        return abs(date.timeIntervalSince(now)) < 7 * 86_400 ? "\(clock) (\(relative(date, now: now)))" : clock
    }

    /// "14:01", "Nov 28 14:01" or "Nov 28 2025 14:01": the date only when it is not today.
    public static func time(_ date: Date, now: Date) -> String {
        let day = parts(date), today = parts(now)
        let clock = "\(two(day.tm_hour)):\(two(day.tm_min))"
        if day.tm_year == today.tm_year, day.tm_yday == today.tm_yday { return clock }
        let month = months[Int(day.tm_mon) % 12]
        let year = day.tm_year == today.tm_year ? "" : " \(day.tm_year + 1900)"
        return "\(month) \(day.tm_mday)\(year) \(clock)"
    }

    /// "just now", "in 5 min", "3 h ago", "yesterday", "tomorrow", "in 4 days".
    public static func relative(_ date: Date, now: Date) -> String {
        let delta = date.timeIntervalSince(now)
        let distance = abs(delta)
        if distance < 60 { return "just now" }
        let amount: String
        if distance < 86_400 {
            // Rounded, not cut: an item due in 1 h 59 min is "in 2 h".
            let minutes = Int((distance / 60).rounded())
            amount = minutes < 60 ? "\(minutes) min" : "\(Int((distance / 3_600).rounded())) h"
        } else {
            // Calendar days, so that last night at 23:00 is "yesterday" at any hour today.
            let days = abs(dayNumber(date) - dayNumber(now))
            if days <= 1 { return delta < 0 ? "yesterday" : "tomorrow" }
            amount = "\(days) days"
        }
        return delta < 0 ? "\(amount) ago" : "in \(amount)"
    }

    /// How long, for lateness and overdue items: "45 s", "12 min", "2 h 14 min", "3 days 2 h".
    /// Two units at most (a person reads "2 h 14 min", not the seconds after it), cut, not
    /// rounded, so that "1 h 59 min" never reads as "2 h".
    public static func span(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds.rounded(.down)))
        let days = whole / 86_400, hours = whole % 86_400 / 3_600, minutes = whole % 3_600 / 60
        if days > 0 { return counted(days, "day") + (hours > 0 ? " \(hours) h" : "") }
        if hours > 0 { return "\(hours) h" + (minutes > 0 ? " \(minutes) min" : "") }
        if minutes > 0 { return "\(minutes) min" }
        return "\(whole) s"
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func parts(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts
    }

    /// Days since the epoch in local time, to count calendar days between two times.
    private static func dayNumber(_ date: Date) -> Int {
        let local = parts(date)
        return Int((date.timeIntervalSince1970 + Double(local.tm_gmtoff)) / 86_400)
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
