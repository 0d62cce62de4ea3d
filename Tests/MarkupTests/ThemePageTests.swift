import Foundation
import Testing
@testable import Markup

/// The themed HTML page and its stylesheet, which the sandbox forum uses too.
@Suite struct ThemePageTests {
    func theme(_ name: String) throws -> Theme {
        try BundledThemeFixture.theme(name)
    }

    @Test func everyColourOfTheThemeIsInItsStylesheet() throws {
        for name in try #require(BundledThemeFixture.factory).names {
            let theme = try theme(name)
            let css = ThemeStylesheet.css(for: theme)
            for key in ThemeKey.allCases where key.kind == .color && key != .accentImage {
                #expect(css.contains(theme.color(key).description), "\(name): \(key.rawValue) is not used")
            }
            for key in [ThemeKey.textFont, .codeFont, .fixedFont, .textSize] {
                #expect(css.contains(theme.text(key)), "\(name): \(key.rawValue) is not used")
            }
        }
    }

    @Test func aThemesOwnCSSComesAfterTheGeneratedRules() throws {
        let css = ThemeStylesheet.css(for: try theme("winpos95"))
        let generated = try #require(css.range(of: ".post { background:"))
        let own = try #require(css.range(of: ".post { border: 2px outset #dfdfdf; }"))
        #expect(generated.lowerBound < own.lowerBound)
        #expect(!ThemeStylesheet.css(for: try theme("default")).contains("html.css"))
    }

    @Test func darkPagesAskForDarkBrowserControls() throws {
        #expect(ThemeStylesheet.css(for: try theme("yospos")).contains("color-scheme: dark"))
        #expect(ThemeStylesheet.css(for: try theme("default")).contains("color-scheme: light"))
    }

    @Test func thePageEscapesItsTitleAndAuthorsButNotTheRenderedBody() throws {
        let page = ThemedPage(title: "a <b> & \"c\"", theme: try theme("default"), posts: [
            .init(author: "<script>x</script>", bodyHTML: "<b>bold</b>"),
            .init(author: nil, bodyHTML: "second"),
        ]).render()
        #expect(page.contains("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"))
        #expect(page.contains("<span>&lt;script&gt;x&lt;/script&gt;</span>"))
        #expect(page.contains("<div class=\"postbody\">\n<b>bold</b>\n</div>"))
        #expect(page.components(separatedBy: "<article class=\"post\">").count == 3)
        #expect(page.components(separatedBy: "<header").count == 2)  // the second post has no author
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
    }

    @Test func aRenderedPostSitsInsideThePage() throws {
        let document = BBCode.parse("[quote=\"Lowtax\"]hi[/quote][spoiler]x[/spoiler]", dialect: .somethingawful)
        let page = ThemedPage(title: "t", theme: try theme("fyad"), posts: [.init(author: "me", bodyHTML: document.renderHTML())]).render()
        #expect(page.contains("class=\"bbc-quote\""))
        #expect(page.contains("class=\"bbc-quote-header\">Lowtax posted:"))
        #expect(page.contains("<span class=\"bbc-spoiler\">x</span>"))
        #expect(page.contains(".bbc-spoiler { background: #000000; color: #000000;"))
    }
}

extension ThemePageTests {
    /// A page with its own layout (the sandbox's) takes only what goes inside posts.
    @Test func theContentRulesStandAlone() throws {
        let yospos = try theme("yospos")
        let content = ThemeStylesheet.contentCSS(for: yospos)
        #expect(content.contains(".bbc-quote {") && content.contains("text-shadow"))
        #expect(!content.contains("html, body") && !content.contains(".post {"))
        #expect(ThemeStylesheet.css(for: yospos) == ThemeStylesheet.pageCSS(for: yospos) + content)
    }
}
