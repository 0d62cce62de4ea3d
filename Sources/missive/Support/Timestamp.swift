import Foundation

/// UTC timestamps for output. Foundation's formatters cost more per call than a 10,000-row list can afford.
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

    private static func utc(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
