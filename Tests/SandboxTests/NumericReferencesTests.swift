import Foundation
@testable import Sandbox
import Testing

/// vBulletin 3 stores `&#NNN;` references as posted and lets decimal ones through its escaping,
/// so the browser shows the characters they name. The sandbox used to decode them on the way in,
/// which hid a client bug: `&#91;b]` sent to mean a literal `[b]` came back from the real forum
/// as the text `&#91;b]` in the edit box, where the sandbox gave `[b]`.
@Suite struct NumericReferencesTests {
    @Test func escapingKeepsDecimalReferencesAndShyAndEscapesEverythingElse() {
        #expect(NumericReferences.escapeKeepingReferences("a &#128512; &#91;b] <i> \"q\"") == "a &#128512; &#91;b] &lt;i&gt; &quot;q&quot;")
        #expect(NumericReferences.escapeKeepingReferences("soft&shy;hyphen") == "soft&shy;hyphen")
        // vBulletin's pattern is case-blind (`/&(?!(#[0-9]+|shy);)/si`).
        #expect(NumericReferences.escapeKeepingReferences("&SHY; &Shy;") == "&SHY; &Shy;")
        for text in ["&amp;", "&#x5B;", "&#;", "&#12", "& #1;", "&copy;"] {
            #expect(NumericReferences.escapeKeepingReferences(text) == "&amp;" + text.dropFirst(), "\(text)")
        }
    }

    @Test func renderingSeesStandInsAndTheOutputGetsTheReferencesBack() {
        var seen = ""
        let html = NumericReferences.renderKeepingReferences("&#91;b]x&#91;/b] &#91; &#x5B; &#128512;") { text in
            seen = text
            return text.replacingOccurrences(of: "&", with: "&amp;")
        }
        #expect(!seen.contains("&#91;") && !seen.contains("[") && seen.contains("&#x5B;"), "the renderer never sees the decimal ones")
        #expect(html == "&#91;b]x&#91;/b] &#91; &amp;#x5B; &#128512;")
        #expect(NumericReferences.renderKeepingReferences("a&shy;b &amp;") { $0.replacingOccurrences(of: "&", with: "&amp;") }
            == "a&shy;b &amp;amp;", "a soft hyphen reaches the page as stored too")
    }

    @Test func decodingReadsDecimalReferencesAsABrowserDoes() {
        #expect(NumericReferences.decode("a &#128512; &#91;b]") == "a 😀 [b]")
        #expect(NumericReferences.decode("&#150;") == "\u{2013}", "128 to 159 name windows-1252's characters")
        #expect(NumericReferences.decode("soft&shy;hyphen &#0000065;") == "soft\u{AD}hyphen A", "as the page shows them")
        for nothing in ["&#0;", "&#55296;", "&#1114112;", "&#123456789012;"] {
            #expect(NumericReferences.decode(nothing) == "\u{FFFD}", "\(nothing)")
        }
    }

    @Test(arguments: ["&#;", "&#12", "&#xZZ;", "&#x1F600;", "&amp;", "plain"])
    func whatIsNoDecimalReferenceStaysAsTyped(_ text: String) {
        #expect(NumericReferences.decode(text) == text)
    }
}
