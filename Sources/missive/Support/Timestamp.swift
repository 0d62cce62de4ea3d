import Foundation

/// Timestamps for output: UTC for JSON, local time for tables. Foundation's formatters cost more per call than a 10,000-row list can afford.
enum Timestamp {
    static func day(_ date: Date) -> String {
        let parts = utc(date)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    static func iso8601(_ date: Date) -> String {
        let parts = utc(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// A table's time, padded so the columns after it line up (see `local`).
    static func table(_ date: Date, now: Date) -> String {
        let text = local(date, now: now)
        return text.padding(toLength: max(text.count, 30), withPad: " ", startingAt: 0)
    }

    /// A time for people: local, to the minute, and how long ago (or how soon) when within a
    /// day: "2026-11-25 16:30 (3 min ago)".
    static func local(_ date: Date, now: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var text = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
        if let relative = relative(date, now: now) { text += " (\(relative))" }
        return text
    }

    /// "just now", "3 min ago", "in 2 h"; nil a day or more away, where the date says enough.
    static func relative(_ date: Date, now: Date) -> String? {
        let delta = date.timeIntervalSince(now)
        let distance = abs(delta)
        guard distance < 86_400 else { return nil }
        if distance < 60 { return "just now" }
        // Rounded, not cut: an item due in 1 h 59 min is "in 2 h".
        let minutes = Int((distance / 60).rounded())
        let amount = minutes < 60 ? "\(minutes) min" : "\(Int((distance / 3_600).rounded())) h"
        return delta < 0 ? "\(amount) ago" : "in \(amount)"
    }

    private static func utc(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
