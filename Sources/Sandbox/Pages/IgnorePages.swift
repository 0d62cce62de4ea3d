import Foundation
import GRDB

/// The ignore list: `member2.php?action=viewlist&userlist=ignore` is one form
/// (`form[action='member2.php']`, hidden `action=updatelist`, `userlist=ignore`, `formkey`) with a
/// `listbits[]` box per ignored name and two empty ones; saving the form replaces the list. A list
/// naming staff is refused whole (the real page's `standarderror`), as is an unknown name.
/// `action=addlist&userid=U&userlist=ignore&formkey=K` adds one member, as a profile's link does.
extension SandboxForum {
    func memberLists(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try member(user)
        guard request["userlist"] == "ignore" else {
            return ErrorPages.standardError("This practice forum keeps only an ignore list (userlist=ignore).", user: user)
        }
        switch request.action {
        case "viewlist": return try await ignoreList(user: user)
        case "updatelist", "addlist":
            guard request.method == .post else { return ErrorPages.standardError("Invalid action specified.", user: user) }
            guard request["formkey"] == user.formkey else {
                return ErrorPages.standardError(ErrorPages.Message.securityToken, user: user)
            }
            return request.action == "addlist"
                ? try await addToIgnoreList(request, user: user)
                : try await replaceIgnoreList(request, user: user)
        default:
            return ErrorPages.standardError("Invalid action specified.", user: user)
        }
    }

    private func ignoreList(user: UserRecord) async throws -> SandboxResponse {
        let names = try await database.queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT user.username FROM ignored JOIN user ON user.id = ignored.ignoredId
                WHERE ignored.userId = ? ORDER BY user.username COLLATE NOCASE
                """, arguments: [user.id])
        }
        let filled = names.map { "<input type=\"text\" class=\"bginput\" name=\"listbits[]\" value=\"\(esc($0))\" size=\"30\"><br>" }
        let empty = Array(repeating: "<input type=\"text\" class=\"bginput\" name=\"listbits[]\" size=\"30\"><br>", count: 2)
        return .page(Layout.page(title: "Edit Ignore List", bodyClass: "usercp", user: user, content: """
            \(Layout.breadcrumbs([("User Control Panel", "usercp.php"), ("Edit Ignore List", "member2.php?action=viewlist&userlist=ignore")]))
            <form action="member2.php" method="post">
            <input type="hidden" name="action" value="updatelist">
            <input type="hidden" name="userlist" value="ignore">
            <input type="hidden" name="formkey" value="\(user.formkey)">
            <div class="standard">
            <h2>Edit Ignore List</h2>
            <div class="inner">
            \((filled + empty).joined(separator: "\n"))
            <br>
            To take someone off the list, empty their box. To add someone, write their name in an empty box.<br>
            <input type="submit" class="bginput" name="submit" value="Update list" accesskey="s">
            <input type="reset" class="bginput" name="Reset" value="Reset Fields">
            </div>
            </div>
            </form>
            """))
    }

    /// Who the list may hold: every name must be a member, and no member of staff.
    private enum ListCheck {
        case accepted([Int64])
        case refused(SandboxResponse)
    }

    private func check(names: [String], user: UserRecord) async throws -> ListCheck {
        try await database.queue.read { db in
            let roles = try Self.staffRoles(db)
            var ids: [Int64] = []
            for name in names {
                let candidates = [name, NumericReferences.decode(name)]
                guard let found = try UserRecord.filter(candidates.contains(Column("username").collating(.nocase))).fetchOne(db)
                else { return .refused(ErrorPages.standardError(ErrorPages.Message.unknownRecipient(name), user: user)) }
                if roles[found.id] != nil {
                    return .refused(ErrorPages.standardError(ErrorPages.Message.staffNotIgnorable(found.username),
                                                             title: ErrorPages.Message.lowtaxTitle, user: user))
                }
                if found.id != user.id, !ids.contains(found.id) { ids.append(found.id) }
            }
            return .accepted(ids)
        }
    }

    private func replaceIgnoreList(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        let names = request.form.values(of: "listbits[]").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        switch try await check(names: names, user: user) {
        case .refused(let page): return page
        case .accepted(let ids):
            try await database.queue.write { db in
                try db.execute(sql: "DELETE FROM ignored WHERE userId = ?", arguments: [user.id])
                for id in ids {
                    try db.execute(sql: "INSERT INTO ignored (userId, ignoredId) VALUES (?, ?)", arguments: [user.id, id])
                }
            }
            return ErrorPages.redirect("Your ignore list has been updated.", to: "member2.php?action=viewlist&userlist=ignore", user: user)
        }
    }

    private func addToIgnoreList(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        guard let userId = request.id("userid"),
              let name = try await database.queue.read({ db in try UserRecord.fetchOne(db, key: userId)?.username })
        else { return ErrorPages.standardError("Invalid user specified.", user: user) }
        switch try await check(names: [name], user: user) {
        case .refused(let page): return page
        case .accepted(let ids):
            try await database.queue.write { db in
                for id in ids {
                    try db.execute(sql: "INSERT OR IGNORE INTO ignored (userId, ignoredId) VALUES (?, ?)", arguments: [user.id, id])
                }
            }
            return ErrorPages.redirect("Your ignore list has been updated.", to: "member2.php?action=viewlist&userlist=ignore", user: user)
        }
    }
}
