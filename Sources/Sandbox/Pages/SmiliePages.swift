/// `misc.php?action=showsmilies`: the smilie list with the forum's own CSS classes
/// (`.smilie_list h3` names a group, `.smilie_group li .text` is the code, its `img` the picture).
extension SandboxForum {
    func misc(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        guard request.action == "showsmilies" else {
            return ErrorPages.standardError("Invalid action specified.", user: user)
        }
        let groups = Catalog.smilieGroups.map { group in
            let items = group.smilies.map { smilie in
                "<li class=\"smilie\"><div class=\"text\">\(esc(smilie.code))</div>"
                    + "<img alt=\"\" src=\"\(smilie.imagePath)\" title=\"\(esc(smilie.title))\"></li>"
            }
            return "<h3>\(esc(group.name))</h3>\n<ul class=\"smilie_group\">\n\(items.joined(separator: "\n"))\n</ul>"
        }
        return .page(Layout.page(title: "Smilies", bodyClass: "smilies", user: user, content: """
            <div class="smilie_list">
            \(groups.joined(separator: "\n"))
            </div>
            """))
    }
}
