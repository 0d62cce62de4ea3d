import Common
import Foundation
import GRDB

/// The sandbox plays the other members: `/_sandbox/post` and `/_sandbox/pm` (see
/// `SandboxControl.swift`), so that a test or a demo has news to find: new posts in a bookmarked
/// thread, a post quoting you, a private message.
extension SandboxHTTPHandler {
    func postAsMember(_ request: SandboxRequest) async throws -> SandboxResponse {
        let author = try await user(named: Self.utf8(request["as"]))
        let thread = try await row(ThreadRecord.self, named: "threadid", "a thread", in: request)
        let bbcode = try Self.bodyText(request, what: "the post's BBCode")
        let time = forum.now
        let id = try await forum.database.queue.write { db -> Int64 in
            let id = try SandboxForum.nextId(db, table: "post", first: 500_000_001)
            try PostRecord(id: id, threadId: thread.id, authorId: author.id, bbcode: bbcode, postedAt: time, editedAt: nil,
                           parseURLs: true, disableSmilies: false, showSignature: false).insert(db)
            return id
        }
        return .json(try JSONSerialization.data(withJSONObject: ["id": id], options: [.sortedKeys]))
    }

    func messageAsMember(_ request: SandboxRequest) async throws -> SandboxResponse {
        let sender = try await user(named: Self.utf8(request["from"]))
        let recipient = try await user(named: Self.utf8(request["to"]))
        guard let subject = Self.utf8(request["subject"])?.trimmingCharacters(in: .whitespaces), !subject.isEmpty else {
            throw ControlProblem(message: "subject= must be the message's subject")
        }
        let bbcode = try Self.bodyText(request, what: "the message's BBCode")
        let time = forum.now
        let id = try await forum.database.queue.write { db -> Int64 in
            let id = try SandboxForum.nextId(db, table: "message", first: 9_000_001)
            for (copy, owner, folder) in [(id, recipient.id, MessageRecord.inbox), (id + 1, sender.id, MessageRecord.sentItems)] {
                try MessageRecord(id: copy, ownerId: owner, folderId: folder, fromId: sender.id, toId: recipient.id,
                                  title: subject, bbcode: bbcode, iconId: 0, sentAt: time,
                                  seen: folder == MessageRecord.sentItems, repliedTo: false, forwarded: false,
                                  previousMessageId: nil).insert(db)
            }
            return id
        }
        return .json(try JSONSerialization.data(withJSONObject: ["id": id], options: [.sortedKeys]))
    }

    /// A control's parameter as a test writes it: percent escapes of UTF-8 (`Zo%C3%AB`). The forum
    /// reads query bytes as windows-1252, as its pages are; these controls are no forum page.
    private static func utf8(_ value: String?) -> String? {
        guard let value else { return nil }
        return String(validating: Windows1252.encode(value), as: UTF8.self) ?? value
    }

    /// A control's plain-text body (or a form's `bbcode` field), with line endings made `\n`.
    private static func bodyText(_ request: SandboxRequest, what: String) throws -> String {
        guard let text = request.form["bbcode"] ?? String(data: request.body, encoding: .utf8),
              !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { throw ControlProblem(message: "the body must be \(what) (UTF-8 text, or a form's bbcode= field)") }
        return SandboxForum.normalizedMessage(text)
    }
}
