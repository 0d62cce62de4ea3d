import Common
import Markup

/// The sandbox's stylesheet for one theme: the forum's own table layout, coloured from the
/// theme's keys, then the theme's post-content rules exactly as `missive preview --html` has them
/// (`ThemeStylesheet.contentCSS`), so a post looks the same in both.
enum SandboxStylesheet {
    static func css(for theme: Theme) -> String {
        windows1252Safe(layoutCSS(for: theme) + ThemeStylesheet.contentCSS(for: theme))
    }

    /// The page around the posts. Which key colours what: the page background shows behind the
    /// tables and in the user-info and date cells, the post box colours every table cell and
    /// message box, and the post header bar colours the navigation and every heading bar.
    static func layoutCSS(for theme: Theme) -> String {
        func c(_ key: ThemeKey) -> String { theme.color(key).description }
        func t(_ key: ThemeKey) -> String { theme.text(key) }
        // Lets the browser draw scrollbars and form controls to match.
        let scheme = theme.color(.pageBackground).luminance < 0.2 ? "dark" : "light"
        return """
            :root{color-scheme:\(scheme)}
            body{font-family:\(t(.textFont));font-size:\(t(.textSize));background:\(c(.pageBackground));color:\(c(.textColor));margin:0 2em}
            #navigation{list-style:none;padding:.5em;margin:0;background:\(c(.postHeaderBackground))}
            #navigation li{display:inline;color:\(c(.postHeaderColor))}#navigation a{color:\(c(.postHeaderColor))}
            #content{padding:1em 0}table.standard,table.post,#forum{width:100%;border-collapse:collapse;margin-bottom:1em}
            table.post td,table.standard td,table.standard th,#forum td,#forum th{border:1px solid \(c(.postBorder));padding:6px;vertical-align:top;background:\(c(.postBackground))}
            table.standard th,#forum th{background:\(c(.postHeaderBackground));color:\(c(.postHeaderColor))}
            table.post td.userinfo{width:160px;background:\(c(.pageBackground))}td.postbody{white-space:normal}
            table.post td.postdate,table.post td.postlinks{background:\(c(.pageBackground));font-size:11px}
            img.bbc-timg{max-width:170px;max-height:200px}
            div.standard{width:600px;border:1px solid \(c(.postBorder));background:\(c(.postBackground));text-align:left;margin:1em}
            div.standard h2{background:\(c(.postHeaderBackground));color:\(c(.postHeaderColor));margin:0;padding:4px}div.inner{padding:1em}
            #probation_warn,#theme_notice{border:2px solid #c00;padding:1em;margin:1em 0}.smilie_group{list-style:none}
            .smilie_group li{display:inline-block;width:120px;text-align:center}textarea{width:100%}
            #copyright{font-size:11px;border-top:1px solid \(c(.postBorder));padding:.5em 0}

            """
    }

    /// Pages go out in windows-1252, where a character outside the code page becomes `&#N;`; a
    /// browser does not decode those inside `<style>`, so such characters (in a theme's own
    /// `html.css`, say) are written as CSS escapes instead, which mean the same character.
    static func windows1252Safe(_ css: String) -> String {
        var out = ""
        out.reserveCapacity(css.utf8.count)
        for scalar in css.unicodeScalars {
            if Windows1252.byte(for: scalar) != nil {
                out.unicodeScalars.append(scalar)
            } else {
                // The space ends the escape, so a hex digit after it is not read as part of it.
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return out
    }
}
