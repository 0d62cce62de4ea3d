/// A self-contained HTML page: one or more posts under a theme's stylesheet, with no outside file
/// or script. `missive preview --html` writes one post; the sandbox forum writes a thread.
public struct ThemedPage: Sendable {
    public struct Post: Sendable {
        /// Who the forum would show above the post; nil leaves the header out.
        public var author: String?
        /// The post body as the BBCode HTML renderer wrote it (already escaped).
        public var bodyHTML: String

        public init(author: String?, bodyHTML: String) {
            self.author = author
            self.bodyHTML = bodyHTML
        }
    }

    public var title: String
    public var theme: Theme
    public var posts: [Post]

    public init(title: String, theme: Theme, posts: [Post]) {
        self.title = title
        self.theme = theme
        self.posts = posts
    }

    public func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="Missive">
            <title>\(Self.escape(title))</title>
            <style>
            \(ThemeStylesheet.css(for: theme))</style>
            </head>
            <body class="theme-\(Self.escape(theme.name))">

            """
        for post in posts {
            html += "<article class=\"post\">\n"
            if let author = post.author {
                html += "<header class=\"post-header\"><span>\(Self.escape(author))</span></header>\n"
            }
            html += "<div class=\"postbody\">\n\(post.bodyHTML)\n</div>\n</article>\n"
        }
        return html + "</body>\n</html>\n"
    }

    /// Text escaped for HTML content and quoted attributes (Markup's one escaper).
    public static func escape(_ text: String) -> String { htmlEscaped(text) }
}
