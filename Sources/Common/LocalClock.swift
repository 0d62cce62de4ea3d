import Foundation

/// The one way Missive shows a time to a person, in tables, confirmations and progress lines
/// alike: local time to the minute, "14:01" today, "Nov 28 14:01" on another day, "Nov 28 2025
/// 14:01" in another year, and how far off it is ("in 5 min", "3 h ago", "yesterday"). JSON keeps
/// its own UTC ISO 8601. The C library's `localtime_r` rather than Foundation's formatters, which
/// cost more per call than a 10,000-row table can afford. `zone` is for tests that must pin a
/// zone other than the process's (`TZ`): a daylight-saving change, say; nil is the process's zone.
public enum LocalClock {
    /// "Nov 28 14:01 (in 23 h)": the time and, in brackets, how far off it is when that is within
    /// a week (further off, the date says enough and a table column stays narrow).
    public static func withRelative(_ date: Date, now: Date, zone: TimeZone? = nil) -> String {
        let clock = time(date, now: now, zone: zone)
        return abs(date.timeIntervalSince(now)) < 7 * 86_400 ? "\(clock) (\(relative(date, now: now, zone: zone)))" : clock
    }

    /// "14:01", "Nov 28 14:01" or "Nov 28 2025 14:01": the date only when it is not today.
    public static func time(_ date: Date, now: Date, zone: TimeZone? = nil) -> String {
        let day = parts(date, zone), today = parts(now, zone)
        let clock = "\(two(day.tm_hour)):\(two(day.tm_min))"
        if day.tm_year == today.tm_year, day.tm_yday == today.tm_yday { return clock }
        let month = months[Int(day.tm_mon) % 12]
        let year = day.tm_year == today.tm_year ? "" : " \(day.tm_year + 1900)"
        return "\(month) \(day.tm_mday)\(year) \(clock)"
    }

    /// "just now", "in 40 s", "in 5 min", "3 h ago", "yesterday", "tomorrow", "in 4 days".
    public static func relative(_ date: Date, now: Date, zone: TimeZone? = nil) -> String {
        let delta = date.timeIntervalSince(now)
        let distance = abs(delta)
        // A minute ahead is a wait worth counting in seconds; a minute back is simply past.
        if distance.rounded() < 60 { return delta >= 0.5 ? "in \(Int(delta.rounded())) s" : "just now" }
        let amount: String
        if distance < 86_400 {
            // Rounded, not cut: an item due in 1 h 59 min is "in 2 h".
            let minutes = Int((distance / 60).rounded())
            amount = minutes < 60 ? "\(minutes) min" : "\(Int((distance / 3_600).rounded())) h"
        } else {
            // Calendar days, so that last night at 23:00 is "yesterday" at any hour today; the day
            // the clocks go back has 25 hours, and its last is still today.
            let days = abs(dayNumber(date, zone) - dayNumber(now, zone))
            switch days {
            case 0: amount = "\(Int((distance / 3_600).rounded())) h"
            case 1: return delta < 0 ? "yesterday" : "tomorrow"
            default: amount = "\(days) days"
            }
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

    /// The zone this process shows times in, as the C library reads `TZ` (which every table's
    /// `localtime_r` uses), for the Foundation calendars that read `--at` and fill templates'
    /// dates. Foundation alone would disagree: it ignores a POSIX `TZ` such as `<LOCAL>-02:00` or
    /// `:Europe/Berlin` (taking UTC) and reads `UTC+3` as three hours east, where POSIX and glibc
    /// read three hours west. A zone name from the tz database keeps its daylight-saving rules; a
    /// POSIX string becomes the fixed offset glibc gives it now.
    public static var zone: TimeZone {
        guard var name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.contains("/") || ["UTC", "GMT"].contains(name), let named = TimeZone(identifier: name) { return named }
        var seconds = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return TimeZone(secondsFromGMT: parts.tm_gmtoff) ?? .current
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func parts(_ date: Date, _ zone: TimeZone?) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard let zone else {
            localtime_r(&seconds, &parts)
            return parts
        }
        let offset = zone.secondsFromGMT(for: date)
        seconds += time_t(offset)
        gmtime_r(&seconds, &parts)
        parts.tm_gmtoff = offset
        return parts
    }

    /// Days since the epoch in local time, to count calendar days between two times.
    private static func dayNumber(_ date: Date, _ zone: TimeZone?) -> Int {
        let local = parts(date, zone)
        return Int((date.timeIntervalSince1970 + Double(local.tm_gmtoff)) / 86_400)
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
