import Common
import Foundation
import GRDB

/// `/_sandbox/...`: what tests use to look inside the forum and to steer it. Faults, Cloudflare
/// and the request counts never touch these. Parameters go in the query or a form body; a bad
/// one (an unknown user, standing, fault or control) is a 400 in plain text saying what is known.
///
/// - `GET /_sandbox/state.json`: every user (with standing), forum (with its tag group and
///   values, `archived`, `closedRedirectThreadId`), thread, post and private message; text as
///   stored, plus `...Shown` as a reader sees it (`SandboxState`).
/// - `GET /_sandbox/requests.json`: requests received, POSTs and submits per posting script, GETs per script
///   (`SandboxRequestCounts`). `POST /_sandbox/reset-requests` sets them to zero.
/// - `POST /_sandbox/fault?next=KIND`: the next posting request gets that fault (`Fault`'s names,
///   `cloudflare` and `closedredirect` included).
/// - `POST /_sandbox/outage?fault=KIND[&requests=N]`: an outage: every request but these
///   controls (pages, logins, posts) gets that fault, for the next N requests when N is given;
///   `fault=off` ends it (the forum answering again).
/// - `POST /_sandbox/expire-sessions[?user=NAME]`: every login cookie (or that user's) stops
///   working: the forum then answers as to a visitor who is not logged in, and deletes the cookies.
/// - `POST /_sandbox/standing?user=NAME&standing=member|banned|probation|noplatinum[&days=N]`:
///   the account's standing; probation lasts N days from now (3 unless given).
/// - `POST /_sandbox/cloudflare?challenge=on|off`: Cloudflare's challenge answers every request
///   but these controls (HTTP 403, `cf-mitigated: challenge`), or stops.
/// - `POST /_sandbox/forum?forumid=N[&archived=on|off][&closedredirect=THREADID|off]`: the forum
///   needs the archives upgrade; its new threads are refused with the closed-thread redirect to
///   THREADID (which must exist).
/// - `POST /_sandbox/thread?threadid=N[&closed=on|off][&archived=on|off]`.
/// - `POST /_sandbox/edit?postid=P` with the post's new BBCode as the body (plain text, or a
///   form's `bbcode` field): a moderator edits the post behind its author's back, as an edit
///   made elsewhere would (its "edited" time moves; no posting request is counted).
/// - `POST /_sandbox/post?threadid=T&as=NAME` with the post's BBCode as the body (plain text):
///   NAME posts it in thread T (closed or not, no flood wait), as another member would.
///   Answers `{"id": P}`.
/// - `POST /_sandbox/pm?from=NAME&to=NAME&subject=S` with the message's BBCode as the body: NAME
///   sends a private message (a copy in their Sent Items). Answers `{"id": M}`, the inbox copy.
/// - `GET /_sandbox/loop`: redirects to itself, for the `loop` fault.
/// - `GET /_sandbox/status.json`: `{"images_url": ..., "data_directory": ..., "pid": ...}`: where the
///   image host listens (its own port), where the data is, and the process serving.
extension SandboxHTTPHandler {
    static let controls = ["state.json", "requests.json", "reset-requests", "fault", "outage", "expire-sessions", "standing",
                           "cloudflare", "forum", "thread", "edit", "post", "pm", "loop", "status.json"]

    func control(_ request: SandboxRequest) async throws -> SandboxResponse {
        let name = String(request.script.dropFirst("_sandbox/".count))
        guard Self.controls.contains(name) else {
            return Self.badRequest("unknown sandbox control: /\(request.script) (known: \(Self.controls.joined(separator: ", ")))")
        }
        let wantsPost = !["state.json", "requests.json", "loop", "status.json"].contains(name)
        if wantsPost, request.method != .post {
            return .text("/\(request.script) takes a POST\n", status: 405)
        }
        do {
            return try await run(name, request)
        } catch let problem as ControlProblem {
            return Self.badRequest(problem.message)
        }
    }

    /// A parameter that is missing or wrong.
    struct ControlProblem: Error {
        var message: String
    }

    private static func badRequest(_ message: String) -> SandboxResponse {
        .text(message + "\n", status: 400)
    }

    private func run(_ name: String, _ request: SandboxRequest) async throws -> SandboxResponse {
        switch name {
        case "state.json":
            return .json(try await SandboxState.load(from: forum.database).encoded())
        case "requests.json":
            return .json(try await counter.current().encoded())
        case "reset-requests":
            await counter.reset()
            return .text("request counts are zero\n", status: 200)
        case "fault":
            guard let fault = request["next"].flatMap(Fault.init(rawValue:)) else {
                throw ControlProblem(message: "next= must name a fault: \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            await dice.enqueue(fault)
            return .text("the next posting request gets: \(fault.rawValue)\n", status: 200)
        case "outage":
            return try await outage(request)
        case "expire-sessions":
            return try await expireSessions(request)
        case "standing":
            return try await setStanding(request)
        case "cloudflare":
            let on = try Self.switchValue(request, "challenge", required: true) ?? false
            await cloudflare.set(challenging: on)
            return .text(on ? "Cloudflare's challenge answers every request\n" : "Cloudflare lets requests through\n", status: 200)
        case "forum":
            return try await changeForum(request)
        case "thread":
            return try await changeThread(request)
        case "edit":
            return try await moderatorEdit(request)
        case "post":
            return try await postAsMember(request)
        case "pm":
            return try await messageAsMember(request)
        case "loop":
            return .redirect(to: "/_sandbox/loop")
        case "status.json":
            return .json(try SandboxStatus(imagesURL: imagesURL, dataDirectory: dataDirectory.path, pid: getpid()).encoded())
        default:
            throw ControlProblem(message: "unknown sandbox control: \(name)")
        }
    }

    func user(named name: String?) async throws -> UserRecord {
        guard let name, !name.isEmpty else { throw ControlProblem(message: "user= must name an account") }
        let found = try await forum.database.queue.read { db in
            try UserRecord.filter(Column("username").collating(.nocase) == name).fetchOne(db)
        }
        guard let found else { throw ControlProblem(message: "no account is called '\(name)'") }
        return found
    }

    /// `on|off` (also 1/0, yes/no, true/false), or nil when absent and not required.
    private static func switchValue(_ request: SandboxRequest, _ name: String, required: Bool = false) throws -> Bool? {
        guard let text = request[name]?.lowercased() else {
            if required { throw ControlProblem(message: "\(name)= must be on or off") }
            return nil
        }
        switch text {
        case "on", "1", "yes", "true": return true
        case "off", "0", "no", "false": return false
        default: throw ControlProblem(message: "\(name)= must be on or off, not '\(text)'")
        }
    }

    private func outage(_ request: SandboxRequest) async throws -> SandboxResponse {
        if request["fault"] == "off" {
            await dice.setOutage(nil)
            return .text("the outage is over: the forum answers again\n", status: 200)
        }
        guard let fault = request["fault"].flatMap(Fault.init(rawValue:)) else {
            throw ControlProblem(message: "fault= must be off or name a fault: \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var count: Int?
        if let text = request["requests"] {
            guard let number = Int(text), number > 0 else {
                throw ControlProblem(message: "requests= must be a whole number above 0, not '\(text)'")
            }
            count = number
        }
        await dice.setOutage(fault, requests: count)
        return .text("every request" + (count.map { " of the next \($0)" } ?? "") + " gets: \(fault.rawValue)\n", status: 200)
    }

    private func expireSessions(_ request: SandboxRequest) async throws -> SandboxResponse {
        let only = request["user"] == nil ? nil : try await user(named: request["user"])
        try await forum.database.queue.write { db in
            for account in try UserRecord.fetchAll(db) where only == nil || only?.id == account.id {
                try db.execute(sql: "UPDATE user SET cookieToken = ? WHERE id = ?", arguments: [Token.hex(32), account.id])
            }
        }
        return .text(only.map { "\($0.username)'s session has expired\n" } ?? "every session has expired\n", status: 200)
    }

    private func setStanding(_ request: SandboxRequest) async throws -> SandboxResponse {
        let account = try await user(named: request["user"])
        let known = UserRecord.Standing.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = request["standing"], let standing = UserRecord.Standing(rawValue: text) else {
            throw ControlProblem(message: "standing= must be one of \(known), not '\(request["standing"] ?? "")'")
        }
        var until: Date?
        if standing == .probation {
            let days = request["days"].map { Double($0) } ?? 3
            guard let days, days > 0, days < 36_500 else {
                throw ControlProblem(message: "days= must be a number of days above 0, not '\(request["days"] ?? "")'")
            }
            until = forum.now.addingTimeInterval(days * 24 * 3600)
        }
        try await forum.database.queue.write { [until] db in
            try db.execute(sql: "UPDATE user SET standing = ?, probationUntil = ? WHERE id = ?",
                           arguments: [standing.rawValue, until, account.id])
        }
        return .text("\(account.username) is now \(standing.rawValue)\n", status: 200)
    }

    private func changeForum(_ request: SandboxRequest) async throws -> SandboxResponse {
        var record = try await row(ForumRecord.self, named: "forumid", "a forum", in: request)
        if let archived = try Self.switchValue(request, "archived") { record.archived = archived }
        if let target = request["closedredirect"] {
            if let off = try? Self.switchValue(request, "closedredirect"), off == false {
                record.closedRedirectThreadId = nil
            } else if let threadId = Int64(target),
                      try await forum.database.queue.read({ db in try ThreadRecord.exists(db, key: threadId) }) {
                record.closedRedirectThreadId = threadId
            } else {
                throw ControlProblem(message: "closedredirect= must be the id of a thread that exists, or off")
            }
        }
        try await forum.database.queue.write { [record] db in try record.update(db) }
        return .text("forum \(record.id): archived \(record.archived), closed redirect to "
                     + "\(record.closedRedirectThreadId.map(String.init) ?? "none")\n", status: 200)
    }

    private func moderatorEdit(_ request: SandboxRequest) async throws -> SandboxResponse {
        let id = try await row(PostRecord.self, named: "postid", "a post", in: request).id
        guard let text = request.form["bbcode"] ?? String(data: request.body, encoding: .utf8), !text.isEmpty else {
            throw ControlProblem(message: "the body must be the post's new BBCode (UTF-8 text, or a form's bbcode= field)")
        }
        let bbcode = SandboxForum.normalizedMessage(text), editedAt = forum.now
        try await forum.database.queue.write { db in
            try db.execute(sql: "UPDATE post SET bbcode = ?, editedAt = ? WHERE id = ?", arguments: [bbcode, editedAt, id])
        }
        return .text("post \(id) edited by a moderator\n", status: 200)
    }

    private func changeThread(_ request: SandboxRequest) async throws -> SandboxResponse {
        var record = try await row(ThreadRecord.self, named: "threadid", "a thread", in: request)
        if let closed = try Self.switchValue(request, "closed") { record.closed = closed }
        if let archived = try Self.switchValue(request, "archived") { record.archived = archived }
        try await forum.database.queue.write { [record] db in try record.update(db) }
        return .text("thread \(record.id): closed \(record.closed), archived \(record.archived)\n", status: 200)
    }

    /// The row whose id the parameter holds, or the 400 that says what it must name.
    func row<Record: FetchableRecord & TableRecord & Sendable>(
        _ type: Record.Type, named parameter: String, _ what: String, in request: SandboxRequest
    ) async throws -> Record {
        guard let id = request.id(parameter), let row = try await forum.database.queue.read({ db in try Record.fetchOne(db, key: id) })
        else { throw ControlProblem(message: "\(parameter)= must name \(what)") }
        return row
    }
}
