import Application
import ArgumentParser
import Common
import Foundation

/// `missive read THREAD [--new] [--page N] [--no-mark] [--json]`: a thread's posts in the terminal.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a thread's posts in the terminal (from its first new post with --new).",
        discussion: """
            THREAD is the thread's number or its URL. Each post is headed by its author, date and id; \
            quotes stay quotes, smilies read as their codes, pictures and links as addresses; posts that \
            quote you are marked, and posts of members you ignore are one line. At most \
            \(ReadThread.maxPages) pages in one go; the end says how to read on and how to answer. \
            On a terminal the text goes through $PAGER (less -R when unset). Reading moves the forum's \
            read position as a visit in a browser does, unless --no-mark.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Argument(help: ArgumentHelp("The thread's id or URL.", valueName: "thread"))
    var thread: String

    @Flag(help: "Start at the first post you have not read, as the forum's own new-posts link does.")
    var new = false

    @Option(help: ArgumentHelp("Start at this page (1 is the first).", valueName: "n"))
    var page: Int?

    @Flag(help: "Leave the forum's read position where it is.")
    var noMark = false

    @Flag(help: ArgumentHelp(ThreadPostJSON.help))
    var json = false

    func validate() throws {
        try checkThread(thread)
        if new, page != nil { throw ValidationError("--new and --page each say where to start: give one of them.") }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, not \(page).") }
    }

    func run() async throws {
        let reading = try await Home.load().readThread(forum)
            .run(thread, from: new ? .firstUnread : .page(page ?? 1), markRead: !noMark)
        if json { return try printJSON(reading.posts.map(ThreadPostJSON.init)) }
        Pager.show(ThreadText.render(reading))
    }
}

/// A thread's pages as plain text.
enum ThreadText {
    static func render(_ reading: ThreadReading, now: Date = Date()) -> String {
        var lines: [String] = []
        let first = reading.pages.first?.page ?? 1, last = reading.pages.last?.page ?? 1
        let span = first == last ? "page \(first)" : "pages \(first) to \(last)"
        lines.append("\(reading.title) (thread \(reading.thread), \(span) of \(reading.lastPage))")
        if reading.nothingNew { lines.append("No new posts; the last post:") }
        for post in reading.posts {
            lines.append("")
            if post.ignored {
                lines.append("ignored: \(post.author) (post \(post.id))")
                continue
            }
            let mark = post.quotesYou ? "  << quotes you" : ""
            // The forum's time in Missive's one clock format, or its own words when they do not parse.
            let date = ForumDateText.date(post.date).map { LocalClock.withRelative($0, now: now) } ?? post.date
            lines.append("\(post.author) · \(date) · post \(post.id)\(mark)")
            lines.append(String(repeating: "─", count: 40))
            lines.append(post.text ?? "")
        }
        lines.append("")
        if let next = reading.nextPage {
            lines.append("More: missive read \(reading.thread) --page \(next)   (page \(next) of \(reading.lastPage))")
        }
        if reading.closed {
            lines.append("The thread is closed: no replies.")
        } else {
            lines.append("Answer: missive reply \(reading.thread)")
            if let quoting = reading.posts.last(where: { $0.quotesYou }) ?? reading.posts.last(where: { !$0.ignored }) {
                lines.append("Quote:  missive reply \(reading.thread) --quote \(quoting.id)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `read --json`: one object per post; `date` parsed from the forum's words (UTC, as its PM
/// dates), which `date_text` keeps.
struct ThreadPostJSON: Encodable {
    static let help = "Print JSON: a list of post, author, date, date_text, text (null when ignored), quotes_you, ignored."

    var post: Int
    var author: String
    @JSONNull var date: Date?
    var dateText: String
    @JSONNull var text: String?
    var quotesYou: Bool
    var ignored: Bool

    init(_ post: ThreadPost) {
        self.post = post.id
        author = post.author
        date = ForumDateText.date(post.date)
        dateText = post.date
        text = post.text
        quotesYou = post.quotesYou
        ignored = post.ignored
    }
}
