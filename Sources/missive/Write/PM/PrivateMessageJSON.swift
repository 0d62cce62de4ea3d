import Application
import Foundation

/// The forum's PM dates as `--json` times. The forum prints them without a zone, in UTC (as the
/// sandbox does); `date_text` keeps the forum's own words, and `date` is null when they do not
/// parse, rather than a guess.
enum ForumDateText {
    /// "Mar 4, 2013 at 10:29 PM" in lists, "Dec 27, 2012 20:23" on the message.
    private static let formats = ["MMM d, yyyy 'at' h:mm a", "MMM d, yyyy HH:mm", "MMMM d, yyyy h:mm a", "MMM d, yyyy"]

    static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}

/// One message of `inbox list --json`.
/// Not the `PrivateMessageSummary`: a parsed date beside the forum's text (date_text).
struct PrivateMessageSummaryJSON: Encodable {
    static let help = "Print JSON: a list of id, subject, correspondent, date, date_text, unread, replied, forwarded."

    var id: Int
    var subject: String
    var correspondent: String
    @JSONNull var date: Date?
    var dateText: String
    var unread: Bool
    var replied: Bool
    var forwarded: Bool

    init(_ message: PrivateMessageSummary) {
        id = message.id
        subject = message.subject
        correspondent = message.correspondent
        date = ForumDateText.date(message.date)
        dateText = message.date
        unread = message.unread
        replied = message.replied
        forwarded = message.forwarded
    }
}

/// What `inbox show --json` prints.
/// Not the `PrivateMessageContent`: a parsed date beside the forum's text (date_text).
struct PrivateMessageJSON: Encodable {
    static let help = "Print JSON: id, subject, author, date, date_text, text."

    var id: Int
    var subject: String
    var author: String
    @JSONNull var date: Date?
    var dateText: String
    var text: String

    init(_ message: PrivateMessageContent) {
        id = message.id
        subject = message.subject
        author = message.author
        date = ForumDateText.date(message.date)
        dateText = message.date
        text = message.text
    }
}
