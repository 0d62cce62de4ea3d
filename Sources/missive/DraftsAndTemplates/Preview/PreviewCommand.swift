import Application
import ArgumentParser
import Common
import Foundation
import Markup

/// `missive preview`: a draft or file as the forum will show it, in the terminal or as a page.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a draft as the forum will show it, in the terminal or as an HTML page.",
        discussion: """
            DRAFT-OR-FILE is a draft id (see `missive drafts list`) or a file: Markdown, BBCode with \
            --format bbcode, or an editor buffer with front matter (a file that starts with a `---` \
            line), whose profile and format are used. Markdown is converted with the profile's BBCode dialect and drawn through that \
            forum engine's BBCode parser (on a Misago profile: its Markdown, nl2br and the few BBCodes it honours; \
            any other tag stays text, as on the forum). The theme is --theme, else the profile's choice for the \
            post's forum, else the profile's theme, else "default" (see `missive themes list`).

            In a terminal the preview uses as many colours as the terminal has; it is plain text when \
            standard output is not a terminal or NO_COLOR is set. --html writes a self-contained page \
            instead: to standard output when it is piped; on a terminal to a file named after the \
            draft in Missive's state directory (previews/draft-1.html), whose path it prints; or to \
            --output FILE. --open shows it with $BROWSER, or xdg-open when BROWSER is not set; \
            without a browser it says so, keeps the file, and exits 1.

            Local images in Markdown (![cat](cat.png), ~/pics/x.jpg, /abs/y.gif: paths relative to \
            the current directory) are shown before they are uploaded: the terminal names each with \
            its pixel size, format and byte size, or says why it cannot be sent (missing, not an \
            image); --html embeds them in the page (as data: URIs, so the page stays self-contained).

            --remote asks the profile's forum to render the post instead (the Preview button of \
            the form the post would be sent from; nothing is posted) and shows the forum's \
            rendering: as text, or with --html inside the themed page. It needs a logged-in \
            profile (`missive login`) and a target: the draft's or buffer's thread, post or forum, \
            or --thread for a plain file. Private messages have no forum preview.

            --live serves the HTML preview on 127.0.0.1 (only) and redraws the open page within a \
            second of each save of the file (or of the draft, in the store), keeping the scroll \
            position. It prints the page's address on standard output; the address carries a \
            random token, without which (or under another host name than 127.0.0.1:PORT) every \
            request is refused. --port N listens on N (default: a free port). It runs until Ctrl-C \
            or SIGTERM. In an editor buffer, everything from the cut line down is left out.

            Smilie codes are drawn with the forum's pictures once `missive smilies` has cached its \
            list, and as their codes before that.
            """
    )

    @Argument(help: ArgumentHelp("A draft id (7 or d7), or a file to preview (\"-\" for standard input).", valueName: "draft-or-file"))
    var target: String

    @Option(help: "The theme to use (see `missive themes list`).")
    var theme: String?

    @Option(help: "The profile whose dialect and themes to use (default: the buffer's, else the default profile).")
    var profile: String?

    @Option(help: "The BBCode dialect, overriding the profile's: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
    var dialect: String?

    @Option(help: "What the text is: markdown or bbcode (default: the draft's or buffer's format, else markdown).")
    var format: String?

    @Flag(help: "Write a self-contained HTML page instead of drawing in the terminal.")
    var html = false

    @Option(help: ArgumentHelp("With --html: write the page to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "With --html: open the page in a browser ($BROWSER, else xdg-open).")
    var open = false

    @Flag(help: "Ask the forum for its own preview of the post instead of rendering it here.")
    var remote = false

    @Option(help: ArgumentHelp("With --remote: preview as a reply in this thread (an id or the thread's URL).",
                               valueName: "thread"))
    var thread: String?

    @Option(help: ArgumentHelp("With --remote: give up on the forum after this many seconds (1 to 3600).", valueName: "seconds"))
    var timeout: Int = 60

    @Flag(help: "Serve the HTML preview on 127.0.0.1 and redraw the open page each time the file or draft is saved.")
    var live = false

    @Option(help: ArgumentHelp("With --live: the port to listen on (default 0: a free one).", valueName: "n"))
    var port: Int?

    @Option(help: ArgumentHelp("Columns to lay the terminal preview out in (default: the terminal's width, else 80).", valueName: "n"))
    var width: Int?

    @OptionGroup var color: ColorOptions

    func validate() throws {
        if let dialect, Dialect(rawValue: dialect) == nil { try Self.reject(.unknownDialect(dialect)) }
        if let format, DraftFormat(rawValue: format) == nil { try Self.reject(.unknownFormat(format)) }
        if !html && output != nil { try Self.reject(.needsHTML("--output")) }
        if !html && open { try Self.reject(.needsHTML("--open")) }
        if let width, width < 20 { try Self.reject(.tooNarrow(width)) }
        if !remote, thread != nil { try Self.reject(.needsRemote("--thread")) }
        if !ForumOptions.timeoutRange.contains(timeout) { try Self.reject(.badTimeout(timeout)) }
        if let thread {
            do { _ = try ForumReference.parse(thread, as: .thread) } catch { try Self.reject(error) }
        }
        if let port, !(0...65535).contains(port) { try Self.reject(.badPort(port)) }
        if !live, port != nil { try Self.reject(.needsLive("--port")) }
        if live {
            let clashes = [("--html", html), ("--output", output != nil), ("--open", open), ("--remote", remote),
                           ("--width", width != nil)]
            if let (option, _) = clashes.first(where: \.1) { try Self.reject(.notWithLive(option)) }
            if target == "-" { try Self.reject(.liveNeedsFile) }
        }
    }

    /// swift-argument-parser wraps errors thrown from `validate()`; say it in Missive's one-line
    /// form and leave with the usage status.
    private static func reject(_ error: PreviewCommandError) throws -> Never { try refuse(error) }

    private static func reject(_ error: ForumReferenceError) throws -> Never { try refuse(error) }

    private static func refuse(_ error: some MissiveError) throws -> Never {
        Console.note(error.description)
        throw ExitCode(error.status.rawValue)
    }

    func run() async throws {
        let home = try Home.load()
        let paths = home.paths
        let preview = home.previewDraft()
        if live {
            return try await LivePreviewRun(target: target, choices: choices, port: UInt16(port ?? 0)).run(preview, paths: paths)
        }
        let post = try preview.run(target, choices: choices)

        // Both previews go out the same two ways: drawn by Markup's terminal renderer, or in the themed page.
        func show(_ document: @autoclosure () -> BBCodeDocument, page title: String, html bodyHTML: () -> String) throws {
            guard html else {
                let renderer = TerminalRenderer(theme: post.theme, depth: color.depth, width: width ?? TerminalSize.columns(),
                                                imageLabels: post.images?.labels ?? [:])
                return Console.write(renderer.render(document(), header: post.header))
            }
            try writePage(post.page(title, bodyHTML: bodyHTML()), paths: paths)
        }

        guard remote else {
            if let rendered = post.misagoHTML {
                return try show(ForumPostDocument.read(html: rendered), page: "Preview") { rendered }
            }
            let document = BBCode.parse(post.bbcode, dialect: post.dialect)
            return try show(document, page: "Preview") { post.html(of: document, paths: paths) }
        }
        let threadID = try thread.map { (text) throws(ForumReferenceError) in try ForumReference.parse(text, as: .thread).id }
        let rendered = try await home.previewRemotely(profile: post.profile, timeout: timeout).run(post, thread: threadID)
        // The forum's HTML goes in the page as it came; the terminal draws it read back as a document.
        try show(ForumPostDocument.read(html: rendered.html), page: "Forum preview") { rendered.html }
    }

    /// What the options chose for the post's profile, theme, dialect and format.
    private var choices: PreviewPost.Choices {
        PreviewPost.Choices(profile: profile, theme: theme, dialect: dialect.flatMap(Dialect.init(rawValue:)),
                            format: format.flatMap(DraftFormat.init(rawValue:)))
    }

    /// The page to standard output, to --output, or to a file of its own (see `PreviewDestination`).
    private func writePage(_ themedPage: ThemedPage, paths: MissivePaths) throws {
        try PreviewDestination.choose(output: output, open: open, target: target, paths: paths)
            .deliver(themedPage.render(), target: target, open: open)
    }
}
