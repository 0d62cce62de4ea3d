import Common
import Foundation
import Sandbox
import Testing

/// The sandbox's pages wear Missive's themes: each theme's resolved colours in the page's CSS,
/// posts drawn exactly as `missive preview --html` draws them, and nothing else on the page
/// (what the adapter scrapes) changed by the theme.
@Suite struct ThemedPagesTests {
    let home: URL
    var paths: MissivePaths { MissivePaths.resolve(environment: ["MISSIVE_HOME": home.path]) }

    init() throws {
        home = try themedHome(userThemes: [
            // A user theme on top of a bundled one, and two broken ones.
            "mine": "parent = \"yospos\"\n[post]\nbackground = \"#102030\"\n[html]\ncss = \".bbc-quote::before { content: \\\"→ ☃\\\" }\"\n",
            "loop1": "parent = \"loop2\"\n",
            "loop2": "parent = \"loop1\"\n",
        ])
    }

    func configuration(theme: String) throws -> SandboxConfiguration {
        SandboxConfiguration(floodInterval: 0, themes: try SandboxThemes.bundled(defaultName: theme, paths: paths))
    }

    /// Every tag the themes colour, and characters HTML must escape; no smilie codes, which the
    /// forum turns into pictures and a local preview leaves as typed.
    static let richPost = """
        [b]Bold[/b], [i]italic[/i], [u]under[/u], [s]struck[/s] and [fixed]fixed[/fixed] café.
        [quote="Zoë" post="500000001"]
        quoted [b]words[/b]
        [/quote]
        [code]
        let x = 1 < 2 && "y"
        [/code]
        [list=1]
        [*]one
        [*]two
        [/list]
        [spoiler]hidden[/spoiler] [url=https://example.com/a?b=1&c=2]a link[/url] <script>alert(1)</script>
        """

    /// Which rule colours what, for the checks below: (selector, property, theme key).
    static let coloured: [(selector: String, property: String, key: String)] = [
        ("body", "background", "page.background"),
        ("body", "color", "text.color"),
        ("body", "font-family", "text.font"),
        ("body", "font-size", "text.size"),
        ("table.post td", "background", "post.background"),
        ("#navigation", "background", "post.header_background"),
        ("div.standard h2", "color", "post.header_color"),
        (".postbody", "color", "text.color"),
        ("a", "color", "link.color"),
        ("a:visited", "color", "link.visited"),
        ("b", "color", "accent.bold"),
        ("i", "color", "accent.italic"),
        (".bbc-quote", "color", "quote.color"),
        (".bbc-quote", "background", "quote.background"),
        (".bbc-quote-header", "color", "quote.header_color"),
        (".bbc-quote-header", "background", "quote.header_background"),
        (".bbc-code", "color", "code.color"),
        (".bbc-code", "background", "code.background"),
        (".bbc-code", "font-family", "code.font"),
        (".bbc-fixed", "color", "fixed.color"),
        (".bbc-spoiler", "background", "spoiler.background"),
        (".bbc-spoiler:hover", "color", "spoiler.color"),
    ]

    @Test func aThreadUnderTwoThemesWearsEachThemesColoursAndThePostPreviewDraws() async throws {
        let post = home.appendingPathComponent("post.bbcode")
        try Data(Self.richPost.utf8).write(to: post)
        try await withSandbox(try configuration(theme: "yospos")) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                             script: "newreply.php", message: Self.richPost)
            let postId = try #require(try await state(of: server).newestPost?.id)
            let thread = "/showthread.php?threadid=\(Seed.Ids.welcomeThread)&pagenumber=1"

            // yospos is the sandbox's own (--theme); default is asked for in the address.
            var styles: [String: StyleRules] = [:]
            for (theme, target) in [("yospos", thread), ("default", thread + "&theme=default")] {
                let response = try await browser.get(target)
                #expect(response.status == 200)
                let page = try #require(HTMLPage(response.body))
                let rules = StyleRules(try #require(page.nodes("//head/style").first?.text))
                let keys = try ThemedPrograms.resolvedKeys(of: theme, home: home)
                for (selector, property, key) in Self.coloured {
                    let expected = StyleRules.normalize(try #require(keys[key]))
                    #expect(rules.values(selector, property).contains(expected),
                            "\(theme): \(selector) { \(property) } should be \(key) = \(expected), is \(rules.values(selector, property))")
                }
                if let extra = keys["html.css"], !extra.isEmpty {
                    #expect(rules.text.contains(StyleRules.normalize(extra)), "\(theme)'s own html.css")
                }
                styles[theme] = rules

                let preview = try ThemedPrograms.run("missive", ["preview", post.path, "--format", "bbcode", "--html",
                                                                 "--theme", theme], home: home)
                #expect(preview.status == 0, "\(preview.errorOutput)")
                let drawn = try #require(ThemedPrograms.previewFragment(preview.output))
                let served = try #require(sandboxFragment(response.text, post: postId))
                #expect(served == drawn, "the post as the sandbox serves it under \(theme) and as preview draws it")
                #expect(drawn.contains("<blockquote") && drawn.contains("&lt;script&gt;"), "a rich post, escaped")
            }
            #expect(styles["yospos"]?.text != styles["default"]?.text)
        }
    }

    @Test func aThemeChangesOnlyTheStyleOfEveryKindOfPage() async throws {
        try await withSandbox(try configuration(theme: "default")) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let pages = [
                "/index.php", "/forumdisplay.php?forumid=\(Seed.Ids.generalForum)",
                "/showthread.php?threadid=\(Seed.Ids.welcomeThread)", "/showthread.php?threadid=99",
                "/private.php", "/private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)",
                "/misc.php?action=showsmilies", "/showthread.php?threadid=\(Seed.Ids.closedThread)",
            ]
            for target in pages {
                // Reading a PM marks it read: look once first, so both reads below see one state.
                _ = try await browser.get(target)
                let plain = try await browser.get(target)
                let separator = target.contains("?") ? "&" : "?"
                let themed = try await browser.get(target + separator + "theme=fyad")
                #expect(plain.status == themed.status, "\(target)")
                #expect(Self.withoutStyle(plain.text) == Self.withoutStyle(themed.text), "\(target): only the style differs")
                #expect(Self.style(plain.text) != Self.style(themed.text), "\(target): the style does differ")
            }

            // The forum's own answers to a post keep their shape under any theme: a reply's
            // redirect page and the preview page with its form.
            let reply = "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)&theme=winpos95"
            let redirect = try await browser.submitForm(at: reply, script: "newreply.php?theme=winpos95", message: "themed reply")
            let redirectPage = try #require(HTMLPage(redirect.body))
            #expect(redirectPage.first("//body[contains(@class,'standardredirect')]") != nil)
            #expect(redirectPage.first("//a[contains(@href,'goto=post&postid=')]") != nil)
            let previewed = try await browser.submitForm(at: reply, script: "newreply.php?theme=winpos95",
                                                          message: "[b]previewed[/b]", button: "preview")
            let previewPage = try #require(HTMLPage(previewed.body))
            #expect(previewPage.text("//*[contains(@class,'postbody')]/b") == "previewed")
            #expect(previewPage.first("//form[@name='vbform']//input[@name='formkey']") != nil)
            #expect(StyleRules(Self.style(previewed.text)).values("body", "background")
                    .contains(try ThemedPrograms.resolvedKeys(of: "winpos95", home: home)["page.background"] ?? "?"))
        }
    }

    @Test func userThemesWorkAndABadNameOrABrokenThemeIsNamedOnThePage() async throws {
        try await withSandbox(try configuration(theme: "default")) { server in
            let browser = Browser(server)
            let target = "/showthread.php?threadid=\(Seed.Ids.welcomeThread)"
            let defaultStyle = Self.style(try await browser.get(target).text)

            let mine = try await browser.page(target + "&theme=mine")
            let rules = StyleRules(try #require(mine.nodes("//head/style").first?.text))
            #expect(rules.values("table.post td", "background").contains("#102030"), "the user's own key")
            let yospos = try ThemedPrograms.resolvedKeys(of: "yospos", home: home)
            #expect(rules.values(".bbc-quote", "background").contains(yospos["quote.background"] ?? "?"), "inherited")
            // Pages are windows-1252; CSS escapes keep characters outside it intact in <style>.
            #expect(rules.text.contains(#"content:"\2192 \2603 ""#))
            #expect(mine.first("//*[@id='theme_notice']") == nil)

            let typo = try await browser.get(target + "&theme=yopsos")
            #expect(typo.status == 200)
            #expect(Self.style(typo.text) == defaultStyle, "the sandbox's own theme")
            let notice = try #require(HTMLPage(typo.body)?.text("//*[@id='theme_notice']"))
            #expect(notice.contains("no theme named \"yopsos\""))
            for name in ["default", "dark", "yospos", "amberpos", "fyad", "macinyos", "winpos95", "mine"] {
                #expect(notice.contains(name), "lists \(name)")
            }

            let loop = try #require(try await browser.page(target + "&theme=loop1").text("//*[@id='theme_notice']"))
            #expect(loop.contains("loop") && loop.contains("loop1.toml") && loop.contains("loop2.toml"), "\(loop)")
        }
    }

    @Test func anUnknownOrBrokenThemeStopsTheSandboxFromStarting() throws {
        #expect(throws: (any Error).self) { try SandboxThemes.bundled(defaultName: "loop2", paths: paths) }
        do {
            _ = try SandboxThemes.bundled(defaultName: "nope", paths: paths)
            Issue.record("an unknown theme was accepted")
        } catch {
            #expect(error.status == .config)
            #expect(error.description.contains("no theme named \"nope\""))
        }

        let data = home.appendingPathComponent("forum")
        let result = try ThemedPrograms.run("missive-sandbox", ["--port", "0", "--theme", "nope", "--data", data.path],
                                            home: home)
        #expect(result.status == ExitStatus.config.rawValue)
        #expect(result.errorOutput.hasPrefix("missive-sandbox: no theme named \"nope\"; known: default, amberpos"),
                "\(result.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: data.path), "no data is made before the theme is checked")
        // `missive sandbox` hands --theme on to the sandbox program.
        let viaMissive = try ThemedPrograms.run("missive", ["sandbox", "--port", "0", "--theme", "nope", "--data", data.path],
                                                home: home)
        #expect(viaMissive.status == ExitStatus.config.rawValue)
        #expect(viaMissive.errorOutput.contains("no theme named \"nope\""), "\(viaMissive.errorOutput)")
    }

    static func style(_ page: String) -> String {
        guard let open = page.range(of: "<style>"), let close = page.range(of: "</style>") else { return "" }
        return String(page[open.upperBound..<close.lowerBound])
    }

    static func withoutStyle(_ page: String) -> String {
        page.replacingOccurrences(of: style(page), with: "")
    }
}
