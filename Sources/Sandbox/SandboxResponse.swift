import Common
import Foundation

/// What a page handler answers, before faults and the HTTP server get to it.
public struct SandboxResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An HTML page, served in windows-1252 like every forum page.
    static func page(_ html: String, status: Int = 200) -> SandboxResponse {
        SandboxResponse(status: status,
                        headers: [("Content-Type", "text/html; charset=windows-1252")],
                        body: Data(Windows1252.encode(html)))
    }

    /// An HTTP redirect (the forum uses these for `goto=` links and after logging in).
    static func redirect(to location: String) -> SandboxResponse {
        SandboxResponse(status: 302,
                        headers: [("Location", location), ("Content-Type", "text/html; charset=windows-1252")],
                        body: Data())
    }

    static func json(_ data: Data) -> SandboxResponse {
        SandboxResponse(status: 200, headers: [("Content-Type", "application/json")], body: data)
    }

    static func text(_ text: String, status: Int) -> SandboxResponse {
        SandboxResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    func setting(_ cookies: [SetCookie]) -> SandboxResponse {
        var copy = self
        copy.headers += cookies.map { (name: "Set-Cookie", value: $0.header) }
        return copy
    }
}

/// One `Set-Cookie` header. The forum's cookies live a year unless they are being deleted.
struct SetCookie: Sendable {
    var name: String
    var value: String
    /// nil: a session cookie (`sessionhash`).
    var expires: Date?

    static func deleting(_ name: String) -> SetCookie {
        SetCookie(name: name, value: "deleted", expires: Date(timeIntervalSince1970: 0))
    }

    var header: String {
        var text = "\(name)=\(value); path=/"
        if let expires { text += "; expires=\(ForumDates.cookie(expires))" }
        return text
    }
}
