/// `whoami`: who the saved session belongs to, as the forum says; never writes the cookie jar.
public struct CheckSession: Sendable {
    let forum: ProfileForum

    public init(_ forum: ProfileForum) {
        self.forum = forum
    }

    /// The session, and whether the forum was asked (a session was saved) or there was nothing to ask about.
    public func run() async throws -> (report: SessionReport, asked: Bool) {
        let adapter = try forum.connect(.readOnly)
        let saved = await adapter.hasSavedSession()
        let session = saved ? try await adapter.currentSession() : nil
        return (SessionReport(profile: forum.profile, session: session), saved)
    }
}
