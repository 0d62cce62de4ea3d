import Foundation
import Testing
@testable import Forum

/// Reply and new-thread pages in the shape forum-protocol.md describes, written by hand,
/// with the sloppiness of real pages (unquoted attributes, bare inputs, a table around the form).
@Suite struct HTMLFormTests {
    static let replyPage = """
        <!DOCTYPE html>
        <html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
        <title>Post a reply</title></head>
        <body id=something_awful class="newreply">
        <form name="search" action="query.php"><input name=q></form>
        <form action="newreply.php" name="vbform" method="POST" enctype="multipart/form-data">
        <input type=hidden name=action value=postreply>
        <input type="hidden" name="threadid" value="3507451">
        <input type="hidden" name="formkey" value="0123456789abcdef0123456789abcdef">
        <input type="hidden" name="form_cookie" value="a1b2c3d4e5f6">
        <input type="hidden" name="MAX_FILE_SIZE" value="2097152">
        <table class="standard"><tr><td>
        <textarea name="message" rows=18 cols=60>
        [quote="Some Goon" post="4242"]
        x < y && <b>not a tag</b> &amp; &lt;i&gt; &#8220;quoted&#8221; &eacute;
        [/quote]
        </textarea>
        </td></tr>
        <tr><td>
        <input type="checkbox" name="parseurl" value="yes" checked> Parse URLs
        <input type="checkbox" name="bookmark" value="yes"> Bookmark
        <input type="checkbox" name="disablesmilies" value="yes"> No smilies
        <input type="checkbox" name="signature" value="yes" checked disabled> Signature
        <input type="file" name="attachment">
        <select name="sort"><option value="a">A<option value="b" selected>B</select>
        <input type="text" name="nothing">
        <input type="submit" class="bginput" name="submit" value="Submit Reply">
        <input type="submit" class="bginput" name="preview" value="Preview Reply">
        </td></tr></table>
        </form>
        </body></html>
        """

    private func replyForm() throws -> HTMLForm {
        let document = try #require(HTMLDocument(Self.replyPage, url: URL(string: "https://forums.example/newreply.php?action=newreply&threadid=3507451")))
        return try #require(document.form(named: "vbform"))
    }

    @Test func theNamedFormIsFoundAndItsActionResolved() throws {
        let form = try replyForm()
        #expect(form.action.absoluteString == "https://forums.example/newreply.php")
        #expect(form.method == "POST")
        #expect(form.value(of: "formkey") == "0123456789abcdef0123456789abcdef")
        #expect(form.value(of: "q") == nil)
    }

    @Test func theTextareaKeepsItsRawTextLikeABrowser() throws {
        let form = try replyForm()
        #expect(form.value(of: "message") == """
            [quote="Some Goon" post="4242"]
            x < y && <b>not a tag</b> & <i> “quoted” é
            [/quote]

            """)
    }

    @Test func submissionHasHiddenCheckedSelectedAndOnlyTheClickedButton() throws {
        let fields = try replyForm().submission(clicking: "submit")
        #expect(fields.map(\.name) == [
            "action", "threadid", "formkey", "form_cookie", "MAX_FILE_SIZE", "message",
            "parseurl", "attachment", "sort", "nothing", "submit",
        ])
        #expect(fields.value(of: "submit") == "Submit Reply")
        #expect(fields.value(of: "sort") == "b")
        #expect(fields.value(of: "preview") == nil)
        #expect(fields.value(of: "bookmark") == nil)
        #expect(fields.value(of: "signature") == nil, "disabled controls are never sent")
    }

    @Test func clickingPreviewSendsPreviewInstead() throws {
        let fields = try replyForm().submission(clicking: "preview")
        #expect(fields.value(of: "preview") == "Preview Reply")
        #expect(fields.value(of: "submit") == nil)
    }

    @Test func windows1252BytesAreDecodedBeforeParsing() throws {
        var bytes = Array("<html><head><meta charset=windows-1252></head><body><form name=vbform action=x>".utf8)
        bytes += Array("<input type=hidden name=title value=\"".utf8) + [0x93, 0x63, 0x61, 0x66, 0xE9, 0x94]
        bytes += Array("\"><textarea name=message>".utf8) + [0x80, 0x20, 0x97] + Array("</textarea></form></body></html>".utf8)
        let document = try #require(HTMLDocument(bytes: bytes, url: URL(string: "https://f.example/")))
        let form = try #require(document.form(named: "vbform"))
        #expect(form.value(of: "title") == "“café”")
        #expect(form.value(of: "message") == "€ —")
    }

    @Test func aFormOpenedInsideATableStillOwnsItsControls() throws {
        let html = """
            <table><form name="vbform" action="newthread.php" method="post">
            <tr><td><input type="hidden" name="forumid" value="1"></td></tr>
            <tr><td><input name="subject" value="s"><textarea name=message>hi</textarea></td></tr>
            </form></table>
            """
        let document = try #require(HTMLDocument(html, url: URL(string: "https://f.example/")))
        let form = try #require(document.form(named: "vbform"))
        #expect(form.submission(clicking: nil).map(\.name) == ["forumid", "subject", "message"])
    }

    @Test func radioGroupsSendTheCheckedOneAndCanBeChosen() throws {
        let html = """
            <form name=vbform action=newthread.php method=post>
            <div class="posticon"><input type="radio" name="iconid" value="0" checked><img src="/i/none.gif"></div>
            <div class="posticon"><input type="radio" name="iconid" value="12"><img src="/i/cps.gif"></div>
            <input type=radio name=tma_ama value=1>
            </form>
            """
        let document = try #require(HTMLDocument(html, url: URL(string: "https://f.example/")))
        var form = try #require(document.form(named: "vbform"))
        #expect(form.radioValues("iconid") == ["0", "12"])
        #expect(form.submission(clicking: nil).value(of: "iconid") == "0")
        let chose = form.choose("iconid", value: "12")
        #expect(chose)
        #expect(form.submission(clicking: nil).value(of: "iconid") == "12")
        let choseMissing = form.choose("iconid", value: "99")
        #expect(!choseMissing)
        #expect(form.submission(clicking: nil).value(of: "tma_ama") == nil)
    }

    @Test func aPageWithoutTheFormHasNone() throws {
        for html in ["", "not html at all", "<html><body class=standarderror></body></html>", "\u{1}\u{2}binary"] {
            let document = try #require(HTMLDocument(html, url: URL(string: "https://f.example/")))
            #expect(document.form(named: "vbform") == nil)
        }
    }

    @Test func twoTextareasOnOneLineAreTellApart() throws {
        let html = "<form name=f action=x><textarea name=a>one <b>1</b></textarea><textarea name=b>two &amp; 2</textarea></form>"
        let document = try #require(HTMLDocument(html, url: URL(string: "https://f.example/")))
        let form = try #require(document.form(named: "f"))
        #expect(form.value(of: "a") == "one <b>1</b>")
        #expect(form.value(of: "b") == "two & 2")
    }
}
