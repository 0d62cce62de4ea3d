/// The CSS for a theme: rules generated from its keys, then the theme's own `html.css`.
/// Public so that the sandbox forum's pages look exactly like `missive preview --html`.
///
/// The classes are the BBCode HTML renderer's (`bbc-*`) and the page's own (`post`, `post-header`,
/// `postbody`, as on the forum).
public enum ThemeStylesheet {
    /// Everything a page of posts needs: the page and post boxes, the post's content, and the
    /// theme's own CSS.
    public static func css(for theme: Theme) -> String {
        pageCSS(for: theme) + contentCSS(for: theme)
    }

    /// The page around the posts: background, fonts, the post box and its header bar. A page
    /// with its own layout (the sandbox's forum tables) can leave this out.
    public static func pageCSS(for theme: Theme) -> String {
        func c(_ key: ThemeKey) -> String { theme.color(key).description }
        func t(_ key: ThemeKey) -> String { theme.text(key) }
        // Lets the browser draw scrollbars and form controls to match.
        let scheme = theme.color(.pageBackground).luminance < 0.2 ? "dark" : "light"
        return """
            :root { color-scheme: \(scheme); }
            html, body { margin: 0; background: \(c(.pageBackground)); }
            body { color: \(c(.textColor)); font-family: \(t(.textFont)); font-size: \(t(.textSize));
              line-height: 1.45; padding: 16px; }
            .post { background: \(c(.postBackground)); border: 1px solid \(c(.postBorder));
              max-width: 760px; margin: 0 auto 16px; }
            .post-header { color: \(c(.postHeaderColor)); background: \(c(.postHeaderBackground));
              padding: 4px 10px; font-weight: bold; }
            .postbody { padding: 10px 14px; overflow-wrap: anywhere; }

            """
    }

    /// What is inside a post: links, tag accents, quotes, code, [fixed], spoilers, lists, then
    /// the theme's `html.css`.
    public static func contentCSS(for theme: Theme) -> String {
        func c(_ key: ThemeKey) -> String { theme.color(key).description }
        func t(_ key: ThemeKey) -> String { theme.text(key) }
        var css = """
            .postbody { color: \(c(.textColor)); }
            a { color: \(c(.linkColor)); }
            a:visited { color: \(c(.linkVisited)); }
            b, strong { color: \(c(.accentBold)); font-weight: bold; }
            i, em { color: \(c(.accentItalic)); font-style: italic; }
            u { color: \(c(.accentUnderline)); text-decoration: underline; }
            s, del, strike { color: \(c(.accentStrike)); text-decoration: line-through; }
            li::marker { color: \(c(.accentListMarker)); }
            .bbc-quote { color: \(c(.quoteColor)); background: \(c(.quoteBackground));
              border: 1px solid \(c(.quoteBorder)); border-left-width: 4px; margin: 8px 0; padding: 0 10px 6px; }
            .bbc-quote-header { color: \(c(.quoteHeaderColor)); background: \(c(.quoteHeaderBackground));
              margin: 0 -10px 6px; padding: 3px 10px; font-weight: bold; font-size: 0.92em; }
            .bbc-code { color: \(c(.codeColor)); background: \(c(.codeBackground));
              border: 1px solid \(c(.codeBorder)); font-family: \(t(.codeFont)); padding: 8px 10px;
              margin: 8px 0; overflow-x: auto; white-space: pre; }
            .bbc-code code { font-family: inherit; color: inherit; }
            .bbc-pre { font-family: \(t(.codeFont)); white-space: pre-wrap; margin: 8px 0; }
            .bbc-fixed, tt { color: \(c(.fixedColor)); font-family: \(t(.fixedFont)); }
            .bbc-spoiler { background: \(c(.spoilerBackground)); color: \(c(.spoilerBackground)); border-radius: 2px; }
            .bbc-spoiler:not(:hover):not(:focus) * { color: inherit; background: transparent; }
            .bbc-spoiler:hover, .bbc-spoiler:focus { color: \(c(.spoilerColor)); }
            img { max-width: 100%; }
            """
        let extra = t(.htmlCSS)
        if !extra.isEmpty { css += "\n/* theme \(theme.name): html.css */\n" + extra }
        return css + "\n"
    }
}
