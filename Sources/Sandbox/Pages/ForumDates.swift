import Foundation

/// Dates the way the forum prints them: in UTC, except the end of a probation, which is in the
/// forum's own clock (US Central). Written out by hand from calendar fields: pages print many
/// dates, and a DateFormatter per date is slow while a shared one is not Sendable.
enum ForumDates {
    private static let calendar = gregorian(TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0))

    /// The forum's clock: America/Chicago, daylight saving included.
    private static let central = gregorian(TimeZone(identifier: "America/Chicago") ?? TimeZone(secondsFromGMT: -6 * 3600))

    private static func gregorian(_ zone: TimeZone?) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        if let zone { calendar.timeZone = zone }
        return calendar
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    private struct Fields {
        var year, month, day, hour, minute, second, weekday: Int
        var monthName: String { ForumDates.months[month - 1] }
        var shortMonth: String { String(monthName.prefix(3)) }
        var hour12: Int { hour % 12 == 0 ? 12 : hour % 12 }
        var meridiem: String { hour < 12 ? "AM" : "PM" }
    }

    private static func fields(_ date: Date, in calendar: Calendar = calendar) -> Fields {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        return Fields(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
                      minute: parts.minute ?? 0, second: parts.second ?? 0, weekday: parts.weekday ?? 1)
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// Next to posts: `Dec 27, 2012 20:23`.
    static func post(_ date: Date) -> String {
        let f = fields(date)
        return "\(f.shortMonth) \(f.day), \(f.year) \(two(f.hour)):\(two(f.minute))"
    }

    /// In PM lists and PM quotes: `Mar 4, 2013 at 10:29 PM`.
    static func message(_ date: Date) -> String {
        let f = fields(date)
        return "\(f.shortMonth) \(f.day), \(f.year) at \(f.hour12):\(two(f.minute)) \(f.meridiem)"
    }

    /// The end of a probation: `September 21, 2014 8:45 PM CST`, the wall time in Chicago. The
    /// real site wrote "CST" for that September date, when Chicago keeps daylight time (CDT):
    /// the label is always CST and is no guide to the offset.
    static func probation(_ date: Date) -> String {
        let f = fields(date, in: central)
        return "\(f.monthName) \(f.day), \(f.year) \(f.hour12):\(two(f.minute)) \(f.meridiem) CST"
    }

    /// Under the author's name: `Nov 14, 2006`.
    static func registered(_ date: Date) -> String {
        let f = fields(date)
        return "\(f.shortMonth) \(f.day), \(f.year)"
    }

    /// Cookie expiry: `Thu, 01-Jan-1970 00:00:00 GMT`.
    static func cookie(_ date: Date) -> String {
        let f = fields(date)
        return "\(weekdays[f.weekday - 1]), \(two(f.day))-\(f.shortMonth)-\(f.year) \(two(f.hour)):\(two(f.minute)):\(two(f.second)) GMT"
    }
}
