import Common
import Testing
@testable import Forum

@Suite struct MultipartFormDataTests {
    private func body(_ fields: [FormField], boundary: String = "XyZ") -> String {
        var form = MultipartFormData(fields: fields, boundary: boundary)
        return Windows1252.decode(form.encode())
    }

    @Test func partsAreWrittenInOrderWithTheClosingDelimiter() {
        let text = body([FormField("action", "postreply"), FormField("threadid", "42")])
        #expect(text == """
            --XyZ\r
            Content-Disposition: form-data; name="action"\r
            \r
            postreply\r
            --XyZ\r
            Content-Disposition: form-data; name="threadid"\r
            \r
            42\r
            --XyZ--\r

            """)
    }

    @Test func emojiArrivesAsADecimalReferenceAndCurlyQuotesAsSingleBytes() {
        var form = MultipartFormData(fields: [FormField("message", "“hi” 😀")], boundary: "b")
        let bytes = form.encode()
        let expected: [UInt8] = [0x93] + Array("hi".utf8) + [0x94, 0x20] + Array("&#128512;".utf8)
        #expect(bytes.occurrences(of: expected) == 1)
        #expect(form.contentType == "multipart/form-data; charset=windows-1252; boundary=b")
    }

    @Test func everyKindOfLineBreakBecomesCRLF() {
        #expect(MultipartFormData.crlf("a\nb\r\nc\rd\n\n") == "a\r\nb\r\nc\r\nd\r\n\r\n")
        #expect(body([FormField("message", "one\ntwo")]).contains("one\r\ntwo\r\n--XyZ--"))
    }

    @Test func namesWithQuotesAndBreaksAreEscapedLikeABrowser() {
        let text = body([FormField("we\"ird\nname", "v")])
        #expect(text.contains("name=\"we%22ird%0D%0Aname\""))
    }

    @Test func anEmptyFileInputIsSentAsAnEmptyFilePart() {
        let text = body([FormField(name: "attachment", value: .file(name: "", contentType: "application/octet-stream", bytes: []))])
        #expect(text.contains("name=\"attachment\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--XyZ--"))
    }

    @Test func aBoundaryThatAppearsInTheContentIsReplaced() {
        var form = MultipartFormData(fields: [FormField("message", "quoting --XyZ here")], boundary: "XyZ")
        let bytes = form.encode()
        #expect(form.boundary != "XyZ")
        #expect(bytes.occurrences(of: Array("--\(form.boundary)".utf8)) == 2)
    }

    @Test func aFieldSetTwiceIsSentOnce() {
        var fields = [FormField("message", "a"), FormField("x", "1"), FormField("message", "b")]
        fields.set("message", to: "final")
        #expect(fields == [FormField("message", "final"), FormField("x", "1")])
    }

    @Test func queryStringsUseWindows1252PercentEncoding() {
        #expect(QueryString.encode([("q", "café & 😀"), ("t", "a+b")]) == "q=caf%E9+%26+%26%23128512%3B&t=a%2Bb")
    }
}
