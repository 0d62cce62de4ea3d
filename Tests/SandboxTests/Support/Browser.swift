import Foundation
import Sandbox

/// Plays the part of a browser against a running sandbox: keeps cookies (honouring deletions),
/// sends GETs and windows-1252 multipart POSTs, and parses pages with libxml2.
final class Browser: @unchecked Sendable {
    let port: UInt16
    private(set) var cookies: [String: String] = [:]

    init(_ server: SandboxServer) {
        port = server.port
    }

    /// Puts a cookie in the jar, as one kept from an earlier visit.
    func setCookie(_ name: String, _ value: String) {
        cookies[name] = value
    }

    func get(_ target: String) async throws -> RawResponse {
        try await send(method: "GET", target: target, contentType: nil, body: Data())
    }

    /// A multipart/form-data POST as a browser sends it from a windows-1252 page.
    func post(_ target: String, _ fields: [(name: String, value: String)], boundary: String = "----sandboxtest7MA4YWxk") async throws -> RawResponse {
        try await send(method: "POST", target: target, contentType: "multipart/form-data; boundary=\(boundary)",
                       body: Self.multipart(fields, boundary: boundary))
    }

    func postURLEncoded(_ target: String, _ body: String) async throws -> RawResponse {
        try await send(method: "POST", target: target, contentType: "application/x-www-form-urlencoded", body: Data(body.utf8))
    }

    static func multipart(_ fields: [(name: String, value: String)], boundary: String) -> Data {
        var body = Data()
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"".utf8)
            body += TestCP1252.encode(name)
            body += Array("\"\r\n\r\n".utf8)
            body += TestCP1252.encode(value)
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }

    func send(method: String, target: String, contentType: String?, body: Data, timeout: TimeInterval = 10) async throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if !cookies.isEmpty {
            head += "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n"
        }
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let response = try await RawHTTP.exchange(port: port, request: Data((head + "\r\n").utf8) + body, timeout: timeout)
        remember(response)
        return response
    }

    private func remember(_ response: RawResponse) {
        for header in response.headers("Set-Cookie") {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if header.contains("expires=Thu, 01-Jan-1970") { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] }
        }
    }

    /// Logs in the way the forum's clients do; returns the answer to the login POST.
    @discardableResult
    func logIn(_ username: String, password: String = Seed.Account.password) async throws -> RawResponse {
        try await post("/account.php?json=1", [("action", "login"), ("username", username), ("password", password),
                                               ("next", "/index.php?json=1")])
    }

    func page(_ target: String) async throws -> HTMLPage {
        let response = try await get(target)
        guard let page = HTMLPage(response.body) else { throw RawHTTPError(description: "not HTML: \(target)") }
        return page
    }

    /// GETs a compose form and submits it with `message` and `button`, like a browser would.
    func submitForm(at target: String, script: String, message: String? = nil, button: String = "submit",
                    changes: [String: String] = [:]) async throws -> RawResponse {
        let form = try await page(target)
        return try await submit(form, script: script, message: message, button: button, changes: changes)
    }

    func submit(_ form: HTMLPage, script: String, message: String? = nil, button: String = "submit",
                changes: [String: String] = [:]) async throws -> RawResponse {
        var fields = form.vbformSubmission(clicking: button)
        guard !fields.isEmpty else { throw RawHTTPError(description: "no vbform on the page for \(script)") }
        if let message { fields = fields.map { $0.name == "message" ? ($0.name, message) : $0 } }
        for (name, value) in changes {
            if let index = fields.firstIndex(where: { $0.name == name }) { fields[index].value = value } else { fields.append((name, value)) }
        }
        return try await post("/\(script)", fields)
    }
}

/// Starts a sandbox for one test and always stops it.
func withSandbox<T>(_ configuration: SandboxConfiguration = SandboxConfiguration(floodInterval: 0),
                    _ body: (SandboxServer) async throws -> T) async throws -> T {
    let server = try await SandboxServer.start(configuration)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The state dump, decoded.
func state(of server: SandboxServer) async throws -> SandboxState {
    let response = try await Browser(server).get("/_sandbox/state.json")
    return try SandboxState.decode(response.body)
}

extension SandboxState {
    /// The post with the highest id: the one most recently stored.
    var newestPost: Post? { posts.max { $0.id < $1.id } }
}
