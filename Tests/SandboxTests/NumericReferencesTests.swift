import Foundation
@testable import Sandbox
import Testing

@Suite struct NumericReferencesTests {
    @Test func numericReferencesDecodeBackToCharacters() {
        #expect(NumericReferences.decode("a &#128512; b") == "a 😀 b")
        #expect(NumericReferences.decode("&#x1F600;&#X41;") == "😀A")
    }

    @Test(arguments: ["&#;", "&#12", "&#xZZ;", "&#1114112;", "&#0;", "&#55296;", "&amp;", "&#123456789012;"])
    func malformedReferencesStayAsTyped(_ text: String) {
        #expect(NumericReferences.decode(text) == text)
    }
}
