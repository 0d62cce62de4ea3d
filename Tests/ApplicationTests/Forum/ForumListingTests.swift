import Application
import Common
import Foundation
import Forum
import Sandbox
import Testing

@Suite("Smilies and post icons through the sandbox")
struct ForumListingTests {
    @Test("smilies are fetched once and then answered from the cache, even with the forum gone")
    func smiliesCached() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let cache = SmiliesCache(directory: fixture.paths.cache, profile: "sandbox")
            let online = try fixture.forums.adapter(for: try fixture.config.profile(named: "sandbox"), timeout: 10, access: .lookOnly)
            let all = try await ListSmilies(forum: online, cache: cache).run(search: nil, refresh: false)
            #expect(!all.isEmpty)
            #expect(FileManager.default.fileExists(atPath: cache.file.path))

            let offline = try fixture.forums.adapter(for: try fixture.config.profile(named: "offline"), timeout: 2, access: .lookOnly)
            let code = try #require(all.first?.code)
            let found = try await ListSmilies(forum: offline, cache: cache).run(search: code.uppercased(), refresh: false)
            #expect(found.contains { $0.code == code })
            #expect(try await ListSmilies(forum: offline, cache: cache).run(search: "no smilie is called this", refresh: false).isEmpty)
            await #expect(throws: ForumError.self) { try await ListSmilies(forum: offline, cache: cache).run(search: nil, refresh: true) }
        }
    }

    @Test("a cache from a day ago is fetched again")
    func staleCache() async throws {
        try await ApplicationFixture.with { fixture in
            let cache = SmiliesCache(directory: fixture.paths.cache, profile: "offline")
            let old = try JSONDecoder().decode([Smilie].self, from: Data(#"[{"code": ":old:", "group": "Old"}]"#.utf8))
            cache.store(old, now: Date().addingTimeInterval(-SmiliesCache.maximumAge + 60))
            #expect(cache.load(now: Date())?.map(\.code) == [":old:"])
            cache.store(old, now: Date().addingTimeInterval(-SmiliesCache.maximumAge - 1))
            let offline = try fixture.forums.adapter(for: try fixture.config.profile(named: "offline"), timeout: 2, access: .lookOnly)
            await #expect(throws: ForumError.self) { try await ListSmilies(forum: offline, cache: cache).run(search: nil, refresh: false) }
        }
    }

    @Test("post icons list the forum's tag groups; logged out or offline is said for the user")
    func postIcons() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let sandbox = try fixture.config.profile(named: "sandbox")
            let forum = try fixture.forums.adapter(for: sandbox, timeout: 10, access: .mayLogIn)
            let icons = try await ListPostIcons(forum: forum, profile: sandbox, profileNamed: false).run(forumID: Int(Seed.Ids.samartForum))
            #expect(!TagGroup.groups(in: icons).isEmpty)

            let offlineProfile = try fixture.config.profile(named: "offline")
            let offline = try fixture.forums.adapter(for: offlineProfile, timeout: 2, access: .mayLogIn)
            // The offline profile shares the jar, so it has a session to try.
            let unreachable = await #expect(throws: PostIconsError.self) {
                try await ListPostIcons(forum: offline, profile: offlineProfile, profileNamed: true).run(forumID: 5)
            }
            #expect(unreachable?.status == .unavailable)

            let fresh = LoopbackForums(jar: fixture.directory.appendingPathComponent("empty-jar.txt"))
            let loggedOut = try fresh.adapter(for: sandbox, timeout: 10, access: .lookOnly)
            let error = await #expect(throws: PostIconsError.self) {
                try await ListPostIcons(forum: loggedOut, profile: sandbox, profileNamed: true).run(forumID: 5)
            }
            #expect(error?.status == .noPermission)
            #expect(error?.description.hasSuffix("run `missive login --profile sandbox`") == true)
        }
    }
}
