import Common
import Foundation

/// Timestamps for output: UTC for JSON, local time for tables. Foundation's formatters cost more per call than a 10,000-row list can afford.
public enum Timestamp {
    public static func iso8601(_ date: Date) -> String {
        let parts = utc(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// A time for people, as everywhere in Missive (`LocalClock`): "Nov 28 14:01 (in 23 h)".
    public static func local(_ date: Date, now: Date) -> String {
        LocalClock.withRelative(date, now: now)
    }

    private static func utc(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
