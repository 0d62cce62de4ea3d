import Common
import Forum

/// Who a profile's session is, as `login` and `whoami` print it (and, as it is, their `--json`):
/// profile, base_url, logged_in, userid, username.
public struct SessionReport: Encodable, Sendable {
    public var profile: String
    public var baseURL: String
    public var loggedIn: Bool
    @JSONNull public var userid: Int?
    @JSONNull public var username: String?

    /// The `--json` help line, naming the fields.
    public static let help = "Print JSON: profile, base_url, logged_in, userid, username."

    init(profile: Profile, session: Session?) {
        self.profile = profile.name
        baseURL = profile.baseURL
        loggedIn = session != nil
        userid = session?.userID
        username = session?.username
    }

    /// The forum's name for the user (it may spell it otherwise than it was typed), else the number.
    public var user: String { username ?? "user \(userid ?? 0)" }
}
