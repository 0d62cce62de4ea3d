import Application
import ArgumentParser
import Common
import Foundation
import Outbox

/// `missive status [--json]`: what needs you, in one screen.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "What needs you: unread messages, bookmarked threads with new posts, posts quoting you, the outbox.",
        discussion: """
            Reads the inbox, the bookmarks and one page per thread with new posts (at most \
            \(CheckStatus.scanLimit) threads are read for quotes; the rest are counted). Only looks: \
            no read position moves and no message is opened. Each line ends with the command that \
            acts on it. A part the forum could not give is named, the rest still shows, and the exit \
            status is that part's.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Flag(help: ArgumentHelp(
        "Print JSON: profile, messages (id, from, subject, date, date_text), threads (thread, title, unread), "
            + "quotes (thread, post, author), outbox (needs_you, next_due), unavailable. A part not had is null "
            + "and named in unavailable; with --notify, notified lists what was told."))
    var json = false

    @Flag(help: ArgumentHelp(
        "Tell notify_command (config.toml; notify-send on a desktop when unset) about each new thing, once: "
            + "what was told is remembered in the store."))
    var notify = false

    func run() async throws {
        let home = try Home.load()
        let report = await (try home.checkStatus(forum)).run()
        var told: [NotifyNews.Told] = []
        if notify { told = try await home.notifyNews(forum).run(report) }
        if json {
            var shape = StatusJSON(report)
            if notify { shape.notified = told.map { StatusJSON.Notified(kind: $0.notification.kind.rawValue, title: $0.notification.title) } }
            try printJSON(shape)
        } else {
            Console.write(StatusText.render(report, width: TableTerminal.width()))
            for each in told where each.outcome == .shown { Console.print("Notified: \(each.notification.title)") }
        }
        for problem in told.compactMap(\.problem) { Console.note(problem) }
        // The text says which part it could not get; beside JSON, stderr says it.
        if json {
            for part in report.unavailableParts { Console.note("could not get \(part.name): \(part.reason)") }
        }
        if let status = report.unavailableParts.first?.status, status != .success { throw ExitCode(status.rawValue) }
    }
}

enum StatusText {
    /// `width`: the terminal's; a line with its command that would not fit puts the command on a
    /// line of its own, indented under it, and what it is for is broken between words, rather than
    /// leaving the terminal to break either anywhere.
    static func render(_ report: StatusReport, now: Date = Date(), width: Int? = nil) -> String {
        var lines: [String] = []
        func entry(_ text: String, _ command: String) {
            let line = "  \(text)   \(command)"
            if let width, DisplayWidth.of(line) > width {
                lines += wrapped(text, width: width, first: "  ", rest: "    ")
                lines.append("      \(command)")
            } else {
                lines.append(line)
            }
        }
        func section(_ title: String) {
            if !lines.isEmpty { lines.append("") }
            lines.append(title)
        }
        section("Private messages")
        switch report.messages {
        case let .found(messages):
            if messages.isEmpty { lines.append("  No unread messages.") }
            for message in messages {
                entry("\(message.from): \(message.subject)", "missive pm show \(message.id)")
            }
        case let .unavailable(reason, _):
            lines.append("  Could not get the inbox: \(reason)")
        }
        section("Bookmarked threads with new posts")
        switch report.threads {
        case let .found(threads):
            if threads.isEmpty { lines.append("  Nothing new.") }
            for thread in threads {
                entry("\(thread.title): \(counted(thread.unread, "new post"))", "missive read \(thread.thread) --new")
            }
        case let .unavailable(reason, _):
            lines.append("  Could not get the bookmarks: \(reason)")
        }
        section("Posts quoting you")
        switch report.quotes {
        case let .found(quotes):
            if quotes.quotes.isEmpty { lines.append("  None among the new posts.") }
            for quote in quotes.quotes {
                entry("\(quote.author) in \(quote.title) (post \(quote.post))", "missive reply \(quote.thread) --quote \(quote.post)")
            }
            if quotes.notScanned > 0 {
                lines.append("  \(counted(quotes.notScanned, "more thread")) with new posts not read for quotes "
                             + "(at most \(CheckStatus.scanLimit) are).")
            }
            for failure in quotes.failures { lines.append("  Could not read \(failure)") }
        case let .unavailable(reason, _):
            lines.append("  Could not look: \(reason)")
        }
        section("Outbox")
        switch report.outbox {
        case let .found(outbox):
            if outbox.needsYou.isEmpty && outbox.nextDue == nil { lines.append("  Nothing waiting.") }
            for item in outbox.needsYou {
                let detail = item.detail.map { ", \($0)" } ?? ""
                entry("item \(item.id) \(item.target): \(item.state)\(detail)", "missive queue show \(item.id)")
            }
            if let next = outbox.nextDue {
                let date = next.due.flatMap { ISO8601DateFormatter().date(from: $0) }
                let due = date.map { LocalClock.withRelative($0, now: now) } ?? next.due ?? ""
                // Past its time: no sender is running (or it is waiting out the forum), and "next
                // due" would read as if it were still ahead.
                if let date, date < now {
                    entry("Overdue: item \(next.id) \(next.target), due \(due)", "missive send")
                } else {
                    entry("Next due: item \(next.id) \(next.target), \(due)", "missive send")
                }
            }
        case let .unavailable(reason, _):
            lines.append("  Could not read the outbox: \(reason)")
        }
        return "Profile \(report.profile)\n\n" + lines.joined(separator: "\n") + "\n"
    }

    /// `text` in lines of at most `width` columns, broken at spaces; a word wider than a line
    /// stays whole on a line of its own.
    static func wrapped(_ text: String, width: Int, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in text.split(separator: " ") {
            let candidate = empty ? line + word : line + " " + word
            if empty || DisplayWidth.of(candidate) <= width {
                line = candidate
            } else {
                lines.append(line)
                line = rest + word
            }
            empty = false
        }
        lines.append(line)
        return lines
    }
}

struct StatusJSON: Encodable {
    struct Message: Encodable {
        var id: Int
        var from: String
        var subject: String
        @JSONNull var date: Date?
        var dateText: String
    }
    struct Thread: Encodable { var thread: Int; var title: String; var unread: Int }
    struct Quote: Encodable { var thread: Int; var post: Int; var author: String }
    struct Item: Encodable {
        var id: Int64
        var kind: String
        var target: String
        var state: String
        @JSONNull var due: String?
        @JSONNull var detail: String?
    }
    struct Outbox: Encodable {
        var needsYou: [Item]
        @JSONNull var nextDue: Item?
    }

    var profile: String
    @JSONNull var messages: [Message]?
    @JSONNull var threads: [Thread]?
    @JSONNull var quotes: [Quote]?
    @JSONNull var outbox: Outbox?
    /// The parts that could not be had, by name, with why.
    var unavailable: [String: String]
    struct Notified: Encodable { var kind: String; var title: String }
    /// With `--notify`: what was told this time.
    var notified: [Notified]?

    init(_ report: StatusReport) {
        profile = report.profile
        messages = report.messages.value?.map {
            Message(id: $0.id, from: $0.from, subject: $0.subject, date: ForumDateText.date($0.date), dateText: $0.date)
        }
        threads = report.threads.value?.map { Thread(thread: $0.thread, title: $0.title, unread: $0.unread) }
        quotes = report.quotes.value?.quotes.map { Quote(thread: $0.thread, post: $0.post, author: $0.author) }
        func item(_ listing: OutboxListing) -> Item {
            Item(id: listing.id, kind: listing.kind, target: listing.target, state: listing.state, due: listing.due, detail: listing.detail)
        }
        outbox = report.outbox.value.map { Outbox(needsYou: $0.needsYou.map(item), nextDue: $0.nextDue.map(item)) }
        unavailable = Dictionary(report.unavailableParts.map { ($0.name, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }
}
