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
/// the navigation, and `div#content`, which is where scrapers look. The stylesheet is the
/// request's theme (`PageStyle.current`).
///
/// As on the real forum, `<head>` ends with `div#loggedinusername` (when logged in) and
/// `div#platnoads`. Browsers (HTML5) start the body at the first of those divs and later move the
/// `<body>` tag's id and class onto it; an HTML4 parser such as libxml2's drops them. That quirk
/// is kept on purpose: a client must read these pages the way a browser does.
enum Layout {
    static func page(title: String, bodyClass: String, user: UserRecord?, bodyAttributes: String = "",
                     head: String = "", content: String) -> String {
        let style = PageStyle.current
        // Outside #content, where no scraper looks, and only when a person asked for a theme.
        let notice = style?.notice.map { "<div id=\"theme_notice\">\(esc($0))</div>\n" } ?? ""
        return """
        <!DOCTYPE html>
        <html>
        <head>
        <meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
        <title>\(NumericReferences.escapeKeepingReferences(title)) - The Missive Sandbox Forums</title>
        <style>\(style?.css ?? "")</style>
        \(head)
        \(headDivs(user: user))
        </head>
        <body id="something_awful" class="\(bodyClass)"\(bodyAttributes)>
        <div id="container">
        \(navigation(user: user))
        \(notice)<div id="content">
        \(content)
        </div>
        <div id="copyright">Missive sandbox forum: a local practice copy. Nothing here leaves your computer.</div>
        </div>
        </body>
        </html>
        """
    }

    /// The divs real pages put at the end of `<head>`.
    static func headDivs(user: UserRecord?) -> String {
        let name = user.map { "<div style=\"display:none;\" id=\"loggedinusername\">\(esc($0.username))</div>\n" } ?? ""
        return name + "<div id=\"platnoads\"></div>"
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
            return "<a href=\"\(esc(link.1))\"\(last)>\(NumericReferences.escapeKeepingReferences(link.0))</a>"
        }
        return "<div class=\"breadcrumbs\"><span class=\"mainbodytextlarge\"><b>\(items.joined(separator: " &gt; "))</b></span></div>"
    }
}
