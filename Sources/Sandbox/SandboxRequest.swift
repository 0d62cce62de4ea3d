import Foundation

/// What a page handler needs from an HTTP request: the script, its parameters (query and body
/// together, as PHP's `$_REQUEST` would see them) and the cookies.
public struct SandboxRequest: Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST", other }

    public var method: Method
    /// The path without its leading slash: `newreply.php`, `_sandbox/state.json`.
    public var script: String
    public var query: FormFields
    public var form: FormFields
    public var cookies: [String: String]
    /// A POST's body as sent, multipart aside (a control's plain text: `/_sandbox/edit`).
    public var body = Data()

    public init(method: Method, script: String, query: FormFields = FormFields(),
                form: FormFields = FormFields(), cookies: [String: String] = [:]) {
        self.method = method
        self.script = script
        self.query = query
        self.form = form
        self.cookies = cookies
    }

    /// A parameter from the body first, then the query string.
    public subscript(name: String) -> String? {
        form[name] ?? query[name]
    }

    /// An id parameter; the forum ignores anything that is not a number.
    public func id(_ name: String) -> Int64? {
        self[name].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    public var action: String { self["action"] ?? "" }

    /// Builds the request from the raw parts a server hands over.
    static func parse(method: String, path: String, rawQuery: String, headers: [String: String], body: Data) -> SandboxRequest {
        var script = path.removingPercentEncoding ?? path
        while script.hasPrefix("/") { script.removeFirst() }
        let kind = Method(rawValue: method.uppercased()) ?? .other
        let query = FormFields.urlEncoded(Array(rawQuery.utf8))
        var form = FormFields()
        var text = Data()
        let contentType = headers["content-type"] ?? ""
        if kind == .post {
            if let boundary = boundary(in: contentType) {
                form = FormFields.multipart(body, boundary: boundary) ?? FormFields()
            } else {
                // The body as sent is kept beside the form it may be: `curl --data-binary 'text'`
                // says urlencoded whatever it sends, and a control's plain text must still arrive.
                if contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") {
                    form = FormFields.urlEncoded([UInt8](body))
                }
                text = body
            }
        }
        var request = SandboxRequest(method: kind, script: script, query: query, form: form,
                                     cookies: cookies(in: headers["cookie"] ?? ""))
        request.body = text
        return request
    }

    static func boundary(in contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for piece in contentType.split(separator: ";").dropFirst() {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix("boundary=") {
                var value = trimmed.dropFirst("boundary=".count)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
                return value.isEmpty ? nil : String(value)
            }
        }
        return nil
    }

    /// `Cookie: a=1; b=2`. A later duplicate does not override the first, as in PHP.
    static func cookies(in header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for piece in header.split(separator: ";") {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, cookies[name] == nil else { continue }
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            cookies[name] = value.removingPercentEncoding ?? value
        }
        return cookies
    }
}
