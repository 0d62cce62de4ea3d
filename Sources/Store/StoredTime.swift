import Foundation

/// A date as the store keeps it: "yyyy-MM-dd HH:mm:ss.SSS" in UTC, rounded to the nearest
/// millisecond: the text GRDB writes for a `Date`, made here without a DateFormatter (ICU's formatting cost more than the rest of a
/// send's bookkeeping). The sender's hot statements pass these instead of dates.
package enum StoredTime {
    package static func text(_ date: Date) -> String {
        // As CoreFoundation hands the time to ICU: from its own epoch, in milliseconds, plus a half.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000 + 0.5).rounded(.down)
        var seconds = time_t((milliseconds / 1_000).rounded(.down))
        let millisecond = Int(milliseconds - Double(seconds) * 1_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8((value / divisor) % 10))
                divisor /= 10
            }
        }
        digits(Int(parts.tm_year) + 1_900, 4); bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2); bytes.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2); bytes.append(UInt8(ascii: " "))
        digits(Int(parts.tm_hour), 2); bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2); bytes.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2); bytes.append(UInt8(ascii: "."))
        digits(millisecond, 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func text(_ date: Date?) -> String? {
        date.map(text)
    }
}
