import Foundation

/// The forum's failure pages, shaped as forum-protocol.md describes them (and as saved copies of
/// the real pages look): scrapers find the title in `#content div.standard h2` and the message
/// in `div.inner`; the database and banned pages are whole pages of their own.
enum ErrorPages {
    /// The wordings, kept in one place so that tests and pages agree.
    enum Message {
        /// The title of the refusals that send a reader to log in or to buy an upgrade.
        static let lowtaxTitle = "Special Message From Senor Lowtax"
        static let mustLogIn = "Sorry, you must be a registered forums member to view this page."
        static let requiresPlatinum = "Sorry, private messages are only accessible to Platinum members."
        static let requiresArchives = "Viewing this content requires the archives upgrade."
        static let securityToken = "Your submission could not be processed because a security token was missing or "
            + "has expired. Please go back, reload the page and try again."
        static let threadClosed = "Sorry! This thread is closed! You will now be returned to the thread."
        static let invalidThread = "Invalid thread specified. If you followed a valid link, please notify the administrator."
        static let invalidPost = "Invalid post specified. If you followed a valid link, please notify the administrator."
        static let invalidForum = "Invalid forum specified. If you followed a valid link, please notify the administrator."
        static let invalidMessage = "Invalid private message specified. If you followed a valid link, please notify the administrator."
        static let noEditPermission = "Sorry, you do not have permission to edit this post. You can only edit your own "
            + "posts, and only in threads that are not closed."
        static let notAccepting = "Sorry, this forum is not accepting new threads."
        static let emptyFields = "Please complete both the subject and message fields."
        static let emptyMessage = "The message you have entered is too short. Please lengthen your message to at least 1 characters."
        static let mustPreview = "This forum requires that you preview your thread before posting it."
        static let invalidIcon = "The post icon you selected does not exist. Please choose another one."
        static let loggedOut = "It's a great day for the forums, because you've just logged out!"

        static func tooLong(_ length: Int, limit: Int) -> String {
            "The message you have entered is too long (\(length) characters). Please shorten it to \(limit) characters long."
        }

        /// A new thread without a valid value in the forum's second tag group (`label` as the form shows it).
        static func missingTag(_ label: String) -> String {
            "Please choose one of this forum's \(label.trimmingCharacters(in: CharacterSet(charactersIn: ":")).lowercased()) tags for your thread."
        }

        /// The ignore list refusing staff (the real page's wording, saved as ignore-staff.html).
        static func staffNotIgnorable(_ name: String) -> String {
            "Sorry \(name) is a moderator/admin and you are not allowed to ignore him or her."
        }

        static func unknownRecipient(_ name: String) -> String {
            "The following users were not found: \(name)"
        }
    }

    /// `body.standarderror`: a refusal the forum explains.
    static func standardError(_ message: String, title: String = "Sorry!", user: UserRecord?) -> SandboxResponse {
        .page(Layout.page(title: title, bodyClass: "standarderror", user: user, content: """
            <center>
            <div class="standard" id="main_wide">
            <h2>\(esc(title))</h2>
            <div class="inner">
            \(esc(message))
            </div>
            </div>
            </center>
            """))
    }

    /// `body.standarderror` titled "Special Message From Senor Lowtax": no session (never logged
    /// in, or the session expired). The message is the real one, word for word.
    static func mustRegister() -> SandboxResponse {
        standardError(Message.mustLogIn, title: Message.lowtaxTitle, user: nil)
    }

    /// A refusal that sends the reader to buy an upgrade: the message, then a link to it
    /// (scrapers look for `div.inner a[href*=archives.php]` on the archives one).
    static func upgradeRequired(_ message: String, upgrade: String, product: String, user: UserRecord?) -> SandboxResponse {
        .page(Layout.page(title: Message.lowtaxTitle, bodyClass: "standarderror", user: user, content: """
            <center>
            <div class="standard" id="main_wide">
            <h2>\(esc(Message.lowtaxTitle))</h2>
            <div class="inner">
            \(esc(message))
            <a href="/products/\(product)">Buy the \(esc(upgrade))</a> to see it.
            </div>
            </div>
            </center>
            """))
    }

    /// Every private.php page for an account without Platinum.
    static func requiresPlatinum(_ user: UserRecord) -> SandboxResponse {
        upgradeRequired(Message.requiresPlatinum, upgrade: "Platinum upgrade", product: "platinum.php", user: user)
    }

    /// Archived forums and threads, for everyone (no sandbox account has the upgrade).
    static func requiresArchives(_ user: UserRecord?) -> SandboxResponse {
        upgradeRequired(Message.requiresArchives, upgrade: "archives upgrade", product: "archives.php", user: user)
    }

    /// The refusal of a reply (or, in a closed-door forum, of a new thread): a `standardredirect`
    /// page whose refresh and links lead to the closed thread, as the real page's do (relative, at
    /// once). A link to a thread here is no evidence of a post.
    static func threadClosed(_ threadId: Int64, user: UserRecord?) -> SandboxResponse {
        redirect(Message.threadClosed, to: "showthread.php?threadid=\(threadId)", refresh: "00; URL=showthread.php?threadid=\(threadId)",
                 user: user)
    }

    /// `body.standardredirect`: "Redirecting..." with the link the browser would follow.
    static func redirect(_ message: String, to link: String, user: UserRecord?) -> SandboxResponse {
        redirect(message, to: link, refresh: "2; URL=/\(link)", user: user)
    }

    private static func redirect(_ message: String, to link: String, refresh: String, user: UserRecord?) -> SandboxResponse {
        .page(Layout.page(title: "Redirecting...", bodyClass: "standardredirect", user: user,
                          head: "<meta http-equiv=\"Refresh\" content=\"\(esc(refresh))\">", content: """
            <center>
            <div class="standard" id="main_wide">
            <h2>Redirecting...</h2>
            <div class="inner">
            \(esc(message))<br>
            <br>
            <div style="text-align:center;">
            <a href="\(esc(link))">Click here if you do not want to wait any longer</a><br>
            <a href="\(esc(link))">(or if your browser does not automatically forward you)</a>
            </div>
            </div>
            </div>
            </center>
            """))
    }

    /// `body.database_error`: the database is down. Transient.
    static func databaseError() -> SandboxResponse {
        .page("""
            <!DOCTYPE html>
            <html>
            <head><title>Database Unavailable</title></head>
            <body id="something_awful" class="database_error">
            <div id="closemsg">
            <div id="msg">
            <h1>Database Unavailable!</h1>
            The database is currently not available. You can try doing whatever it is you were trying to do again later.
            You do not need to notify anyone of your arrival at this page.
            </div>
            </div>
            </body>
            </html>
            """)
    }

    /// `body.banned`: every page a banned account asks for. Permanent.
    static func banned(_ user: UserRecord) -> SandboxResponse {
        .page("""
            <!DOCTYPE html>
            <html>
            <head><title>You've Been Banned!</title></head>
            <body id="something_awful" class="banned">
            <h1>CONGRATULATIONS \(esc(user.username))!!!</h1>
            <p class="style2"><a href="/banlist.php?userid=\(user.id)&amp;actfilt=-1">To check why you were banned, click here.</a></p>
            <a href="/account.php?action=logout&amp;ma=\(String(user.formkey.prefix(8)))">To logout of your worthless banned account, click here.</a>
            </body>
            </html>
            """)
    }

    /// `div#probation_warn`: the user may read but not post until the date it names.
    static func probation(_ user: UserRecord, until: Date) -> SandboxResponse {
        .page(Layout.page(title: "Probation", bodyClass: "standard", user: user, content: probationWarning(user, until: until)))
    }

    /// The warning itself, on the refusal and atop every page the user reads. The date is the
    /// forum's clock, US Central, written as the real site writes it ("... 8:45 PM CST").
    static func probationWarning(_ user: UserRecord, until: Date) -> String {
        """
        <div id="probation_warn">
        <h4>YOU ARE ON PROBATION!</h4>
        You cannot post while on probation until \(esc(ForumDates.probation(until))). You might find out why
        if you <a href="/banlist.php?userid=\(user.id)">check the Leper's Colony</a>.
        </div>
        """
    }

    /// The login form page with the forum's red "BAD PASSWORD!" and the attempt count.
    static func badPassword(attempts: Int) -> SandboxResponse {
        LoginPages.form(error: "BAD PASSWORD!", attempts: attempts)
    }
}
