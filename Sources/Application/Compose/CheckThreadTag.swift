import Common
import Forum

/// `thread --tag`: the tag checked against the forum's new-thread form before the editor opens,
/// so that a typo is caught while nothing is written yet. Where the forum cannot be asked
/// (offline, logged out), a warning says so and the check waits for the send, which always makes it.
public struct CheckThreadTag: Sendable {
    var profile: Profile
    var forums: any ForumConnector
    var console: any ConsoleOutput
    var timeout: Int

    /// A check is a courtesy: it should not hold the editor up for long.
    public static let timeout = 15

    public init(profile: Profile, forums: any ForumConnector, console: any ConsoleOutput, timeout: Int = CheckThreadTag.timeout) {
        self.profile = profile
        self.forums = forums
        self.console = console
        self.timeout = timeout
    }

    public func run(_ tag: String, forumID: Int) async throws(TagChoiceError) {
        let icons: [PostIcon]
        do {
            let adapter = try forums.adapter(for: profile, timeout: timeout, access: .lookOnly)
            icons = try await adapter.postIcons(forumID: forumID)
        } catch {
            console.note("warning: could not check tag '\(tag)' against forum \(forumID)'s new-thread form (\(error)); "
                + "it is checked when the thread is sent")
            return
        }
        _ = try TagChoice(forumID: forumID, groups: TagGroup.groups(in: icons)).pick(tag)
    }
}
