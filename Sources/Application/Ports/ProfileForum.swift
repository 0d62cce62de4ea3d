import Common
import Forum
import Foundation

/// One profile's forum as the session use cases reach it: the adapter is made on each call, so
/// that it reads the cookie jar as it is then (after `login --cookies` wrote it), and never asks
/// for a password (these use cases are where a password is given, or none is wanted).
public struct ProfileForum: Sendable {
    public var profile: Profile
    /// `DATA/cookies/PROFILE.txt`, where the session is kept.
    public var cookieJar: URL
    let connect: @Sendable (CookieJarAccess) throws -> any ForumAdapter

    public init(profile: Profile, cookieJar: URL, connect: @escaping @Sendable (CookieJarAccess) throws -> any ForumAdapter) {
        self.profile = profile
        self.cookieJar = cookieJar
        self.connect = connect
    }
}

extension MissivePaths {
    /// `DATA/cookies/PROFILE.txt`, a Netscape cookie file (mode 0600).
    public func cookieJar(for profile: String) -> URL {
        data.appendingPathComponent("cookies", isDirectory: true).appendingPathComponent("\(profile).txt")
    }
}
