import Foundation

/// One post as the thread page draws it: `table.post#postN` with the author in `dt.author` (its
/// `title` names a role on the forum, `Moderator` for the seeded staff account, empty for members),
/// the rendered text in `td.postbody`, the date in `td.postdate` and the Quote/Edit buttons.
enum PostViews {
    /// `seen`: the viewer had read this post before (rows `seen1`/`seen2`, else `altcolor1`/`altcolor2`).
    /// `ignored`: its author is on the viewer's ignore list (`table.post.ignored`, the text hidden).
    static func table(_ post: PostRecord, author: UserRecord?, index: Int, viewer: UserRecord?,
                      seen: Bool = false, ignored: Bool = false, role: String? = nil) -> String {
        let name = esc(author?.username ?? "Unknown")
        let rowClass = (seen ? "seen" : "altcolor") + (index.isMultiple(of: 2) ? "2" : "1")
        let body = ignored
            ? "This post by \(name) is hidden because they are on your ignore list."
            : PostRenderer.html(post.bbcode, smilies: !post.disableSmilies)
        let seenIcon = viewer == nil ? "" : "<a class=\"lastseen_icon\" href=\"/showthread.php?action=setseen&amp;"
            + "threadid=\(post.threadId)&amp;index=\(index)\" title=\"Mark thread seen up to this post\"></a>\n"
        let edited = post.editedAt.map {
            "<span>\(name) fucked around with this message at \(esc(ForumDates.post($0)))</span>"
        } ?? ""
        var buttons = "<li><a href=\"newreply.php?action=newreply&amp;postid=\(post.id)\">Quote</a></li>"
        if let viewer, viewer.id == post.authorId {
            buttons += "<li><a href=\"editpost.php?action=editpost&amp;postid=\(post.id)\">Edit</a></li>"
        }
        return """
        <table class="post\(ignored ? " ignored" : "")" id="post\(post.id)" data-idx="\(index)">
        <tr class="\(rowClass)">
        <td class="userinfo userid-\(post.authorId)">
        <dl class="userinfo"><dt class="author\(role == nil ? "" : " role-mod")" title="\(esc(role ?? ""))">\(name)</dt>
        <dd class="registered">\(esc(author.map { ForumDates.registered($0.registeredAt) } ?? ""))</dd></dl>
        </td>
        <td class="postbody">
        <!-- BeginContentMarker -->
        \(body)
        <!-- EndContentMarker -->
        <p class="editedby">\(edited)</p>
        </td>
        </tr>
        <tr class="\(rowClass)">
        <td class="postdate">\(seenIcon)<a href="#post\(post.id)" title="Link to this post">#</a>
        <a class="user_jump" href="/showthread.php?threadid=\(post.threadId)&amp;userid=\(post.authorId)">?</a>
        \(esc(ForumDates.post(post.postedAt)))</td>
        <td class="postlinks"><ul class="postbuttons">\(buttons)</ul></td>
        </tr>
        </table>
        """
    }

    /// A preview: the rendered message in `.postbody`, placed before the form it came from.
    static func preview(_ bbcode: String, title: String = "Preview", smilies: Bool = true) -> String {
        """
        <div class="standard preview">
        <h2>\(NumericReferences.escapeKeepingReferences(title))</h2>
        <table class="post" id="previewpost"><tr>
        <td class="postbody">
        \(PostRenderer.html(bbcode, smilies: smilies))
        </td>
        </tr></table>
        </div>
        """
    }
}
