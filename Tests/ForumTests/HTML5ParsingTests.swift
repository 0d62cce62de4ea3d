import Foundation
import Testing
@testable import Forum

/// Pages are read as a browser reads them (HTML5). Each page here is written by hand with one
/// quirk that real forum pages have (forum-protocol.md, "Real pages"), and each expectation is
/// what a browser's DOM holds for it.
@Suite struct HTML5ParsingTests {
    private static let base = URL(string: "https://forums.example/newreply.php")

    private func document(_ html: String) throws -> HTMLDocument {
        try #require(HTMLDocument(html, url: Self.base))
    }

    private func form(_ html: String, named name: String = "vbform") throws -> HTMLForm {
        try #require(try document(html).form(named: name))
    }

    // MARK: <head> and <body>

    @Test func divsInTheHeadKeepTheBodysClass() throws {
        let page = try document("""
            <html><head><title>The Forums</title>
            <script type="text/javascript">var a = 1;</script>
            <div style="display:none;" id="loggedinusername">Some Goon</div>
            <script type="text/javascript">if (a < 2) { a = 2; }</script>
            <div id="platnoads"></div>
            </head>
            <body id="something_awful" class="standarderror">
            <div id="content"><div class="standard"><h2>Sorry!</h2>
            <div class="inner">Sorry! This thread is closed!</div></div></div>
            </body></html>
            """)
        let body = try #require(page.first("//body"))
        #expect(body.hasClass("standarderror"))
        #expect(body.attribute("id") == "something_awful")
        // The divs start the body, as in a browser.
        #expect(page.first("//body/div[@id='loggedinusername']")?.text == "Some Goon")
        #expect(SAFailurePage.failure(in: page, purpose: .posting) == .rejected(.threadClosed))
    }

    @Test func aRedirectRefusalWithDivsInTheHeadIsStillARefusal() throws {
        let page = try document("""
            <html><head><title>The Forums</title>
            <meta http-equiv="Refresh" content="00; URL=showthread.php?threadid=77">
            <div id="loggedinusername">Some Goon</div>
            </head>
            <body class="standardredirect"><div id="content"><div class="standard"><h2>Redirecting...</h2>
            <div class="inner">Sorry! This thread is closed! You will now be returned to the thread.<br>
            <a href="showthread.php?threadid=77">Click here</a></div></div></div></body></html>
            """)
        #expect(page.first("//body")?.hasClass("standardredirect") == true)
        #expect(SAFailurePage.failure(in: page, purpose: .posting) == .rejected(.threadClosed))
    }

    @Test func aSecondBodyTagAddsTheAttributesTheFirstLacks() throws {
        let page = try document("<body id=first><p>text<body id=second class=\"standarderror\" data-x=1><p>more")
        let body = try #require(page.first("//body"))
        #expect(page.select("//body").count == 1)
        #expect(body.attribute("id") == "first")
        #expect(body.hasClass("standarderror"))
        #expect(body.attribute("data-x") == "1")
    }

    @Test func anEmptyPageStillHasAHeadAndABody() throws {
        let page = try document("")
        #expect(page.first("/html/head") != nil)
        #expect(page.first("/html/body") != nil)
        #expect(page.root?.visibleText == "")
    }

    // MARK: Implied end tags

    @Test func unclosedParagraphsCellsAndItemsEndWhereABrowserEndsThem() throws {
        let page = try document("""
            <div id=post><p>one<p class="editedby">two</div>
            <table id=t><tr><td class=a>first<td class=b>second<tr><td class=c>third</table>
            <ul id=l><li>alpha<li>beta<li>gamma</ul>
            """)
        #expect(page.select("//div[@id='post']/p").map(\.visibleText) == ["one", "two"])
        #expect(page.select("//table[@id='t']/tbody/tr").count == 2)
        #expect(page.select("//table[@id='t']//tr[1]/td").map(\.visibleText) == ["first", "second"])
        #expect(page.select("//ul[@id='l']/li").map(\.visibleText) == ["alpha", "beta", "gamma"])
    }

    @Test func anUnclosedParagraphEndsWithItsCell() throws {
        let page = try document("""
            <table><tr><td class="postbody">A post.<p class="editedby"></td></tr>
            <tr><td class="postdate">Mar 3, 2024</td></tr></table>
            """)
        #expect(page.first("//td[@class='postbody']/p[@class='editedby']") != nil)
        #expect(page.first("//td[@class='postdate']")?.visibleText == "Mar 3, 2024")
        #expect(page.first("//p//td") == nil)
    }

    // MARK: Attributes, raw text, references, bytes

    @Test func unquotedAttributeValuesAreRead() throws {
        let form = try form("""
            <form name=vbform action=newreply.php method=post>
            <input type=hidden name=formkey value=abc123>
            <input type=hidden name=threadid value=3500001>
            <input type=radio name=tma_ama value=0 checked>
            </form>
            """)
        #expect(form.method == "POST")
        #expect(form.action.absoluteString == "https://forums.example/newreply.php")
        #expect(form.value(of: "formkey") == "abc123")
        #expect(form.submission(clicking: nil).map(\.name) == ["formkey", "threadid", "tma_ama"])
    }

    @Test func aTextareaHoldsMarkupAsText() throws {
        let form = try form("""
            <form name=vbform action=x><textarea name=message>[quote]<b>x</b>&amp;[/quote]</div></td></textarea>
            <input type=hidden name=after value=1></form>
            """)
        #expect(form.value(of: "message") == "[quote]<b>x</b>&[/quote]</div></td>")
        // Nothing in the textarea closed the form.
        #expect(form.value(of: "after") == "1")
    }

    @Test func oneLineBreakAfterTheTextareaTagIsDropped() throws {
        let form = try form("<form name=vbform action=x><textarea name=a>\n\nsecond</textarea><textarea name=b>\r\nline\r\nnext</textarea></form>")
        #expect(form.value(of: "a") == "\nsecond")
        // The parser turns CR LF into LF, as a browser's DOM holds it.
        #expect(form.value(of: "b") == "line\nnext")
    }

    @Test func numericReferencesDecodeAsABrowserDecodesThem() throws {
        let page = try document("""
            <form name=vbform action=x><textarea name=message>&#91;b]bold&#91;/b] &#128; &#x92;s &#150; &#8364;</textarea></form>
            <p id=text>&#128;&#153;&#x9C;</p><a id=link title="&#146;">x</a>
            """)
        #expect(page.form(named: "vbform")?.value(of: "message") == "[b]bold[/b] € ’s – €")
        // 128 to 159 are windows-1252's characters, in text and attributes alike.
        #expect(page.first("//p[@id='text']")?.text == "€™œ")
        #expect(page.first("//a[@id='link']")?.attribute("title") == "’")
    }

    @Test func scriptsAndStylesAreRawText() throws {
        let page = try document("""
            <body><script>if (a < b && c) { document.write("</div><p id=fake>"); }</script>
            <style>p > b { color: red }</style><div id=after>after</div></body>
            """)
        #expect(page.first("//p[@id='fake']") == nil)
        #expect(page.first("//script")?.text == "if (a < b && c) { document.write(\"</div><p id=fake>\"); }")
        #expect(page.first("//style")?.text == "p > b { color: red }")
        #expect(page.first("//body/div[@id='after']")?.text == "after")
    }

    @Test func windows1252BytesAreDecodedBeforeParsing() throws {
        var bytes = Array("<html><head><title>It".utf8) + [0x92] + Array("s</title></head><body><p>don".utf8) + [0x92]
        bytes += Array("t <a title=\"".utf8) + [0x93, 0x78, 0x94] + Array("\">x</a></p></body></html>".utf8)
        let page = try #require(HTMLDocument(bytes: bytes, url: Self.base))
        #expect(page.first("//title")?.text == "It’s")
        #expect(page.first("//p")?.visibleText == "don’t x")
        #expect(page.first("//a")?.attribute("title") == "“x”")
    }

    @Test func aDeeplyNestedPageParses() throws {
        let depth = 3000
        let page = try document(String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth))
        #expect(page.select("//div").count == depth)
        #expect(page.first("//div[not(div)]")?.text == "deep")
    }

    // MARK: Forms and tables

    /// The shape of the real compose pages: the form wraps a table of cells holding the controls,
    /// with more controls after the table, then the thread's last posts.
    @Test func theComposeFormWrapsItsTable() throws {
        let form = try form("""
            <form name="search" action="query.php"><input name=q></form>
            <form enctype="multipart/form-data" action="newreply.php" name="vbform" method="POST" onsubmit="return validate(this)">
            <input type="hidden" name="action" value="postreply">
            <input type="hidden" name="threadid" value="3500001">
            <table class="standard"><thead><tr><th colspan="2">Post Reply</th></tr></thead>
            <tr><td><b>Message:</b><br><td><textarea name="message" rows="20">[b]hi[/b]</textarea><br>
            <tr class=altcolor2><td>Options:<td class=smalltext>
            <input type="checkbox" name="parseurl" value="yes" checked> Parse URLs<br>
            <input type="checkbox" name="bookmark" value="yes"> Bookmark
            </table>
            <div class="postbuttons">
            <input type="submit" class="bginput" name="submit" value="Submit Reply">
            <input type="submit" class="bginput" name="preview" value="Preview Reply">
            <input type="hidden" name="formkey" value="0123abcd">
            </div>
            <div id="thread"><table class="post" id="post1"><tr><td class="postbody">A post.<p class="editedby"></td></tr></table></div>
            </form>
            <form name="jump" action="forumdisplay.php"><select name=forumid><option value=1>GBS</select></form>
            """)
        #expect(form.submission(clicking: "submit").map(\.name) == [
            "action", "threadid", "message", "parseurl", "submit", "formkey",
        ])
        #expect(form.value(of: "message") == "[b]hi[/b]")
        #expect(form.value(of: "q") == nil)
        #expect(form.value(of: "forumid") == nil)
    }

    /// HTML5 closes a `<form>` between table rows at once, but its form element pointer still
    /// gives it the controls parsed until `</form>`.
    @Test func aFormBetweenTableRowsOwnsTheControlsUntilItsEndTag() throws {
        let page = try document("""
            <table><form name=vbform action=x><tr><td><input name=a value=1></td></tr></form>
            <tr><td><input name=b value=2></td></tr></table>
            """)
        #expect(page.first("//form[@name='vbform']/*") == nil, "the form element itself stays empty, as in a browser")
        #expect(page.form(named: "vbform")?.submission(clicking: nil).map(\.name) == ["a"])
    }

    @Test func aFormClosedWithItsCellOwnsTheControlsUntilItsEndTag() throws {
        let form = try form("""
            <table><tr><td><form name=vbform action=x><input name=a value=1></td></tr>
            <tr><td><input name=b value=2></td></tr></table>
            <input name=c value=3></form><input name=d value=4>
            """)
        #expect(form.submission(clicking: nil).map(\.name) == ["a", "b", "c"])
    }

    @Test func aFormEndTagInsideTextOrACommentDoesNotEndTheForm() throws {
        let form = try form("""
            <table><form name=vbform action=x><tr><td><textarea name=t></form></textarea>
            <!-- </form> --><input name=a title="</form>" value=1><script>"</form>"</script>
            <input name=b value=2></td></tr></table>
            </form><input name=c value=3>
            """)
        #expect(form.submission(clicking: nil).map(\.name) == ["t", "a", "b"])
        #expect(form.value(of: "t") == "</form>")
    }

    @Test func aControlNamingAnotherFormIsNotTaken() throws {
        let page = try document("""
            <form id=other name=other action=y></form>
            <table><form name=vbform action=x><tr><td><input name=a value=1><input name=o form=other value=2></td></tr></table>
            """)
        #expect(page.form(named: "vbform")?.submission(clicking: nil).map(\.name) == ["a"])
        #expect(page.form(named: "other")?.submission(clicking: nil).map(\.name) == ["o"])
    }
}
