import Foundation
import Testing
@testable import Common

@Suite struct TextInputTests {
    @Test func plainUTF8AndEmojiDecode() throws {
        let text = "héllo 😀 [b]"
        #expect(try TextInput.decode(Data(text.utf8), source: "t") == text)
    }

    @Test func emptyInputIsEmptyText() throws {
        #expect(try TextInput.decode(Data(), source: "t") == "")
    }

    @Test func byteOrderMarkIsDropped() throws {
        #expect(try TextInput.decode(Data([0xEF, 0xBB, 0xBF, 0x61]), source: "t") == "a")
    }

    @Test(arguments: [
        ([0x61, 0x62, 0xFF], 2),                 // a byte that never starts UTF-8
        ([0x61, 0xC3], 1),                       // truncated two-byte sequence
        ([0xC0, 0xAF], 0),                       // overlong "/"
        ([0x61, 0xED, 0xA0, 0x80], 1),           // UTF-16 surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),           // past U+10FFFF
        ([0x61, 0x62, 0x63, 0xE2, 0x28, 0xA1], 3), // bad continuation byte
    ])
    func invalidUTF8NamesTheByteOffset(bytes: [UInt8], offset: Int) {
        #expect(throws: TextInputError.invalidUTF8(source: "f.md", offset: offset)) {
            try TextInput.decode(Data(bytes), source: "f.md")
        }
    }

    @Test func nulByteIsRefusedWithItsOffset() {
        #expect(throws: TextInputError.nulByte(source: "f.md", offset: 3)) {
            try TextInput.decode(Data([0x61, 0x62, 0x63, 0x00, 0x64]), source: "f.md")
        }
    }

    @Test func limitIsEnforcedBeforeDecoding() {
        #expect(throws: TextInputError.tooLarge(source: "f", bytes: 11, limit: 10)) {
            try TextInput.decode(Data(repeating: 0x61, count: 11), source: "f", limit: 10)
        }
    }

    @Test func missingFileAndDirectorySayWhy() {
        #expect(throws: TextInputError.unreadable(source: "/nonexistent/x.md", reason: "no such file")) {
            try TextInput.read(path: "/nonexistent/x.md")
        }
        #expect(throws: TextInputError.unreadable(source: "/tmp", reason: "it is a directory")) {
            try TextInput.read(path: "/tmp")
        }
    }

    @Test func everyErrorHasADataOrInputStatus() {
        #expect(TextInputError.nulByte(source: "s", offset: 0).status == .dataError)
        #expect(TextInputError.unreadable(source: "s", reason: "r").status == .noInput)
        #expect(TextInputError.invalidUTF8(source: "s", offset: 4).description.contains("byte 4"))
    }

    @Test func aFileOverTheLimitIsRefusedWithoutReadingItAll() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("missive-big-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 0x61, count: 3_000_000).write(to: url)
        #expect(throws: TextInputError.tooLarge(source: url.path, bytes: 1_001, limit: 1_000)) {
            try TextInput.read(path: url.path, limit: 1_000)
        }
        #expect(try TextInput.read(path: url.path, limit: 3_000_000).count == 3_000_000)
    }
}
