import Common
import Testing

@Suite struct Windows1252Tests {
    @Test func asciiAndLatin1PassThroughAsSingleBytes() {
        #expect(Windows1252.encode("abc é ÿ") == [0x61, 0x62, 0x63, 0x20, 0xE9, 0x20, 0xFF])
    }

    @Test func theWindowsRangeUsesItsOwnBytes() {
        // € ‘ ’ “ ” – — ™ live at 0x80-0x9F in windows-1252, not in Latin-1.
        #expect(Windows1252.encode("€‘’“”–—™") == [0x80, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99])
    }

    @Test func charactersOutsideTheCodePageBecomeDecimalReferences() {
        #expect(String(decoding: Windows1252.encode("hi 😀"), as: UTF8.self) == "hi &#128512;")
        #expect(String(decoding: Windows1252.encode("日本"), as: UTF8.self) == "&#26085;&#26412;")
        // A C1 control that Latin-1 has but windows-1252 reassigns (U+0080) is outside it too.
        #expect(String(decoding: Windows1252.encode("\u{80}"), as: UTF8.self) == "&#128;")
    }

    @Test func decodingIsTheInverseForEveryByte() {
        let all = (0...255).map { UInt8($0) }
        #expect(Windows1252.encode(Windows1252.decode(all)) == all)
    }

    @Test func decodingReadsTheWindowsRange() {
        #expect(Windows1252.decode([0x93, 0x68, 0x69, 0x94, 0x20, 0x80]) == "“hi” €")
        #expect(Windows1252.decode([0x85, 0x9F]) == "…Ÿ")
        // The five bytes the code page leaves out keep their C1 controls, so nothing is lost.
        #expect(Windows1252.decode([0x81, 0x8D, 0x8F, 0x90, 0x9D]).unicodeScalars.map(\.value) == [0x81, 0x8D, 0x8F, 0x90, 0x9D])
    }
}
