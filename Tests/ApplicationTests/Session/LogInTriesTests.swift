import Application
import Forum
import Foundation
import Sandbox
import Testing

/// `missive login` on a terminal asks again after a wrong password, three tries in all, as sudo
/// does; a password piped in is tried once. Against the sandbox forum, over loopback.
@Suite struct LogInTriesTests {
    /// A `LogIn` against the fixture's sandbox, and the passwords it will be given, in order.
    final class Passwords: @unchecked Sendable {
        var given: [String]
        var asked = 0
        init(_ given: [String]) { self.given = given }
        func next(_ username: String) -> String {
            asked += 1
            return given.isEmpty ? "" : given.removeFirst()
        }
    }

    func logIn(_ fixture: ApplicationFixture) throws -> LogIn {
        let profile = try fixture.config.profile(named: "sandbox")
        let forums = fixture.forums
        let jar = fixture.directory.appendingPathComponent("login-jar.txt")
        return LogIn(ProfileForum(profile: profile, cookieJar: jar) { _ in
            try forums.adapter(for: profile, timeout: 10, access: .mayLogIn)
        }, console: fixture.console)
    }

    @Test func aWrongPasswordIsAskedForAgainAndTheThirdTryCounts() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let passwords = Passwords(["wrong", "still wrong", Seed.Account.password])
            let report = try await logIn(fixture).run(username: nil, tries: 3, password: passwords.next)
            #expect(passwords.asked == 3)
            #expect(report.loggedIn && report.username == Seed.Account.member.username)
            #expect(fixture.console.notes.filter { $0.contains("did not accept that password") }.count == 2, "\(fixture.console.notes)")
            #expect(fixture.console.notes.contains { $0.contains("(2 of 3)") })
        }
    }

    @Test func threeWrongPasswordsAreTheForumsRefusal() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let passwords = Passwords(["a", "b", "c", Seed.Account.password])
            await #expect(throws: ForumError.rejected(.wrongPassword)) {
                _ = try await logIn(fixture).run(username: nil, tries: 3, password: passwords.next)
            }
            #expect(passwords.asked == 3, "the fourth, right, password is never asked for")
        }
    }

    @Test func aPipedPasswordIsTriedOnce() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let passwords = Passwords(["wrong", Seed.Account.password])
            await #expect(throws: ForumError.rejected(.wrongPassword)) {
                _ = try await logIn(fixture).run(username: nil, tries: 1, password: passwords.next)
            }
            #expect(passwords.asked == 1)
        }
    }
}
