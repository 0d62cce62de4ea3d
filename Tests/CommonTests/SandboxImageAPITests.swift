import Common
import Foundation
import Testing

@Suite struct SandboxImageAPITests {
    @Test func theImageHostIsTheForumsPortPlusOneOnLoopbackOnly() {
        #expect(SandboxImageAPI.base(forForum: "http://127.0.0.1:8642/")?.absoluteString == "http://127.0.0.1:8643/")
        #expect(SandboxImageAPI.base(forForum: "http://localhost:9000/forum/")?.absoluteString == "http://localhost:9001/")
        // A real forum, a forum with no port, and the last port have no sandbox image host.
        #expect(SandboxImageAPI.base(forForum: "https://forums.somethingawful.com/") == nil)
        #expect(SandboxImageAPI.base(forForum: "http://127.0.0.1/") == nil)
        #expect(SandboxImageAPI.base(forForum: "http://127.0.0.1:65535/") == nil)
        #expect(SandboxImageAPI.base(forForum: "not a url") == nil)
        #expect(SandboxImageAPI.defaultPort(forForumPort: 0) == 0, "a free forum port, a free image port")
        #expect(SandboxImageAPI.defaultPort(forForumPort: 8642) == 8643)
    }
}
