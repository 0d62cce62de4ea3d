import Common
import Foundation
import PropertyBased
import Testing
@testable import Forum

/// Reconcile's one text comparison (`SAText`): what was sent must match what the forum gives back
/// in a form's textarea, for every class of character, however the forum escapes it. The forum is
/// modelled here from what vBulletin 3 does (it stores the bytes it was sent, references and all)
/// with both of the escapings a textarea may get, and its page is read by the real page parser.
@Suite struct ReconcileTextTests {
    /// Pieces of text from every code point class that has bitten a forum client.
    static let pieces: [String] = [
        "a", "word", " ", "  ", "\t", "\n", "\r\n", "\r",
        // C0 and C1 controls, and what windows-1252 puts at 0x80...0x9F.
        "\u{1}", "\u{7}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{81}", "\u{85}", "\u{8D}", "\u{99}", "\u{9F}",
        "€", "’", "…", "Ÿ",
        // References typed as text: windows-1252's block, the bracket, hex, invalid, unfinished.
        "&#128;", "&#150;", "&#91;", "&#91;b]", "&#x5B;", "&#0;", "&#55296;", "&#1114112;", "&#65534;", "&#38;#91;",
        "&amp;", "&lt;", "&", "&#", "&#12", "&#;", "&copy;", "&shy;",
        // Noncharacters, the replacement character, byte order mark.
        "\u{FFFE}", "\u{FFFF}", "\u{1FFFE}", "\u{FFFD}", "\u{FEFF}",
        // Combining marks, alone and after a letter; spaces that are not U+0020; zero widths.
        "e\u{301}", "\u{301}", "\u{20DD}", "\u{A0}", "\u{2007}", "\u{202F}", "\u{3000}", "\u{200B}", "\u{200D}",
        // Mojibake as people paste it; text outside windows-1252.
        "donâ€™t", "Ã©tÃ©", "Â ", "😀", "👩‍👩‍👧", "漢字", "Ω", "\u{2028}",
        // Markup the forum and the page treat specially.
        "[b]", "[/b]", "<b>", "</textarea>", "\"", "'", ">",
    ]
    static let text = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...24).map { $0.joined() }

    /// How the forum writes stored text into a textarea: every `&` escaped, or (vBulletin's
    /// `htmlspecialchars_uni`) every `&` but those starting a decimal reference.
    enum Escaping: CaseIterable {
        case everything, keepsDecimalReferences
    }

    /// The edit page the forum serves for a post holding what a browser sent as `text`.
    static func editPage(for text: String, _ escaping: Escaping) -> [UInt8] {
        // What the forum received and stored: the multipart body's bytes of the message.
        let stored = Windows1252.encode(MultipartFormData.crlf(text))
        var escaped: [UInt8] = []
        for (index, byte) in stored.enumerated() {
            switch byte {
            case UInt8(ascii: "&"):
                if escaping == .keepsDecimalReferences, startsDecimalReference(stored, at: index) {
                    escaped.append(byte)
                } else {
                    escaped += Array("&amp;".utf8)
                }
            case UInt8(ascii: "<"): escaped += Array("&lt;".utf8)
            case UInt8(ascii: ">"): escaped += Array("&gt;".utf8)
            case UInt8(ascii: "\""): escaped += Array("&quot;".utf8)
            default: escaped.append(byte)
            }
        }
        let head = """
            <html><head><title>Edit</title><div id="loggedinusername">Tester</div></head>
            <body class="editpost"><form name="vbform" action="editpost.php" method="post">
            <textarea name="message" rows="20">
            """
        return Array(head.utf8) + escaped + Array("</textarea><input type=\"submit\" name=\"submit\"></form></body></html>".utf8)
    }

    static func startsDecimalReference(_ bytes: [UInt8], at index: Int) -> Bool {
        var cursor = index + 1
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") else { return false }
        cursor += 1
        let digits = cursor
        while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) { cursor += 1 }
        return cursor > digits && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";")
    }

    static func shown(_ text: String, _ escaping: Escaping) -> String? {
        let page = HTMLDocument(bytes: editPage(for: text, escaping), charset: "windows-1252", url: URL(string: "https://forums.example/"))
        return page?.form(named: "vbform")?.value(of: "message")
    }

    @Test(arguments: Escaping.allCases)
    func whatWasSentMatchesWhatTheForumShows(escaping: Escaping) async {
        await propertyCheck(count: 1_500, input: Self.text) { text in
            let shown = Self.shown(text, escaping)
            #expect(shown.map { SAText.same($0, text) } == true,
                    "sent \(text.unicodeScalars.map { String($0.value, radix: 16) }) shown \(String(describing: shown?.unicodeScalars.map { String($0.value, radix: 16) }))")
        }
    }

    /// The comparison is not lenient where it matters: a text differs from itself with one more
    /// visible character, whatever it held.
    @Test func aDifferentTextIsNotTheSame() async {
        await propertyCheck(count: 1_000, input: Self.text) { text in
            for extra in ["x", "[b]", "😀", "€", "&#91;"] {
                #expect(!SAText.same(text + extra, text), "\(text.debugDescription) + \(extra)")
            }
        }
    }

    /// The characters issue 12 found posted again and again: each alone, in a PM's quote too.
    @Test(arguments: ["\u{80}", "\u{85}", "\u{99}", "\u{9F}", "&#128;", "donâ€™t", "&#91;b]bold&#91;/b]", "😀 &#128512;"])
    func theCharactersThatPostedTwiceMatch(text: String) throws {
        for escaping in Escaping.allCases {
            let shown = try #require(Self.shown("before " + text + " after", escaping))
            #expect(SAText.same(shown, "before " + text + " after"), "\(escaping): \(shown.debugDescription)")
            let quote = "[quote]\nZoë wrote on Nov 25, 2026 at 14:00:\n\(shown)\n[/quote]"
            #expect(SomethingAwfulAdapter.quotedText(quote).map { SAText.same($0, "before " + text + " after") } == true)
        }
    }
}
