import Foundation

/// A length of time as people type it, in `--at +2h` and in config.toml (`late_limit = "12h"`):
/// one reading for both, so that what works in one works in the other.
public enum DurationText {
    /// "2h", "1h30m", "90s", "2 hours"; nil when any part is not a number with a known unit.
    public static func seconds(_ text: String) -> TimeInterval? {
        parts(text).map { TimeInterval($0.days) * 86_400 + $0.seconds }
    }

    /// The days apart from the rest, for a clock that must keep the time of day across a
    /// daylight-saving change: `+1d` at 09:00 is 09:00 tomorrow, 23 or 25 hours on such a day,
    /// while `+24h` is 24 hours whatever the clock says.
    public static func parts(_ text: String) -> (days: Int, seconds: TimeInterval)? {
        let units: [(names: [String], seconds: TimeInterval)] = [
            (["d", "day", "days"], 86_400), (["h", "hr", "hour", "hours"], 3_600),
            (["m", "min", "mins", "minute", "minutes"], 60), (["s", "sec", "secs", "second", "seconds"], 1),
        ]
        var days = 0
        var total: TimeInterval = 0
        var scanner = Substring(text.lowercased().replacingOccurrences(of: " ", with: ""))
        guard !scanner.isEmpty else { return nil }
        while !scanner.isEmpty {
            let digits = scanner.prefix(while: \.isNumber)
            guard let amount = Int(digits) else { return nil }
            scanner = scanner.dropFirst(digits.count)
            let name = scanner.prefix(while: \.isLetter)
            guard let unit = units.first(where: { $0.names.contains(String(name)) }) else { return nil }
            scanner = scanner.dropFirst(name.count)
            if unit.seconds == 86_400 { days += amount } else { total += TimeInterval(amount) * unit.seconds }
        }
        return (days, total)
    }
}

extension DurationText {
    /// `seconds` as config.toml writes it back: "12h", "1h30m", "90s" reads again as the same.
    public static func text(_ seconds: TimeInterval) -> String {
        var rest = max(0, Int(seconds.rounded()))
        guard rest > 0 else { return "0s" }
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
