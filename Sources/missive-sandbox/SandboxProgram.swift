import ArgumentParser
import Common
import Foundation
import Markup
import Sandbox

/// The practice forum as a program of its own; `missive sandbox` starts it with the same arguments.
@main
struct SandboxProgram: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "missive-sandbox",
        abstract: "Run a local practice forum that behaves like Something Awful's, on 127.0.0.1.",
        discussion: """
            Log in with any seeded account; every password is "sandbox":
              Missive Tester  the "sandbox" profile's account (`missive init` writes it)
              sandbox     a member
              Zoë         another member, who wrote the posts you may not edit
              banned      a banned account: every page is the banned page
              probation   on probation for three days from the first start: reading
                          works, posting does not
              noplatinum  no Platinum upgrade: every private message page is refused

            Seeded forums: 1 ordinary; 2 new threads previewed first; 3 Ask / Tell
            (preview first, tma_ama 0 TMA or 1 AMA); 4 not accepting new threads;
            5 SA-Mart (preview first, samart_tag 1 selling, 2 buying, 3 trading,
            4 other); 6 archived (needs the archives upgrade); 7 a new thread there is
            refused with the closed-thread page of thread 3400003. Threads: 3500001
            (welcome), 3500002 (closed), 3500003 (two pages), 3400002 (archived). A PM
            waits in sandbox's inbox.

            DATA: kept in sandbox/ under Missive's state directory ($XDG_STATE_HOME/
            missive, or MISSIVE_HOME/state), so a restart keeps posts, accounts and
            sessions; --data DIR keeps it elsewhere, --temp in a temporary directory
            removed on stop. A port already taken exits with status 75 and says so.

            FAULTS: --faults takes comma-separated NAME=RATE items; each RATE (0 to 1)
            is the chance that one eligible request gets that fault, and the rates add
            up to at most 1. The dice are seeded by --seed, so the same requests in the
            same order meet the same faults.
              drop=R       the post is stored, then the connection closes, unanswered
              500=R        HTTP 500 before anything is stored
              500stored=R  the post is stored, then the answer is HTTP 500
              slow=R:3s    the post is stored and the answer waits (default 3s; 500ms
                           works too)
              late=R:3s    nothing for the delay (the same one as slow), then the post
                           is stored and answered: a forum finishing a request whose
                           client gave up
              dberror=R    the "Database Unavailable" page; nothing is stored
              truncate=R   the post is stored and the answer stops half-way through its
                           Content-Length
              empty=R      the post is stored and the answer is a 200 with an empty body
              noform=R     the post is stored and the answer is the forum index: no
                           form, no success link, no error
              nothtml=R    a 200 in plain text, not HTML; nothing is stored
              loop=R       a redirect to a page that redirects to itself; nothing is
                           stored
              cloudflare=R Cloudflare's challenge (HTTP 403, cf-mitigated: challenge);
                           nothing is stored
              closedredirect=R  the closed-thread refusal page, leading to a thread
                           that exists; nothing is stored
              phantom=R    the usual success page ("Thank you for posting!", a link to
                           goto=post&postid=P) for a post that does not exist (an edit:
                           the post, unchanged; a PM: the folder); nothing is stored
              on=post      which requests are eligible: post (replies, edits, new
                           threads, PMs and their previews; the default) or all (every
                           page and the login too)
            Example: --faults drop=0.1,500=0.05,slow=0.05:3s,dberror=0.05,truncate=0.05

            THEMES: the pages wear a Missive theme (the files `missive themes list`
            lists, your own included), so a post looks as `missive preview --html`
            draws it. --theme sets it; add ?theme=NAME to any page's address to see
            that page in another.

            IMAGES: an Imgur API v3-compatible image host answers on a port of its own
            (--images-port; by default the one after the forum's, and a free one when
            --port is 0): POST /3/image, DELETE /3/image/HASH, GET
            /3/account/me/images/PAGE, GET /i/ID.EXT. Its controls are on that port:
              POST /_sandbox/image-fault?next=drop|500|500stored|429[&retryafter=N]
              GET  /_sandbox/images.json     every upload, deleted ones too
            The forum's GET /_sandbox/status.json names the image host's address, and
            so does status.json in the data directory while the sandbox runs.

            For tests (a bad parameter is a 400 that says why):
              GET  /_sandbox/state.json      every user, forum, thread, post and PM
              GET  /_sandbox/requests.json   requests; POSTs and submits per script
              POST /_sandbox/reset-requests  sets those counts to zero
              POST /_sandbox/fault?next=KIND the next posting request fails so
              POST /_sandbox/expire-sessions[?user=NAME]  logs all (or one) out
              POST /_sandbox/standing?user=NAME&standing=S[&days=N]
                   S: member, banned, probation (N days, 3 unless given), noplatinum
              POST /_sandbox/cloudflare?challenge=on|off  Cloudflare's check
              POST /_sandbox/forum?forumid=N[&archived=on|off]
                   [&closedredirect=THREADID|off]
              POST /_sandbox/thread?threadid=N[&closed=on|off][&archived=on|off]
            """
    )

    @Option(help: "The port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = UInt16(Config.sandboxPort)

    @Option(help: ArgumentHelp("The image host's port on 127.0.0.1 (default: the forum's port + 1; 0 picks a free one).",
                               valueName: "port"))
    var imagesPort: UInt16?

    @Flag(help: "Print where the sandbox answers as one JSON object (forum_url, images_url, data_directory, pid).")
    var json = false

    @Option(help: ArgumentHelp("Keep the forum's SQLite data in this directory (default: sandbox/ in Missive's state directory, \(Self.defaultDataDirectory().path)).",
                               valueName: "dir"))
    var data: String?

    @Flag(help: "Use a new temporary directory for the data, removed when the sandbox stops.")
    var temp = false

    @Option(help: ArgumentHelp("Seconds between posts, and between PMs, per user (0 turns flood control off).",
                               valueName: "seconds"))
    var flood: Int = SandboxConfiguration.defaultFloodInterval

    @Option(help: ArgumentHelp("Faults to inject at seeded rates (see FAULTS below).", valueName: "spec"))
    var faults: String?

    @Option(help: "Seed for the fault dice.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The theme the pages wear (see THEMES below).", valueName: "name"))
    var theme: String = ThemeFactory.rootTheme

    func validate() throws {
        if temp, data != nil { throw ValidationError("--temp and --data exclude each other: a throwaway forum, or one kept in a directory.") }
        guard flood >= 0 else { throw ValidationError("--flood must be 0 or more seconds.") }
        if let faults {
            do { _ = try FaultPlan.parse(faults) } catch let error as FaultPlan.SpecError {
                throw ValidationError(error.description)
            }
        }
    }

    func run() async throws {
        let plan = try faults.map(FaultPlan.parse) ?? FaultPlan()
        let server: SandboxServer
        do {
            let configuration = SandboxConfiguration(
                port: port, imagesPort: imagesPort ?? SandboxImageAPI.defaultPort(forForumPort: port), dataDirectory: temp ? nil : data.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.defaultDataDirectory(),
                floodInterval: flood, faults: plan, seed: seed,
                log: { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) },
                themes: try SandboxThemes.bundled(defaultName: theme))
            server = try await SandboxServer.start(configuration)
        } catch let error as MissiveError {
            FileHandle.standardError.write(Data("missive-sandbox: \(error.description)\n".utf8))
            throw ExitCode(error.status.rawValue)
        }
        let status = SandboxStatus(forumURL: server.baseURL, imagesURL: server.imagesURL,
                                   dataDirectory: server.dataDirectory.path, pid: getpid())
        let statusFile = server.dataDirectory.appendingPathComponent(SandboxStatus.fileName)
        // For others to find while it runs; a failure to write it costs only that.
        try? PrivateFile.write(try status.encoded(), to: statusFile)
        if json {
            print(String(decoding: try status.encoded(), as: UTF8.self))
        } else {
            let kept = temp ? "temporary data in \(server.dataDirectory.path), removed on stop"
                : "data in \(server.dataDirectory.path), kept across restarts"
            print("Sandbox forum at \(server.baseURL.absoluteString) (\(kept))")
            print("Image host (Imgur API v3) at \(server.imagesURL.absoluteString)")
            print("Pages wear the \(theme) theme; add ?theme=NAME to an address for another.")
            print("Log in as \(Seed.Account.tester.username) (every password is \"\(Seed.Account.password)\"). Stop with Ctrl-C.")
        }
        fflush(nil)
        await Self.waitForTermination()
        try? FileManager.default.removeItem(at: statusFile)
        await server.stop()
    }

    /// Where the forum lives unless --data or --temp says otherwise: kept across restarts, beside
    /// Missive's other state (`$XDG_STATE_HOME/missive/sandbox`, or under MISSIVE_HOME).
    static func defaultDataDirectory() -> URL {
        MissivePaths.resolve().state.appendingPathComponent("sandbox", isDirectory: true)
    }

    /// Returns on SIGINT or SIGTERM, so that a temporary data directory is cleaned up.
    static func waitForTermination() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        for await _ in stream { break }
        sources.forEach { $0.cancel() }
    }
}


