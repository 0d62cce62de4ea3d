import ArgumentParser

/// The one help text of the practice forum, for `missive sandbox --help` and `missive-sandbox
/// --help` alike: what it seeds (the README sends readers here for the ids), where its data
/// lives, and its faults, themes, image host and controls. Lines are hard-wrapped under 80
/// columns, which swift-argument-parser keeps as they are.
public enum SandboxHelp {
    public static let abstract = "Run a local practice forum that behaves like Something Awful's, on 127.0.0.1."

    /// Either command's configuration: `commandName` as its parent knows it, `command` as a user
    /// types it (`missive sandbox`, `missive-sandbox`).
    public static func configuration(commandName: String, invokedAs command: String) -> CommandConfiguration {
        CommandConfiguration(commandName: commandName, abstract: abstract, usage: usage(command), discussion: discussion)
    }

    /// A short usage line: the full one runs past 80 columns, and a terminal would break it mid-word.
    static func usage(_ command: String) -> String {
        "\(command) [--port <port>] [--data <dir> | --temp] [<options>]"
    }

    public static let discussion = """
        Try Missive without an account. Open the address it prints in a browser to
        read what you posted. Stop it with Ctrl-C: it says where its data is.

        ACCOUNTS: log in with any of them; every password is "sandbox":
          Missive Tester  the "sandbox" profile's account (`missive init` writes
                      that profile); a PM from Zoë waits in its inbox (in a
                      new sandbox, 9000003)
          sandbox     a member; a PM from Zoë waits in its inbox (9000001)
          Zoë         another member, who wrote the posts you may not edit
          banned      a banned account: every page is the banned page
          probation   on probation for three days from the first start: reading
                      works, posting does not
          noplatinum  no Platinum upgrade: every private message page is refused
          Moderator Mia  a moderator: the ignore list refuses to hold her

        FORUMS: 1 ordinary; 2 new threads previewed first; 3 Ask / Tell (preview
        first, tma_ama 0 TMA or 1 AMA); 4 not accepting new threads; 5 SA-Mart
        (preview first, samart_tag 1 selling, 2 buying, 3 trading, 4 other);
        6 archived (needs the archives upgrade); 7 a new thread there is refused
        with the closed-thread page of thread 3400003.
        THREADS: 3500001 (welcome; post 500000001 is Zoë's, 500000002 sandbox's),
        3500002 (closed), 3500003 (two pages), 3500004 (Ask / Tell), 3400002
        (archived).

        DATA: kept in sandbox/ under Missive's state directory ($XDG_STATE_HOME/
        missive, or MISSIVE_HOME/state), so a restart keeps posts, accounts and
        sessions; --data DIR keeps it elsewhere, --temp in a temporary directory
        removed on stop. A port already taken exits with status 75 and says
        whether a sandbox is running there.

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
        The forum's GET /_sandbox/status.json names the image host's address and
        the data directory, and so does status.json in the data directory while
        the sandbox runs.

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
          POST /_sandbox/edit?postid=P   a moderator's edit: the body is the
               post's new BBCode (its author's edit form then shows it)
          POST /_sandbox/post?threadid=T&as=NAME  NAME posts the body's BBCode
          POST /_sandbox/pm?from=NAME&to=NAME&subject=S  NAME sends a PM
               (both answer {"id": N})
        """
}
