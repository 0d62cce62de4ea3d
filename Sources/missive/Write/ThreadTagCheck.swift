import Common
import Forum

/// `thread --tag`: the tag checked against the forum's new-thread form before the editor opens,
/// so that a typo is caught while nothing is written yet. Where the forum cannot be asked
/// (offline, logged out), a warning says so and the check waits for the send, which always makes it.
struct ThreadTagCheck {
    var profile: Profile
    var paths: MissivePaths
    var timeout: Int

    /// A check is a courtesy: it should not hold the editor up for long.
    static let timeout = 15

    func check(_ tag: String, forumID: Int) async throws(TagChoiceError) {
        let icons: [PostIcon]
        do {
            let adapter = try ForumConnection.adapter(for: profile, paths: paths, timeout: timeout, credentials: nil,
                                                      cookieJar: .readOnly)
            icons = try await adapter.postIcons(forumID: forumID)
        } catch {
            Console.note("warning: could not check tag '\(tag)' against forum \(forumID)'s new-thread form (\(error)); "
                + "it is checked when the thread is sent")
            return
        }
        _ = try TagChoice(forumID: forumID, groups: TagGroup.groups(in: icons)).pick(tag)
    }
}
