import ArgumentParser
import Common
import Compose
import Forum
import Foundation
import Markup
import Store

/// `missive preview`: a draft or file as the forum will show it, in the terminal or as a page.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a draft as the forum will show it, in the terminal or as an HTML page.",
        discussion: """
            DRAFT-OR-FILE is a draft id (see `missive drafts list`) or a file: Markdown, BBCode with \
            --format bbcode, or an editor buffer with front matter (a file that starts with a `---` \
            line), whose profile and format are used. Markdown is converted with the profile's BBCode dialect and drawn through that \
            forum engine's BBCode parser. The theme is --theme, else the profile's choice for the \
            post's forum, else the profile's theme, else "default" (see `missive themes list`).

            In a terminal the preview uses as many colours as the terminal has; it is plain text when \
            standard output is not a terminal or NO_COLOR is set. --html writes a self-contained page \
            instead (to standard output, or to --output FILE); --open shows it with $BROWSER, or \
            xdg-open when BROWSER is not set.

            --remote asks the profile's forum to render the post instead (the Preview button of \
            the form the post would be sent from; nothing is posted) and shows the forum's \
            rendering: as text, or with --html inside the themed page. It needs a logged-in \
            profile (`missive login`) and a target: the draft's or buffer's thread, post or forum, \
            or --thread for a plain file. Private messages have no forum preview.
            """
    )

    @Argument(help: ArgumentHelp("A draft id, or a file to preview (\"-\" for standard input).", valueName: "draft-or-file"))
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
    }

    /// swift-argument-parser wraps errors thrown from `validate()`; say it in Missive's one-line
    /// form and leave with the usage status.
    private static func reject(_ error: PreviewError) throws -> Never { try refuse(error) }

    private static func reject(_ error: ForumReferenceError) throws -> Never { try refuse(error) }

    private static func refuse(_ error: some MissiveError) throws -> Never {
        FileHandle.standardError.write(Data("missive: \(error.description)\n".utf8))
        throw ExitCode(error.status.rawValue)
    }

    func run() async throws {
        let paths = MissivePaths.resolve()
        let config = try Config.load(from: paths)
        let source = try PreviewSource.load(target, defaultProfile: config.defaultProfile)
        let profile = try config.profile(named: profile ?? source.profile)
        let dialect = dialect.flatMap(Dialect.init(rawValue:)) ?? profile.bbcodeDialect
        let format = format.flatMap(DraftFormat.init(rawValue:)) ?? source.format
        let bbcode = format == .markdown ? BBCodeConverter(dialect: dialect).convert(source.body) : source.body
        let author = profile.username ?? profile.name

        if remote {
            let threadID = try thread.map { (text) throws(ForumReferenceError) in try ForumReference.parse(text, as: .thread).id }
            let rendered = try await RemotePreview.fetch(bbcode, target: try RemotePreview.target(for: source, thread: threadID),
                                                         profile: profile, paths: paths, timeout: timeout)
            guard html else {
                writeOut(ForumPostText.render(html: rendered.html, header: author, width: width ?? TerminalSize.columns()))
                return
            }
            let theme = try ThemeSelection.theme(requested: theme, profile: profile, forum: source.forum,
                                                  from: BundledThemes.factory(paths: paths))
            try writePage(ThemedPage(title: "Forum preview: \(source.title)", theme: theme,
                                     posts: [ThemedPage.Post(author: author, bodyHTML: rendered.html)]), paths: paths)
            return
        }

        let document = BBCode.parse(bbcode, dialect: dialect)
        let theme = try ThemeSelection.theme(requested: theme, profile: profile, forum: source.forum,
                                                  from: BundledThemes.factory(paths: paths))
        guard html else {
            let renderer = TerminalRenderer(theme: theme, depth: color.depth, width: width ?? TerminalSize.columns())
            writeOut(renderer.render(document, header: author))
            return
        }
        try writePage(ThemedPage(title: "Preview: \(source.title)", theme: theme,
                                 posts: [ThemedPage.Post(author: author, bodyHTML: document.renderHTML())]), paths: paths)
    }

    /// The page to standard output, to --output, or (with --open) to a file that a browser opens.
    private func writePage(_ themedPage: ThemedPage, paths: MissivePaths) throws {
        let page = themedPage.render()
        var destination = output.map { URL(fileURLWithPath: $0) }
        if destination == nil && open {
            // A browser needs a file; keep it with Missive's other working files.
            try? FileManager.default.createDirectory(at: paths.state, withIntermediateDirectories: true)
            destination = paths.state.appendingPathComponent("preview.html")
        }
        guard let destination else {
            writeOut(page)
            return
        }
        try PreviewFile.write(page, to: destination)
        if open { try Browser.open(destination) }
    }
}

/// What is being previewed: a draft from the store, an editor buffer, or a plain file.
struct PreviewSource {
    var body: String
    var format: DraftFormat
    /// The draft's or buffer's profile; nil for a plain file.
    var profile: String?
    /// The forum a new thread goes to, which may have a theme of its own.
    var forum: String?
    var title: String
    /// What the draft or buffer is and where it goes (nil and empty for a plain file): what
    /// `--remote` previews it as.
    var kind: DraftKind?
    var target = DraftTarget()
    var subject = ""

    static func load(_ target: String, defaultProfile: String) throws -> PreviewSource {
        let exists = target == "-" || FileManager.default.fileExists(atPath: target)
        if !exists, let id = Int64(target), id > 0 {
            return try draft(id)
        }
        guard exists else { throw PreviewError.noSuchTarget(target) }
        let text = try TextInput.read(path: target, limit: ComposeEnvironment.defaultByteLimit)
        let name = target == "-" ? "standard input" : URL(fileURLWithPath: target).lastPathComponent
        guard startsWithFrontMatter(text) else {
            return PreviewSource(body: text, format: .markdown, profile: nil, forum: nil, title: name)
        }
        let content = try Buffer.parse(text, source: target == "-" ? "<stdin>" : target, defaultProfile: defaultProfile)
        return PreviewSource(content, title: content.subject.isEmpty ? name : content.subject)
    }

    /// A draft as its current revision has it. Preview only reads, so nothing is recovered here.
    static func draft(_ id: Int64) throws -> PreviewSource {
        let draft = try Workspace.open(recover: false, access: .readOnly).store.draft(id)
        if draft.raw != nil {
            throw PreviewError.brokenDraft(id, problem: draft.problem ?? "its front matter has errors")
        }
        let title = draft.content.subject.isEmpty ? "draft \(id)" : draft.content.subject
        return PreviewSource(draft.content, title: title)
    }

    init(_ content: DraftContent, title: String) {
        self.init(body: content.body, format: content.format, profile: content.profile,
                  forum: content.target.forum.map(String.init), title: title)
        kind = content.kind
        target = content.target
        subject = content.subject
    }

    init(body: String, format: DraftFormat, profile: String?, forum: String?, title: String) {
        self.body = body
        self.format = format
        self.profile = profile
        self.forum = forum
        self.title = title
    }

    /// An editor buffer starts with a `---` line (after any Missive comment); a Markdown file
    /// almost never does.
    static func startsWithFrontMatter(_ text: String) -> Bool {
        var rest = Substring(text)
        while rest.hasPrefix(FrontMatter.commentStart), let end = rest.range(of: "-->") {
            rest = rest[end.upperBound...]
        }
        let first = rest.drop { $0.isWhitespace }.prefix { $0 != "\n" && $0 != "\r\n" }
        return first.trimmingCharacters(in: .whitespaces) == "---"
    }
}

/// The terminal's width, for laying the preview out.
enum TerminalSize {
    static func columns() -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 {
            return columns
        }
        return 80
    }
}

/// Writes a page through the private writer: atomically, never through a link left at its name.
enum PreviewFile {
    static func write(_ text: String, to url: URL) throws(PreviewError) {
        do {
            try PrivateFile.write(Data(text.utf8), to: url)
        } catch {
            throw .cannotWrite(url.path, reason: Self.folderProblem(url.deletingLastPathComponent()) ?? error.reason)
        }
    }

    /// What is wrong with the folder, said in its words rather than the system's.
    private static func folderProblem(_ directory: URL) -> String? {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) { return "no such directory" }
        if !isDirectory.boolValue { return "\(directory.path) is not a directory" }
        return nil
    }
}

/// Opens a file the way the desktop would: `$BROWSER` (a command, or a list of them separated by
/// ':', each may hold %s for the address), else `xdg-open`.
enum Browser {
    static func open(_ file: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PreviewError) {
        let commands = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for command in commands.isEmpty ? ["xdg-open"] : commands {
            let line = command.contains("%s")
                ? command.replacingOccurrences(of: "%s", with: shellQuote(file.path))
                : command + " " + shellQuote(file.path)
            if run(line) { return }
        }
        throw .cannotOpen(file.path, tried: commands.isEmpty ? ["xdg-open"] : commands)
    }

    private static func run(_ line: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum PreviewError: MissiveError {
    case unknownDialect(String)
    case unknownFormat(String)
    case needsHTML(String)
    case tooNarrow(Int)
    case noSuchTarget(String)
    case cannotWrite(String, reason: String)
    case cannotOpen(String, tried: [String])
    case brokenDraft(Int64, problem: String)
    case needsRemote(String)
    case badTimeout(Int)
    /// `--remote` for a plain file (no front matter) without `--thread`.
    case noRemoteTarget(String)
    /// `--remote` for a draft whose target lacks the id its kind needs.
    case incompleteTarget(String, missing: String)
    case remotePrivateMessage

    var status: ExitStatus {
        switch self {
        case .unknownDialect, .unknownFormat, .needsHTML, .tooNarrow, .needsRemote, .badTimeout,
             .noRemoteTarget, .remotePrivateMessage: .usage
        case .noSuchTarget: .noInput
        case .brokenDraft, .incompleteTarget: .dataError
        case .cannotWrite: .cantCreate
        case .cannotOpen: .unavailable
        }
    }

    var description: String {
        switch self {
        case .unknownDialect(let name):
            "unknown dialect '\(name)'; choose one of: \(Dialect.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownFormat(let name):
            "unknown --format '\(name)'; choose one of: \(DraftFormat.allCases.map(\.rawValue).joined(separator: ", "))"
        case .needsHTML(let option):
            "\(option) only goes with --html"
        case .tooNarrow(let width):
            "--width \(width) is too narrow; use 20 or more"
        case .noSuchTarget(let target):
            "\(target): no such file" + (Int64(target) != nil ? " (and not a draft id)" : "")
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        case let .cannotOpen(path, tried):
            "could not open \(path) with \(tried.joined(separator: " or ")); open it yourself, or set BROWSER"
        case let .brokenDraft(id, problem):
            "draft \(id) cannot be previewed until its front matter is fixed (`missive drafts edit \(id)`): \(problem)"
        case .needsRemote(let option):
            "\(option) only goes with --remote"
        case .badTimeout(let seconds):
            "--timeout \(seconds) is out of range; use \(ForumOptions.timeoutRange.lowerBound) to "
                + "\(ForumOptions.timeoutRange.upperBound) seconds"
        case .noRemoteTarget(let name):
            "\(name) has no front matter saying where it goes; give --thread ID (or its URL) to preview it "
                + "as a reply in that thread"
        case let .incompleteTarget(name, missing):
            "\(name) names no \(missing), which the forum's preview needs; add it to the front matter or give --thread"
        case .remotePrivateMessage:
            "the forum has no preview for private messages; preview a PM without --remote, or give --thread "
                + "to see the text as a post"
        }
    }
}
