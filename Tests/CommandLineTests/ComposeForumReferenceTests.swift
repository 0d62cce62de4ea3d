import Foundation
import Testing

/// Every id a compose command takes can be the forum's URL for it, and a URL for something else
/// is a usage error that says what it names.
@Suite(.serialized) struct ComposeForumReferenceTests {
    @Test func urlsFromTheBrowserNameTheirTargets() throws {
        let sandbox = try SandboxProcess()
        let body = try sandbox.file("text")
        let base = "https://forums.somethingawful.com/"
        let cases: [(arguments: [String], key: String, id: Int)] = [
            (["reply", "\(base)showthread.php?threadid=3507451&pagenumber=2"], "thread", 3_507_451),
            (["thread", "\(base)forumdisplay.php?forumid=26", "--subject", "s"], "forum", 26),
            (["edit-post", "\(base)showthread.php?threadid=1#post4242"], "post", 4242),
            (["edit-post", "forums.somethingawful.com/showthread.php?goto=post&postid=4243"], "post", 4243),
            (["pm", "bob", "--reply-to", "\(base)private.php?action=show&privatemessageid=77"], "reply_to", 77),
        ]
        for (arguments, key, id) in cases {
            // Logged out, so nothing is fetched: the ids alone are under test here.
            let result = try sandbox.run(arguments + ["--body-file", body, "--no-edit"])
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
            #expect(try sandbox.draft(result.draftID)[key] as? Int == id, "\(arguments)")
        }
    }

    @Test func aURLOfTheWrongKindIsAUsageErrorThatSaysWhatItNames() throws {
        let sandbox = try SandboxProcess()
        let base = "https://forums.somethingawful.com/"
        let cases: [(arguments: [String], message: String)] = [
            (["reply", "\(base)showthread.php?goto=post&postid=5"], "names a post, not a thread"),
            (["reply", "1", "--quote", "\(base)showthread.php?threadid=9"], "names a thread, not a post"),
            (["thread", "\(base)showthread.php?threadid=9", "--subject", "s"], "names a thread, not a forum"),
            (["edit-post", "\(base)forumdisplay.php?forumid=2"], "names a forum, not a post"),
            (["pm", "bob", "--reply-to", "\(base)showthread.php?threadid=9"], "names a thread, not a private message"),
            (["pm", "bob", "--forward", "\(base)forumdisplay.php?forumid=2"], "names a forum, not a private message"),
            (["reply", "\(base)index.php"], "is not a thread id or a forum URL"),
            (["edit-post", "0"], "\"0\" is not a post id"),
        ]
        for (arguments, message) in cases {
            let result = try sandbox.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errorOutput.contains(message), "\(arguments): \(result.errorOutput)")
        }
        #expect(try sandbox.draftCount() == 0)
    }
}
