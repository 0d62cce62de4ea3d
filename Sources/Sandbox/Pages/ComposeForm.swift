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
            + "value=\"\(NumericReferences.escapeKeepingReferences(value))\" size=\"\(size)\" maxlength=\"85\"></td></tr>"
    }

    /// The textarea; its content is escaped, `&` included, so that the BBCode comes back exactly:
    /// a stored `&#91;b]` is written `&amp;#91;b]`, whose value in a browser is `&#91;b]` again.
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

    /// Post icons as the real new-thread form lays them out: the "No icon" radio (`iconid` 0)
    /// under the row's label, then one `div.posticon` per icon, each a radio and its picture.
    static func icons(selected: Int64) -> String {
        func radio(_ id: Int64) -> String {
            "<input type=\"radio\" name=\"iconid\" value=\"\(id)\"\(selected == id ? " checked" : "")>"
        }
        let cells = Catalog.postIcons.map { icon in
            "<div class=\"posticon\">\(radio(icon.id))"
                + "<img src=\"\(icon.imagePath)\" alt=\"\(esc(icon.name))\" title=\"\(esc(icon.name))\"></div>"
        }
        return """
            <tr><td valign="top"><div class="mainbodytext"><b>Post Icons:</b></div>
            <div class="mainbodytextsmall">\(radio(0))&nbsp;No icon</div></td>
            <td class="posticons">\(cells.joined(separator: "\n"))</td></tr>
            """
    }

    /// A forum's second tag group in a row of its own after the icons, each choice a radio, its
    /// picture and its name. The values are unquoted, as the real form writes them.
    static func tagGroup(_ group: Catalog.TagGroup, selected: Int64?) -> String {
        let choices = group.tags.map { tag in
            "<input type=\"radio\" name=\"\(group.name)\" value=\(tag.id)\(selected == tag.id ? " checked" : "")>"
                + "<img src=\"\(tag.imagePath)\" alt=\"\" border=0> \(esc(tag.name))"
        }
        return """
            <tr class="altcolor1"><td valign="top" nowrap><b>\(esc(group.label))</b></td>
            <td>\(choices.joined(separator: "<br>\n"))</td></tr>
            """
    }

    /// The buttons, centred as on the real forms; `after` goes inside the same block (the
    /// new-thread form keeps its formkey there).
    static func buttons(_ buttons: [(name: String, value: String)], after: String = "") -> String {
        let inputs = buttons.map {
            "<input type=\"submit\" class=\"bginput\" name=\"\($0.name)\" value=\"\(esc($0.value))\">"
        }
        return "<div class=\"postbuttons\" style=\"text-align:center;\">\n\(inputs.joined(separator: "\n"))\n\(after)</div>"
    }

    /// The "Logged in user" row every compose form starts with.
    static func loggedIn(_ user: UserRecord) -> String {
        "<tr><td><b>Logged in user:</b></td><td class=\"user_loggedin\">\(esc(user.username))</td></tr>"
    }
}
