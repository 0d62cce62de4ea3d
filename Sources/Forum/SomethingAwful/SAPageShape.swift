import Foundation

/// What an answer from the forum is, read from its shape alone: forum-protocol.md, "How failure
/// looks" and "Real pages". `SAFailurePage` turns a shape into an outcome; this only reads.
enum SAPageShape: Equatable {
    /// Cloudflare's browser check answered instead of the forum: nothing reached the forum.
    case botCheck
    /// `body.database_error`, its title from `#msg h1`.
    case databaseError(title: String)
    /// `body.banned`, with the page's link to the reason (`banlist.php?...`).
    case banned(reason: URL?)
    /// `#probation_warn` on a page; `until` as an instant when its date could be read.
    case probation(until: Date?, message: String)
    /// `body.standarderror`: title in `#content div.standard h2`, message in `div.inner`.
    case standardError(title: String, message: String)
    /// `body.standardredirect`: "Redirecting..." with a message. The same shape says "thank you
    /// for posting" and "this thread is closed", so the message decides; `links` are where the page
    /// sends the browser (its meta refresh, the links in its message).
    case redirect(message: String, links: [URL])
    /// Any other page (a form, a thread, a folder).
    case other

    init(_ response: HTTPResponse, document: HTMLDocument?) {
        // Cloudflare marks its challenge with a header of its own, whatever the page says.
        let challenge = response.header("cf-mitigated")?.lowercased().contains("challenge") == true
        self = challenge ? .botCheck : SAPageShape(document)
    }

    init(_ document: HTMLDocument?) {
        guard let document else {
            self = .other
            return
        }
        if Self.isBotCheck(document) {
            self = .botCheck
            return
        }
        let body = document.first("//body")
        if body?.hasClass("database_error") == true {
            self = .databaseError(title: document.first("//*[@id='msg']/h1")?.visibleText ?? "")
        } else if body?.hasClass("banned") == true {
            let link = document.first("//a[contains(@href, 'banlist.php')]")?.attribute("href").flatMap(document.resolve)
            self = .banned(reason: link)
        } else if let warning = document.first("//*[@id='probation_warn']") {
            self = .probation(until: SAForumClock.probationEnd(warning.visibleText), message: warning.visibleText)
        } else if body?.hasClass("standarderror") == true {
            let standard = document.first("//*[@id='content']//div[\(xpathHasClass("standard"))]")
                ?? document.first("//div[\(xpathHasClass("standard"))]")
            let title = standard?.first(".//h2")?.visibleText ?? ""
            let message = standard?.first(".//div[\(xpathHasClass("inner"))]")?.visibleText ?? body?.visibleText ?? ""
            self = .standardError(title: title, message: message)
        } else if body?.hasClass("standardredirect") == true {
            let message = document.first("//div[\(xpathHasClass("standard"))]//div[\(xpathHasClass("inner"))]")?.visibleText
                ?? body?.visibleText ?? ""
            self = .redirect(message: message, links: SAEvidence.redirectLinks(in: document))
        } else {
            self = .other
        }
    }

    /// Without Cloudflare's header, the challenge page's own script (`_cf_chl_opt`, loading from
    /// `/cdn-cgi/challenge-platform/`) gives it away; the forum's pages never carry either.
    static func isBotCheck(_ document: HTMLDocument) -> Bool {
        document.select("//script").contains { script in
            let text = script.text + (script.attribute("src") ?? "")
            return text.contains("_cf_chl_opt") || text.contains("/cdn-cgi/challenge-platform/")
        }
    }
}

/// The forum's clock: US Central time, written like "September 21, 2014 8:45 PM CST".
enum SAForumClock {
    static let timeZone = TimeZone(identifier: "America/Chicago") ?? TimeZone(secondsFromGMT: -6 * 3600) ?? .current

    /// The end of a probation, from "...on probation until September 21, 2014 8:45 PM CST." The
    /// zone the page names is read when it is one we know for sure (UTC/GMT); CST, CDT or none
    /// mean the forum's own clock, whose offset the date decides.
    static func probationEnd(_ text: String) -> Date? {
        guard let until = text.range(of: "until ", options: .caseInsensitive) else { return nil }
        let candidate = String(text[until.upperBound...].prefix { $0 != "." }).trimmingCharacters(in: .whitespaces)
        var words = candidate.split(whereSeparator: \.isWhitespace).map(String.init)
        // The date is followed by more words; try ever shorter prefixes of them.
        while !words.isEmpty {
            if let date = date(words) { return date }
            words.removeLast()
        }
        return nil
    }

    private static func date(_ words: [String]) -> Date? {
        var words = words
        var zone = timeZone
        if let last = words.last?.uppercased().trimmingCharacters(in: .punctuationCharacters) {
            switch last {
            case "UTC", "GMT": zone = TimeZone(identifier: "UTC") ?? zone; words.removeLast()
            case "CST", "CDT", "CT": words.removeLast()
            default: break
            }
        }
        let text = words.joined(separator: " ")
        for format in ["MMMM d, yyyy h:mm a", "MMM d, yyyy h:mm a", "MMM d, yyyy HH:mm", "MMMM d, yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
