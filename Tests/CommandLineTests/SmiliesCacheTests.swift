import Foundation
import Testing

/// Where `missive smilies` keeps the list, and when it stops trusting it.
@Suite(.serialized) struct SmiliesCacheTests {
    @Test func theListIsCachedInTheCacheDirectory() throws {
        let sandbox = try SandboxProcess()
        #expect(try sandbox.run(["smilies"]).status == 0)
        let cache = sandbox.home.appendingPathComponent("cache/smilies-sandbox.json")
        #expect(FileManager.default.fileExists(atPath: cache.path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.appendingPathComponent("state/smilies-sandbox.json").path))
        // Only looking at the list needs no session, and makes no cookie jar.
        #expect(!FileManager.default.fileExists(atPath: sandbox.jar.path))
    }

    @Test func aListFetchedInTheFutureIsFetchedAgain() throws {
        let sandbox = try SandboxProcess()
        let cache = sandbox.home.appendingPathComponent("cache/smilies-sandbox.json")
        try FileManager.default.createDirectory(at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            {"fetchedAt": "2100-01-01T00:00:00Z", "smilies": [{"code": ":fromthefuture:", "group": "Time travel"}]}
            """.utf8).write(to: cache)
        let result = try sandbox.run(["smilies", "future"])
        #expect(result.status == 0)
        #expect(!result.output.contains(":fromthefuture:"), "a date after now is no proof the list is fresh")
        #expect(try sandbox.run(["smilies", "cheers", "--no-headers"]).output.hasPrefix(":cheers:  "))
        #expect(try !String(contentsOf: cache, encoding: .utf8).contains("2100"))
    }
}
