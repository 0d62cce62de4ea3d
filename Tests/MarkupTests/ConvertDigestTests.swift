import Foundation
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

    static let cases: [Case] = Dialect.allCases.flatMap { dialect in
        [
            Case(dialect: dialect, options: .init(), name: "default"),
            Case(dialect: dialect, options: .init(strict: true), name: "strict"),
            Case(dialect: dialect, options: .init(softBreaks: .newline), name: "soft-breaks newline"),
        ]
    }

    /// Recorded from the pre-change build (see above), keyed by `testDescription`.
    static let expected: [String: String] = [
        "somethingawful default": "23dba0a9cf85986aefef10742a3d51e689688a3a0002d6eaddc08947120a6b0f",
        "somethingawful strict": "b20f6eeb72876b9b9759457f1b82e4c6f87721407b986092064c88333d2e4917",
        "somethingawful soft-breaks newline": "754c39bda88e495f9ff273f2ed6a74f1a66abbb7395a13ad98f4ae74075dd2f8",
        "vbulletin default": "3b4f16f10ba0b70925617c1c7f26b6e268681ac56c3fa8b328c302982d24b84c",
        "vbulletin strict": "975d23b976f4251f7e9a82aab0d5682f13af64afef3a97705c3b22e87377ecd0",
        "vbulletin soft-breaks newline": "8029223526c4e671b60d0495419e44a570a67d817246e607a234530657660afa",
        "phpbb default": "0df90f5ed40291e80c41f8761a0726c3d49219270b74c44b4201af0a8a2ce73e",
        "phpbb strict": "08870f6ea94a40b9b9460462c722056d3751a26e5ebf6a00bc9f7982b2f525d1",
        "phpbb soft-breaks newline": "333897d978dd27050662525e2d63e9784917db918a703dc177450de2a1dba85f",
        "xenforo default": "bbf6a590cb7c8bed2246340b41a26862acafcaf3c1ff1a6c34ca5932930123f8",
        "xenforo strict": "3fd76e79ebeff570daceb766548d06dbc95f52269b2db9ef0c283a0d311f9b09",
        "xenforo soft-breaks newline": "9903b4b9c5196b6e6d108e2aafe48002f06ff940b11d8783fc6da28d68e6c6a0",
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: text.prefix(64), as: UTF8.self)
}
