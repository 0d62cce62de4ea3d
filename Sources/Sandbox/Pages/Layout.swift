import Foundation

/// Escapes text for HTML content and attribute values.
func esc(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}

/// The frame every forum page shares: `body#something_awful` with a class naming the page,
/// the navigation, and `div#content`, which is where scrapers look.
enum Layout {
    static func page(title: String, bodyClass: String, user: UserRecord?, bodyAttributes: String = "",
                     head: String = "", content: String) -> String {
        """
        <!DOCTYPE html>
        <html>
        <head>
        <meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
        <title>\(esc(title)) - The Missive Sandbox Forums</title>
        <style>\(style)</style>
        \(head)
        </head>
        <body id="something_awful" class="\(bodyClass)"\(bodyAttributes)>
        <div id="container">
        \(navigation(user: user))
        <div id="content">
        \(content)
        </div>
        <div id="copyright">Missive sandbox forum: a local practice copy. Nothing here leaves your computer.</div>
        </div>
        </body>
        </html>
        """
    }

    static func navigation(user: UserRecord?) -> String {
        let account = user.map {
            "<li>- <a href=\"/account.php?action=logout&amp;ma=\(String($0.formkey.prefix(8)))\">Log Out</a> (\(esc($0.username)))</li>"
        } ?? "<li>- <a href=\"/account.php?action=loginform\">Log In</a></li>"
        return """
        <ul id="navigation" class="navigation">
        <li class="first"><a href="/index.php">Sandbox Forums</a></li>
        <li>- <a href="/private.php">Private Messages</a></li>
        <li>- <a href="/misc.php?action=showsmilies">Smilies</a></li>
        \(account)
        </ul>
        """
    }

    /// `Forums > Category > Forum > Thread`, the last link marked `bclast` as on the forum.
    static func breadcrumbs(_ links: [(title: String, href: String)]) -> String {
        let all = [("The Missive Sandbox Forums", "/index.php")] + links
        let items = all.enumerated().map { index, link in
            let last = index == all.count - 1 && index > 0 ? " class=\"bclast\"" : ""
            return "<a href=\"\(esc(link.1))\"\(last)>\(esc(link.0))</a>"
        }
        return "<div class=\"breadcrumbs\"><span class=\"mainbodytextlarge\"><b>\(items.joined(separator: " &gt; "))</b></span></div>"
    }

    private static let style = """
        body{font:13px verdana,sans-serif;background:#fff;margin:0 2em;color:#000}
        #navigation{list-style:none;padding:.5em;margin:0;background:#003d69}
        #navigation li{display:inline;color:#fff}#navigation a{color:#fff}
        #content{padding:1em 0}table.standard,table.post,#forum{width:100%;border-collapse:collapse;margin-bottom:1em}
        table.post td,table.standard td,table.standard th,#forum td,#forum th{border:1px solid #ccc;padding:6px;vertical-align:top}
        td.userinfo{width:160px;background:#eef}td.postbody{white-space:normal}td.postdate,td.postlinks{background:#f6f6f6;font-size:11px}
        .bbc-quote{border-left:3px solid #99a;margin:.5em 0;padding:.3em .8em;background:#f4f4fa}
        .bbc-quote-header{font-weight:bold;font-size:11px}.bbc-spoiler{background:#000;color:#000}
        .bbc-spoiler:hover{color:#fff}.bbc-code,.bbc-pre{background:#f0f0f0;padding:.5em;overflow:auto}
        img.bbc-timg{max-width:400px}div.standard{width:600px;border:1px solid #999;text-align:left;margin:1em}
        div.standard h2{background:#003d69;color:#fff;margin:0;padding:4px}div.inner{padding:1em}
        #probation_warn{border:2px solid #c00;padding:1em;margin-bottom:1em}.smilie_group{list-style:none}
        .smilie_group li{display:inline-block;width:120px;text-align:center}textarea{width:100%}
        """
}
