import Foundation

/// How the forum says no (forum-protocol.md, "How failure looks"), read from an answer.
enum SAFailurePage {
    /// What the answer was to.
    enum Purpose {
        /// A page read: a probation warning on it is only news.
        case reading
        /// A compose page or a preview: probation stops it; nothing was stored.
        case posting
        /// A POST that stores something (a reply, an edit, a thread, a PM): as posting, and a
        /// server error may come after the forum stored it.
        case submitting
    }

    /// The failure an answer shows, or nil when it shows none.
    static func failure(in response: HTTPResponse, document: HTMLDocument?, purpose: Purpose) -> ForumError? {
        if (500...599).contains(response.status) {
            // PHP often stores the post and then fails on the way to the answer, and a gateway's
            // 502/504 speaks for a proxy that gave up waiting. Only the forum's own database-error
            // page says nothing was stored.
            if purpose == .submitting, document.map(isDatabaseError) != true {
                return .unexpected(Evidence("the forum failed after the post was sent; it may have stored it",
                                            status: response.status, url: response.url))
            }
            if let document, let failure = failure(in: document, purpose: purpose), case .retryLater = failure { return failure }
            return .retryLater(after: retryAfter(response), reason: .serverError(status: response.status))
        }
        if response.status == 429 {
            return .retryLater(after: retryAfter(response), reason: .serverError(status: response.status))
        }
        if let document, let failure = failure(in: document, purpose: purpose) { return failure }
        if (400...499).contains(response.status) {
            return .rejected(.forumError(title: "HTTP \(response.status)", message: "the forum refused \(response.url.path)"))
        }
        return nil
    }

    static func isDatabaseError(_ document: HTMLDocument) -> Bool {
        document.first("//body")?.hasClass("database_error") == true
    }

    static func failure(in document: HTMLDocument, purpose: Purpose) -> ForumError? {
        let body = document.first("//body")
        if body?.hasClass("banned") == true { return .rejected(.banned) }
        if isDatabaseError(document) {
            let title = document.first("//*[@id='msg']/h1")?.visibleText ?? ""
            return .retryLater(after: nil, reason: .databaseError(title.isEmpty ? "database error page" : title))
        }
        if purpose != .reading, let warning = document.first("//*[@id='probation_warn']") {
            return .rejected(.probation(until: probationEnd(warning.visibleText), message: warning.visibleText))
        }
        if body?.hasClass("standarderror") == true {
            let standard = document.first("//*[@id='content']//div[\(xpathHasClass("standard"))]")
            let title = standard?.first(".//h2")?.visibleText ?? ""
            let message = standard?.first(".//div[\(xpathHasClass("inner"))]")?.visibleText
                ?? body?.visibleText ?? ""
            return classify(title: title, message: message)
        }
        // A closed thread answers a reply with a redirect page rather than an error page.
        if body?.hasClass("standardredirect") == true,
            let inner = document.first("//div[\(xpathHasClass("inner"))]"), inner.visibleText.lowercased().contains("thread is closed") {
            return .rejected(.threadClosed)
        }
        return nil
    }

    /// Reads an error page's words. The forum's wordings are matched loosely (lower-cased key phrases)
    /// because only some are verified; anything unrecognised is passed on in the forum's own words.
    static func classify(title: String, message: String) -> ForumError {
        let text = message.lowercased()
        if let seconds = floodSeconds(text) {
            return .retryLater(after: .seconds(seconds), reason: .floodControl(message))
        }
        if text.contains("thread is closed") { return .rejected(.threadClosed) }
        if text.contains("must be a registered") || text.contains("not logged in") || text.contains("must be logged in")
            || text.contains("log in to") {
            return .rejected(.notLoggedIn)
        }
        if text.contains("banned") { return .rejected(.banned) }
        if text.contains("probation") { return .rejected(.probation(until: probationEnd(message), message: message)) }
        if text.contains("too long") {
            return .rejected(.tooLong(limit: number(after: "shorten it to", in: text), message: message))
        }
        if let prefix = text.range(of: "users were not found:") ?? text.range(of: "user was not found:") {
            let names = message[prefix.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            return .rejected(.noSuchUser(names))
        }
        if text.contains("permission") || text.contains("not accepting") { return .rejected(.noPermission(message)) }
        return .rejected(.forumError(title: title, message: message))
    }

    /// "Please try again in 12 seconds." The interval itself ("wait 30 seconds between posts") is
    /// only the fallback when the seconds left are missing.
    static func floodSeconds(_ text: String) -> Int? {
        guard text.contains("wait"), text.contains("between") || text.contains("try again in") else { return nil }
        return number(after: "try again in", in: text) ?? number(after: "wait", in: text)
    }

    static func number(after phrase: String, in text: String) -> Int? {
        guard let range = text.range(of: phrase) else { return nil }
        let digits = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    /// The end of a probation, from "...on probation until September 21, 2014 8:45 PM UTC." when
    /// the warning uses one of the forum's date styles.
    static func probationEnd(_ text: String) -> Date? {
        guard let until = text.range(of: "until ", options: .caseInsensitive) else { return nil }
        var candidate = String(text[until.upperBound...].prefix { $0 != "." })
        candidate = candidate.trimmingCharacters(in: .whitespaces)
        for format in ["MMMM d, yyyy h:mm a zzz", "MMMM d, yyyy h:mm a", "MMM d, yyyy h:mm a", "MMM d, yyyy HH:mm", "MMMM d, yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            // The date is followed by more words; try ever shorter prefixes of them.
            var words = candidate.split(separator: " ")
            while !words.isEmpty {
                if let date = formatter.date(from: words.joined(separator: " ")) { return date }
                words.removeLast()
            }
        }
        return nil
    }

    /// `Retry-After` as seconds (or an HTTP date turned into seconds from `now`).
    static func retryAfter(_ response: HTTPResponse, now: Date = Date()) -> Duration? {
        guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}
