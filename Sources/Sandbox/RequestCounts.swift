import Foundation

/// How many requests the sandbox received, as `GET /_sandbox/requests.json` reports them, so a
/// test can say "exactly one POST": every request at the door (before Cloudflare and faults,
/// control requests aside), and per posting script its POSTs and, of those, its submits (a POST
/// with the submit button and without preview: an attempt to store something).
public struct SandboxRequestCounts: Codable, Sendable, Equatable {
    /// Every request but `/_sandbox/...`.
    public var requests: Int
    /// POSTs per posting script: `newreply.php`, `newthread.php`, `editpost.php`, `private.php`.
    public var posts: [String: Int]
    /// Of those, the ones that asked to store (`submit` without `preview`; for private.php, `action=dosend` too).
    public var submits: [String: Int]
    /// GETs per script (`showthread.php`, `editpost.php`, ...), for a test that counts the pages a
    /// send opens; a script nobody asked for is absent. A `goto=X` jump (a redirect to a post's
    /// page) counts apart, as `showthread.php?goto=X`, so that the jump and the page it leads to
    /// can be told apart.
    public var gets: [String: Int] = [:]

    public static func decode(_ data: Data) throws -> SandboxRequestCounts {
        try JSONDecoder().decode(SandboxRequestCounts.self, from: data)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

/// Counts requests as they arrive; kept in memory (a restart starts from zero).
actor RequestCounter {
    private var counts = RequestCounter.zero

    private static var zero: SandboxRequestCounts {
        let scripts = Dictionary(uniqueKeysWithValues: SandboxHTTPHandler.postingScripts.map { ($0, 0) })
        return SandboxRequestCounts(requests: 0, posts: scripts, submits: scripts, gets: [:])
    }

    func record(_ request: SandboxRequest) {
        counts.requests += 1
        if request.method == .get {
            let jump = request.query["goto"].map { "?goto=\($0)" } ?? ""
            counts.gets[request.script + jump, default: 0] += 1
        }
        guard request.method == .post, SandboxHTTPHandler.postingScripts.contains(request.script) else { return }
        counts.posts[request.script, default: 0] += 1
        let sending = request.script != "private.php" || request.action == "dosend"
        if sending, request.form["submit"] != nil, request.form["preview"] == nil {
            counts.submits[request.script, default: 0] += 1
        }
    }

    func current() -> SandboxRequestCounts { counts }

    func reset() {
        counts = Self.zero
    }
}
