import Foundation
import TestSupport
import Markup
import Testing

/// The converter's output, byte for byte, on all 652 CommonMark spec examples in every dialect
/// and option set, pinned by SHA-256 digests. Speed work on the renderer (issue 17) must not
/// change a single byte of what it writes.
///
/// How the digests were made: for each dialect and option set, every example's `convert` output
/// in the spec file's order, each followed by one NUL byte (no output holds one, so the
/// concatenation is unambiguous), hashed with coreutils' `sha256sum`. They were recorded by
/// running this test on commit e436e25, the renderer before issue 17, with the table empty
/// (a failure prints the digest it got). A new case needs its digest from that commit too.
@Suite struct ConvertDigestTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let dialect: Dialect
        let options: ConversionOptions
        let name: String
        var testDescription: String { "\(dialect.rawValue) \(name)" }
    }

    static let cases: [Case] = Dialect.bbcodeCases.flatMap { dialect in
        [
            Case(dialect: dialect, options: .init(), name: "default"),
            Case(dialect: dialect, options: .init(strict: true), name: "strict"),
            Case(dialect: dialect, options: .init(softBreaks: .newline), name: "soft-breaks newline"),
        ]
    }

    /// Recorded from the pre-change build (see above), keyed by `testDescription`; the default and
    /// soft-break digests recorded again when autolinks began escaping a `[` in their text (a
    /// `[url=...]` there hid the words after it: found by ConvertPropertyTests).
    static let expected: [String: String] = [
        "somethingawful default": "ff43ef3bb2365eee9f0136e260c1fbc3e2835273287542cde95759bae36e85a0",
        "somethingawful strict": "b20f6eeb72876b9b9759457f1b82e4c6f87721407b986092064c88333d2e4917",
        "somethingawful soft-breaks newline": "5ab91b2369432477fd99146b2deba2d5aaf712b21ea71ea4322aeedc720c4033",
        "vbulletin default": "0dbbf6971478579ac5364a6427bd4ea2273e7202071b02ef5ecbd730d29c859d",
        "vbulletin strict": "975d23b976f4251f7e9a82aab0d5682f13af64afef3a97705c3b22e87377ecd0",
        "vbulletin soft-breaks newline": "b1f70eac388dab341199c6d2bbe986dd385f5bdb8a1d3ec5839360bea49a2cd6",
        "phpbb default": "b1054cd3d049e7f8893ad98f38127b29d696d11593b72d5cc2573d0a19ab4116",
        "phpbb strict": "08870f6ea94a40b9b9460462c722056d3751a26e5ebf6a00bc9f7982b2f525d1",
        "phpbb soft-breaks newline": "759f4bf10c64fbdf1399393c112dfe72d7bb7659426adf956db99251c69420a4",
        "xenforo default": "b55631e38ecf8d6c68e25642b88479cb08e37d504030447311f3c7f04d0ee272",
        "xenforo strict": "3fd76e79ebeff570daceb766548d06dbc95f52269b2db9ef0c283a0d311f9b09",
        "xenforo soft-breaks newline": "5576cc93008bcbf43f63315a0f39be9b1935119db7a1c29aac886fc5a2cc6d07",
    ]

    @Test(arguments: cases)
    func specExamplesConvertAsBefore(_ testCase: Case) throws {
        let converter = BBCodeConverter(dialect: testCase.dialect, options: testCase.options)
        var all = Data()
        for example in try CommonMarkSpecTests.examples() {
            all.append(contentsOf: converter.convertToUTF8(example.markdown))
            all.append(0)
        }
        let digest = try sha256(all)
        #expect(digest == Self.expected[testCase.testDescription], "\(testCase.testDescription): \(digest)")
    }

    @Test func theDigestToolIsSHA256() throws {
        #expect(try sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

/// The SHA-256 of `data` in hex, from coreutils' `sha256sum` (the same tool anyone checking a
/// digest by hand would use).
func sha256(_ data: Data) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("missive-digest-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = ChildProcess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: text.prefix(64), as: UTF8.self)
}
