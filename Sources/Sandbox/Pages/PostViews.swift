import Foundation

/// One post as the thread page draws it: `table.post#postN` with the author in `dt.author` (its
/// `title` names a role on the forum; no sandbox account has one, so it is empty as for members),
/// the rendered text in `td.postbody`, the date in `td.postdate` and the Quote/Edit buttons.
enum PostViews {
    static func table(_ post: PostRecord, author: UserRecord?, index: Int, viewer: UserRecord?) -> String {
        let name = esc(author?.username ?? "Unknown")
        let edited = post.editedAt.map {
            "<span>\(name) fucked around with this message at \(esc(ForumDates.post($0)))</span>"
        } ?? ""
        var buttons = "<li><a href=\"newreply.php?action=newreply&amp;postid=\(post.id)\">Quote</a></li>"
        if let viewer, viewer.id == post.authorId {
            buttons += "<li><a href=\"editpost.php?action=editpost&amp;postid=\(post.id)\">Edit</a></li>"
        }
        return """
        <table class="post" id="post\(post.id)" data-idx="\(index)">
        <tr class="\(index.isMultiple(of: 2) ? "altcolor2" : "altcolor1")">
        <td class="userinfo userid-\(post.authorId)">
        <dl class="userinfo"><dt class="author" title="">\(name)</dt>
        <dd class="registered">\(esc(author.map { ForumDates.registered($0.registeredAt) } ?? ""))</dd></dl>
        </td>
        <td class="postbody">
        <!-- BeginContentMarker -->
        \(PostRenderer.html(post.bbcode, smilies: !post.disableSmilies))
        <!-- EndContentMarker -->
        <p class="editedby">\(edited)</p>
        </td>
        </tr>
        <tr>
        <td class="postdate"><a href="#post\(post.id)" title="Link to this post">#</a>
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
