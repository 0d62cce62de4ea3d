import Common
import Foundation
@testable import Sandbox
import Testing

@Suite struct FormFieldsTests {
    /// Bytes are windows-1252; a `&#NNN;` reference stays as sent, since vBulletin stores it so
    /// (the pages show it as the character it names).
    @Test func urlEncodedValuesAreWindows1252Bytes() {
        let fields = FormFields.urlEncoded(Array("touser=Zo%EB&title=a+b&note=%26%23128512%3B&flag".utf8))
        #expect(fields["touser"] == "Zoë")
        #expect(fields["title"] == "a b")
        #expect(fields["note"] == "&#128512;")
        #expect(fields["flag"] == "")
    }

    @Test func multipartPartsDecodeAndFilesAreKeptApart() throws {
        var body = Data("--XyZ\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\n".utf8)
        body += [0x63, 0x61, 0x66, 0xE9, 0x20] + Array("&#128512;\r\nline two".utf8)
        body += Data("\r\n--XyZ\r\nContent-Disposition: form-data; name=\"attachment\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += [0x89, 0x50, 0x4E, 0x47]
        body += Data("\r\n--XyZ--\r\n".utf8)
        let fields = try #require(FormFields.multipart(body, boundary: "XyZ"))
        #expect(fields["message"] == "café &#128512;\r\nline two", "the reference is kept as sent, as vBulletin stores it")
        #expect(fields["attachment"] == nil)
        #expect(fields.files["attachment"] == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(arguments: [
        "no boundary at all",
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue without a closing boundary",
        "--XyZ\r\nX-Header: no disposition\r\n\r\nv\r\n--XyZ--\r\n",
        "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nno blank line\r\n--XyZ--\r\n",
    ])
    func malformedMultipartBodiesAreRejected(_ text: String) {
        #expect(FormFields.multipart(Data(text.utf8), boundary: "XyZ") == nil)
    }

    @Test func cookiesParseAndTheFirstDuplicateWins() {
        let cookies = SandboxRequest.cookies(in: "bbuserid=1001; bbpassword=abc; bbuserid=9; empty=")
        #expect(cookies == ["bbuserid": "1001", "bbpassword": "abc", "empty": ""])
    }
}
