import Testing
@testable import Forum

@Suite struct ForumReferenceTests {
    @Test(arguments: [
        ("3507451", ForumReference.Kind.thread, 3507451),
        ("https://forums.somethingawful.com/showthread.php?threadid=3507451", .thread, 3507451),
        ("https://forums.somethingawful.com/showthread.php?threadid=3507451&userid=0&perpage=40&pagenumber=12", .thread, 3507451),
        ("forums.somethingawful.com/showthread.php?threadid=42", .thread, 42),
        ("https://forums.somethingawful.com/showthread.php?goto=post&postid=4242", .post, 4242),
        ("https://forums.somethingawful.com/showthread.php?threadid=1&pagenumber=3#post4243", .post, 4243),
        ("http://127.0.0.1:8080/showthread.php?threadid=1#post9", .post, 9),
        ("https://forums.somethingawful.com/private.php?action=show&privatemessageid=777", .privateMessage, 777),
        ("https://forums.somethingawful.com/forumdisplay.php?forumid=273", .forum, 273),
        ("  12  ", .post, 12),
    ])
    func idsAndURLsAreRead(text: String, kind: ForumReference.Kind, id: Int) throws {
        #expect(try ForumReference.parse(text, as: kind) == ForumReference(kind: kind, id: id))
    }

    @Test func aURLForTheWrongKindSaysWhatItNames() {
        #expect(throws: ForumReferenceError.wrongKind("https://f.example/forumdisplay.php?forumid=3", expected: .thread, found: .forum)) {
            try ForumReference.parse("https://f.example/forumdisplay.php?forumid=3", as: .thread)
        }
        // A post's URL does not say which thread it is in.
        #expect(throws: ForumReferenceError.self) {
            try ForumReference.parse("https://f.example/showthread.php?goto=post&postid=4", as: .thread)
        }
    }

    @Test(arguments: ["", "0", "-3", "12a", "abc", "1e5", "https://f.example/showthread.php?threadid=x", "https://f.example/index.php", "٣"])
    func badIDsAreRefused(text: String) {
        #expect(throws: ForumReferenceError.self) { try ForumReference.parse(text, as: .thread) }
    }

    @Test func theErrorNamesTheInput() {
        do {
            _ = try ForumReference.parse("abc", as: .privateMessage)
            Issue.record("no error")
        } catch {
            #expect(error.description == "\"abc\" is not a private message id or a forum URL that names one")
            #expect(error.status == .usage)
        }
    }
}
