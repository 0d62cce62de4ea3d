import Foundation

/// The forum's failure pages, shaped as forum-protocol.md describes them (and as saved copies of
/// the real pages look): scrapers find the title in `#content div.standard h2` and the message
/// in `div.inner`; the database and banned pages are whole pages of their own.
enum ErrorPages {
    /// The wordings, kept in one place so that tests and pages agree.
    enum Message {
        static let mustLogIn = "Sorry, you must be a registered forums member to view this page."
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

    /// `body.standardredirect`: "Redirecting..." with the link the browser would follow.
    static func redirect(_ message: String, to link: String, user: UserRecord?) -> SandboxResponse {
        .page(Layout.page(title: "Redirecting...", bodyClass: "standardredirect", user: user,
                          head: "<meta http-equiv=\"Refresh\" content=\"2; URL=/\(esc(link))\">", content: """
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
        .page(Layout.page(title: "Probation", bodyClass: "standard", user: user, content: """
            <div id="probation_warn">
            <h4>YOU ARE ON PROBATION!</h4>
            You have been put on probation until \(esc(ForumDates.probation(until))). You cannot post while
            on probation. You might find out why you are on probation if you
            <a href="/banlist.php?userid=\(user.id)">check the Leper's Colony</a>.
            </div>
            """))
    }

    /// The login form page with the forum's red "BAD PASSWORD!" and the attempt count.
    static func badPassword(attempts: Int) -> SandboxResponse {
        LoginPages.form(error: "BAD PASSWORD!", attempts: attempts)
    }
}
