/// The pieces of `form[name=vbform]` that the reply, edit, new-thread and PM forms share.
/// A browser submits hidden inputs, checked boxes, the chosen radio, the textarea and the
/// button that was clicked; these helpers write exactly those controls.
enum ComposeForm {
    static func open(action: String) -> String {
        "<form enctype=\"multipart/form-data\" action=\"\(action)\" name=\"vbform\" method=\"POST\">"
    }

    static func hidden(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(esc(name))\" value=\"\(esc(value))\">"
    }

    static func tokens(formkey: String, formCookie: String) -> String {
        hidden("formkey", formkey) + "\n" + hidden("form_cookie", formCookie)
    }

    static func textInput(_ name: String, value: String, label: String, size: Int = 60) -> String {
        "<tr><td><b>\(esc(label))</b></td><td><input type=\"text\" class=\"bginput\" name=\"\(esc(name))\" "
            + "value=\"\(esc(value))\" size=\"\(size)\" maxlength=\"85\"></td></tr>"
    }

    /// The textarea; its content is escaped so that the BBCode comes back exactly.
    static func message(_ text: String, limit: Int) -> String {
        """
        <tr class="altcolor2"><td><b>Message:</b></td><td>
        <textarea name="message" rows="20" cols="83" tabindex="2">\(esc(text))</textarea><br>
        <a class="check_msg_length" href="javascript:checklength(document.vbform, \(limit));">check message length</a>
        <a class="show_smilies" href="/misc.php?action=showsmilies" target="_blank">Smilies</a>
        </td></tr>
        """
    }

    struct Options {
        var parseURLs = true
        var bookmark = false
        var disableSmilies = false
        var signature = false
    }

    static func checkbox(_ name: String, _ checked: Bool, _ label: String) -> String {
        "<input type=\"checkbox\" name=\"\(name)\" value=\"yes\"\(checked ? " checked" : "")> <b>\(label)</b><br>"
    }

    static func options(_ options: Options, includeBookmark: Bool = true) -> String {
        var rows = [checkbox("parseurl", options.parseURLs, "Automatically parse URLs")]
        if includeBookmark { rows.append(checkbox("bookmark", options.bookmark, "Bookmark thread")) }
        rows.append(checkbox("disablesmilies", options.disableSmilies, "Disable Smilies in This Post"))
        rows.append(checkbox("signature", options.signature, "Show Signature"))
        return "<tr><td><b>Options:</b></td><td class=\"smalltext\">\n\(rows.joined(separator: "\n"))\n</td></tr>"
    }

    static func attachment() -> String {
        """
        <tr class="altcolor2"><td valign="top"><b>Attach file:</b><br>
        <span class="smalltext">Maximum size: 2097152 bytes</span></td>
        <td valign="top" class="smalltext">
        <input type="hidden" name="MAX_FILE_SIZE" value="2097152">
        <input type="file" class="bginput" name="attachment"><br>
        Valid file extensions: gif jpg jpeg png
        </td></tr>
        """
    }

    /// Post icons as `div.posticon` radios named `iconid` (0 = no icon), plus a forum's second
    /// tag group when it has one.
    static func icons(selected: Int64, secondaryGroup: String? = nil, secondarySelected: Int64? = nil) -> String {
        func radio(_ name: String, _ id: Int64, _ checked: Bool) -> String {
            "<input type=\"radio\" name=\"\(name)\" value=\"\(id)\"\(checked ? " checked" : "")>"
        }
        var cells = ["<div class=\"posticon\"><label>\(radio("iconid", 0, selected == 0))"
            + "<img src=\"/images/posticons/none.gif\" alt=\"No icon\"></label></div>"]
        for icon in Catalog.postIcons {
            cells.append("<div class=\"posticon\"><label>\(radio("iconid", icon.id, selected == icon.id))"
                + "<img src=\"\(icon.imagePath)\" alt=\"\(esc(icon.name))\" title=\"\(esc(icon.name))\"></label></div>")
        }
        var html = "<tr><td><b>Post Icon:</b></td><td class=\"posticons\">\(cells.joined(separator: "\n"))</td></tr>"
        if let secondaryGroup, let tags = Catalog.secondaryTags[secondaryGroup] {
            let choices = tags.map { tag in
                "\(radio(secondaryGroup, tag.id, secondarySelected == tag.id))<img src=\"\(tag.imagePath)\" "
                    + "alt=\"\(esc(tag.name))\" title=\"\(esc(tag.name))\">"
            }
            html += "\n<tr><td><b>Tag:</b></td><td class=\"secondary_icons\">\(choices.joined(separator: "\n"))</td></tr>"
        }
        return html
    }

    static func buttons(_ buttons: [(name: String, value: String)]) -> String {
        let inputs = buttons.map {
            "<input type=\"submit\" class=\"bginput\" name=\"\($0.name)\" value=\"\(esc($0.value))\">"
        }
        return "<div class=\"postbuttons\">\n\(inputs.joined(separator: "\n"))\n</div>"
    }

    /// The "Logged in user" row every compose form starts with.
    static func loggedIn(_ user: UserRecord) -> String {
        "<tr><td><b>Logged in user:</b></td><td class=\"user_loggedin\">\(esc(user.username))</td></tr>"
    }
}
