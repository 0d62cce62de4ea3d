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
        let shape = SAPageShape(response, document: document)
        // Cloudflare answers its challenge with a 403 or 503 of its own: nothing reached the forum.
        if shape == .botCheck { return .rejected(.botCheck) }
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
        if let failure = failure(of: shape, purpose: purpose) { return failure }
        if (400...499).contains(response.status) {
            return .rejected(.forumError(title: "HTTP \(response.status)", message: "the forum refused \(response.url.path)"))
        }
        return nil
    }

    static func isDatabaseError(_ document: HTMLDocument) -> Bool {
        document.first("//body")?.hasClass("database_error") == true
    }

    static func failure(in document: HTMLDocument, purpose: Purpose) -> ForumError? {
        failure(of: SAPageShape(document), purpose: purpose)
    }

    /// The one table of page shape -> outcome. Every row is a refusal the forum gave before
    /// storing anything, so none of them is ever evidence of a send and none is retried as if
    /// the send might have landed. A redirect page whose message is no refusal, and any other
    /// page, are no failure: the caller looks for evidence on them.
    ///
    /// | shape                                 | outcome                                            |
    /// |---------------------------------------|----------------------------------------------------|
    /// | Cloudflare challenge                  | rejected(botCheck): log in in a browser, import    |
    /// | body.database_error                   | retryLater(databaseError)                          |
    /// | body.banned                           | rejected(banned(reason: the banlist link))         |
    /// | #probation_warn (posting)             | rejected(probation(until: the instant))            |
    /// | #probation_warn (reading)             | none: a page with a warning on it                  |
    /// | standarderror / standardredirect with | the message's refusal (`classify`): thread closed, |
    /// |   a refusal message                   | must register (= session gone), Platinum, archives,|
    /// |                                       | flood control (retryLater), banned, probation, ... |
    /// |   ... "Invalid thread specified"      | rejected(doesNotExist(thread)) (post, forum, PM)   |
    /// | standarderror, any other message      | rejected(forumError) in the forum's words          |
    /// | standardredirect, any other message   | none: maybe success, the links are read as evidence|
    /// | anything else                         | none                                               |
    static func failure(of shape: SAPageShape, purpose: Purpose) -> ForumError? {
        switch shape {
        case .botCheck:
            return .rejected(.botCheck)
        case let .databaseError(title):
            return .retryLater(after: nil, reason: .databaseError(title.isEmpty ? "database error page" : title))
        case let .banned(reason):
            return .rejected(.banned(reason: reason))
        case let .probation(until, message):
            return purpose == .reading ? nil : .rejected(.probation(until: until, message: message))
        case let .standardError(title, message):
            return classify(title: title, message: message)
        case let .redirect(message, _):
            // "Redirecting..." carries success and refusal alike: only a known refusal is one.
            let failure = classify(title: "", message: message)
            switch failure {
            case .rejected(.forumError), .rejected(.securityTokenExpired): return nil
            default: return failure
            }
        case .other:
            return nil
        }
    }

    /// Reads an error page's words. The forum's wordings are matched loosely (lower-cased key phrases)
    /// because only some are verified; anything unrecognised is passed on in the forum's own words.
    static func classify(title: String, message: String) -> ForumError {
        let text = message.lowercased()
        if let seconds = floodSeconds(text) {
            return .retryLater(after: .seconds(seconds), reason: .floodControl(message, interval: floodInterval(text)))
        }
        if text.contains("thread is closed") { return .rejected(.threadClosed) }
        if text.contains("must be a registered") || text.contains("not logged in") || text.contains("must be logged in")
            || text.contains("log in to") {
            return .rejected(.notLoggedIn)
        }
        if text.contains("platinum") { return .rejected(.platinumRequired) }
        if text.contains("archives upgrade") { return .rejected(.archivesRequired) }
        if text.contains("banned") { return .rejected(.banned(reason: nil)) }
        if text.contains("probation") { return .rejected(.probation(until: SAForumClock.probationEnd(message), message: message)) }
        if text.contains("too long") {
            return .rejected(.tooLong(limit: number(after: "shorten it to", in: text), message: message))
        }
        if let prefix = text.range(of: "users were not found:") ?? text.range(of: "user was not found:") {
            let names = message[prefix.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            return .rejected(.noSuchUser(names))
        }
        if text.contains("permission") || text.contains("not accepting") { return .rejected(.noPermission(message)) }
        // vBulletin's "Invalid thread specified. If you followed a valid link, ..." and its kin.
        for what in ["thread", "post", "forum", "private message", "user"] where text.contains("invalid \(what) specified") {
            return .rejected(.doesNotExist(what: what, message: message))
        }
        // vBulletin's "Your submission could not be processed because a security token was missing or has expired."
        if text.contains("security token") { return .rejected(.securityTokenExpired(message: message)) }
        return .rejected(.forumError(title: title, message: message))
    }

    /// "Please try again in 12 seconds." The interval itself ("wait 30 seconds between posts") is
    /// only the fallback when the seconds left are missing.
    static func floodSeconds(_ text: String) -> Int? {
        guard text.contains("wait"), text.contains("between") || text.contains("try again in") else { return nil }
        return number(after: "try again in", in: text) ?? number(after: "wait", in: text)
    }

    /// The interval between posts the flood message states ("wait 30 seconds between posts").
    static func floodInterval(_ text: String) -> Int? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        for index in words.indices.dropLast(3) where words[index] == "wait" {
            if let seconds = Int(words[index + 1]), words[index + 2].hasPrefix("second"), words[index + 3] == "between" {
                return seconds
            }
        }
        return nil
    }

    static func number(after phrase: String, in text: String) -> Int? {
        guard let range = text.range(of: phrase) else { return nil }
        let digits = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
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
