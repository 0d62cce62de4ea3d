import Common
import Forum

/// What `login --json` and `whoami --json` print: profile, base_url, logged_in, userid, username.
struct SessionReport: Encodable {
    var profile: String
    var baseURL: String
    var loggedIn: Bool
    @JSONNull var userid: Int?
    @JSONNull var username: String?

    /// The `--json` help line, naming the fields.
    static let help = "Print JSON: profile, base_url, logged_in, userid, username."

    init(profile: Profile, session: Session?) {
        self.profile = profile.name
        baseURL = profile.baseURL
        loggedIn = session != nil
        userid = session?.userID
        username = session?.username
    }
}
