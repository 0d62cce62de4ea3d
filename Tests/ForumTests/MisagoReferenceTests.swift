import Testing
@testable import Forum

/// Misago's URLs name their ids in the path; commands that take an id take them too.
@Suite struct MisagoReferenceTests {
    @Test(arguments: [
        ("http://127.0.0.1:8000/t/first-thread/7/", ForumReference.Kind.thread, 7),
        ("127.0.0.1:8000/t/first-thread/7/post/31/", .thread, 7),
        ("http://127.0.0.1:8000/t/first-thread/7/post/31/", .post, 31),
        ("http://127.0.0.1:8000/t/first-thread/7/#post-32", .post, 32),
        ("http://127.0.0.1:8000/p/a-secret/9/", .privateMessage, 9),
        ("http://127.0.0.1:8000/c/first-category/3/", .forum, 3),
    ])
    func pathIDsAreRead(text: String, kind: ForumReference.Kind, id: Int) throws {
        #expect(try ForumReference.parse(text, as: kind) == ForumReference(kind: kind, id: id))
    }

    @Test(arguments: [
        ("http://127.0.0.1:8000/t/first-thread/7/", ForumReference.Kind.post),
        ("http://127.0.0.1:8000/t/first-thread/x/", .thread),
        ("http://127.0.0.1:8000/t/first-thread/7/post/0/", .post),
        ("http://127.0.0.1:8000/c/first-category/", .forum),
        ("http://127.0.0.1:8000/c/first-category/3/", .thread),
    ])
    func pathsWithoutTheIDAreRefused(text: String, kind: ForumReference.Kind) {
        #expect(throws: ForumReferenceError.self) { try ForumReference.parse(text, as: kind) }
    }
}
