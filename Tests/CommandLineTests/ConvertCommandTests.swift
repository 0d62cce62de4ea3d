import Foundation
import Testing

/// `missive convert` as a user runs it: files or stdin in, BBCode out, errors with their status.
@Suite struct ConvertCommandTests {
    @Test func convertsStandardInputToStandardOutput() throws {
        let result = try runMissive(["convert"], stdin: Data("**hi** `[b]`".utf8))
        #expect(result.status == 0)
        #expect(result.output == "[b]hi[/b] [fixed]&#91;b][/fixed]\n")
        #expect(result.errorOutput.isEmpty)
    }

    @Test func convertsAFileForTheChosenDialect() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("post.md")
        try Data("# Title\n\n~~x~~\n".utf8).write(to: file)
        let result = try runMissive(["convert", file.path, "--dialect", "xenforo"])
        #expect(result.status == 0)
        #expect(result.output == "[HEADING=1]Title[/HEADING]\n\n[S]x[/S]\n")
    }

    @Test func strictAndSoftBreaksOptions() throws {
        let markdown = Data("[b]a\nb".utf8)
        // Lines as typed by default, as a forum's text box keeps them; CommonMark's space under --strict.
        #expect(try runMissive(["convert"], stdin: markdown).output == "[b]a\nb\n")
        #expect(try runMissive(["convert", "--strict"], stdin: markdown).output == "&#91;b]a b\n")
        #expect(try runMissive(["convert", "--strict", "--dialect", "phpbb"], stdin: markdown).output == "[[b][/b]b]a b\n")
        #expect(try runMissive(["convert", "--soft-breaks", "space"], stdin: markdown).output == "[b]a b\n")
        #expect(try runMissive(["convert", "--strict", "--soft-breaks", "newline"], stdin: markdown).output == "&#91;b]a\nb\n")
    }

    /// A plain convert is read without the argument parser (start-up); anything else goes through
    /// it. Both must read the options alike: `=` or a separate value, in any order, with a file or
    /// `-`. A repeated option is left to the parser, so each pair below is one reading of each kind.
    @Test(arguments: [
        (["--dialect=phpbb", "--strict"], ["--strict", "--dialect", "xenforo", "--dialect", "phpbb"]),
        (["--soft-breaks=space", "-"], ["--soft-breaks", "newline", "--soft-breaks", "space", "-"]),
        (["--strict", "--soft-breaks", "newline", "--dialect", "vbulletin"], ["--strict", "--strict", "--soft-breaks=newline", "--dialect=vbulletin"]),
    ])
    func plainAndParsedCommandLinesReadTheSame(plain: [String], parsed: [String]) throws {
        let markdown = Data("[b]a\nb *c*\n\n- [u]d[/u]\n".utf8)
        let fast = try runMissive(["convert"] + plain, stdin: markdown)
        let slow = try runMissive(["convert"] + parsed, stdin: markdown)
        #expect(fast.status == 0 && slow.status == 0, "\(fast) \(slow)")
        #expect(fast.output == slow.output)
        // And the options took effect: not what a bare convert writes.
        #expect(fast.output != (try runMissive(["convert"], stdin: markdown)).output)
    }

    /// Two lines typed on two lines arrive as two lines; a person who hard-wraps says so once,
    /// in config.toml, and convert, preview and what is queued all follow it.
    @Test func typedLineBreaksStayUnlessConfigSaysSpace() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["init"]).status == 0)
        let typed = Data("line one\nline two\n".utf8)
        #expect(try home.run(["convert"], stdin: typed).output == "line one\nline two\n")
        let body = try home.file("body.md", typed)
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["queue", "1", "--at", "+1h"]).status == 0)
        let queued = try #require(try JSONSerialization.jsonObject(with: try home.run(["queue", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(queued["bbcode"] as? String == "line one\nline two", "\(queued)")
        #expect(try home.run(["preview", "1", "--html"]).output.contains("line one<br>\nline two"))

        let config = home.root.appendingPathComponent("config/config.toml")
        try ("soft_breaks = \"space\"\n" + String(contentsOf: config, encoding: .utf8)).write(to: config, atomically: true, encoding: .utf8)
        #expect(try home.run(["convert"], stdin: typed).output == "line one line two\n")
        #expect(try home.run(["convert", "--soft-breaks", "newline"], stdin: typed).output == "line one\nline two\n")
        #expect(try home.run(["reply", "3500002", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["queue", "2", "--at", "+1h"]).status == 0)
        let spaced = try #require(try JSONSerialization.jsonObject(with: try home.run(["queue", "show", "2", "--json"]).stdout) as? [String: Any])
        #expect(spaced["bbcode"] as? String == "line one line two", "\(spaced)")

        try ("soft_breaks = \"tabs\"\n" + String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "soft_breaks = \"space\"\n", with: ""))
            .write(to: config, atomically: true, encoding: .utf8)
        let bad = try home.run(["profiles", "list"])
        #expect(bad.status == 78 && bad.errorOutput.contains("soft_breaks") && bad.errorOutput.contains("space"), "\(bad.errorOutput)")
    }

    /// `convert` finds config.toml where every command does, by the XDG rules, though it reads
    /// it without the store's paths (for its start-up): XDG_CONFIG_HOME, else HOME/.config, and a
    /// relative XDG_CONFIG_HOME is ignored as the spec says. An unreadable or broken file leaves
    /// the default, as before: converting is not where config.toml's mistakes are reported.
    @Test func convertFindsConfigByTheXDGRules() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let typed = Data("line one\nline two\n".utf8)
        func write(_ text: String, under directory: String) throws {
            let folder = root.appendingPathComponent(directory).appendingPathComponent("missive")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }
        try write("soft_breaks = \"space\"\n", under: "xdg")
        try write("soft_breaks = \"space\"\n", under: "home/.config")
        let home = root.appendingPathComponent("home").path
        let viaXDG = try runMissive(["convert"], stdin: typed, environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": root.appendingPathComponent("xdg").path])
        #expect(viaXDG.output == "line one line two\n", "\(viaXDG)")
        let viaHome = try runMissive(["convert"], stdin: typed, environment: ["HOME": home + "/"])
        #expect(viaHome.output == "line one line two\n", "\(viaHome)")
        let relative = try runMissive(["convert"], stdin: typed, environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": "xdg"], directory: root)
        #expect(relative.output == "line one\nline two\n", "\(relative)")

        try write("soft_breaks = \"tabs\"\n", under: "broken")
        let broken = try runMissive(["convert"], stdin: typed, environment: ["XDG_CONFIG_HOME": root.appendingPathComponent("broken").path])
        #expect(broken.status == 0 && broken.output == "line one\nline two\n" && broken.stderr.isEmpty, "\(broken)")
        let folder = root.appendingPathComponent("folder/missive/config.toml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let directory = try runMissive(["convert"], stdin: typed, environment: ["XDG_CONFIG_HOME": root.appendingPathComponent("folder").path])
        #expect(directory.status == 0 && directory.output == "line one\nline two\n", "\(directory)")
    }

    @Test func emptyInputGivesEmptyOutput() throws {
        let result = try runMissive(["convert"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    /// An unknown value is swift-argument-parser's usage error, as in every other command:
    /// status 64, nothing on stdout, and the valid values named.
    @Test func unknownDialectIsAUsageErrorListingTheValidOnes() throws {
        let result = try runMissive(["convert", "--dialect", "ipb"], stdin: Data("x".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("missive: the value 'ipb' is invalid for '--dialect <dialect>'"))
        #expect(result.errorOutput.contains("'somethingawful', 'vbulletin', 'phpbb', 'xenforo' or 'misago'"), "\(result.errorOutput)")
    }

    @Test func unknownSoftBreaksIsAUsageErrorListingTheValidOnes() throws {
        let result = try runMissive(["convert", "--soft-breaks", "tab"], stdin: Data("x".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("missive: the value 'tab' is invalid for '--soft-breaks <space|newline>'"))
        #expect(result.errorOutput.contains("'space' and 'newline'"), "\(result.errorOutput)")
    }

    @Test func helpListsTheValidValues() throws {
        let help = try runMissive(["convert", "--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: somethingawful, vbulletin, phpbb, xenforo, misago; default: somethingawful)"), "\(help)")
        #expect(help.contains("Default: config.toml's soft_breaks (newline unless set), space with --strict."), "\(help)")
        #expect(help.contains("--soft-breaks <space|newline>"), "\(help)")
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let result = try runMissive(["convert"], stdin: Data([0x61, 0x62, 0xC3, 0x28]))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput == "missive: <stdin>: not valid UTF-8 at byte 2; save the file as UTF-8 and try again\n")
    }

    /// The converter reads its input with its own fast UTF-8 check; what it refuses, and the
    /// byte it names, must be what every other command's TextInput refuses and names.
    @Test(arguments: [
        ([0x61, 0xC0, 0x80], 1),  // overlong
        ([0x61, 0x62, 0xED, 0xA0, 0x80], 2),  // surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),  // past U+10FFFF
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xE2, 0x82], 9),  // cut short after a run of ASCII
        ([0xE2, 0x82, 0xAC, 0xFF], 3),
    ] as [([UInt8], Int)])
    func invalidUTF8IsRefusedAtTheSameByte(bytes: [UInt8], offset: Int) throws {
        let result = try runMissive(["convert"], stdin: Data(bytes))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.contains("not valid UTF-8 at byte \(offset);"), "\(result.errorOutput)")
    }

    /// The converter reads in 64 KiB pieces: a character cut by a piece's end is still one
    /// character, and a bad byte or a NUL in a later piece is named at its offset in the whole input
    /// (a NUL anywhere before bad UTF-8, as TextInput does).
    @Test func inputLongerThanOneReadIsCheckedAsAWhole() throws {
        let straddling = Data((String(repeating: "a", count: 65_534) + "😀 é\n").utf8)
        let converted = try runMissive(["convert"], stdin: straddling)
        #expect(converted.status == 0)
        #expect(converted.stdout == straddling)

        let lateBadByte = try runMissive(["convert"], stdin: Data(repeating: 0x61, count: 70_000) + Data([0xFF]))
        #expect(lateBadByte.status == 65)
        #expect(lateBadByte.stdout.isEmpty)
        #expect(lateBadByte.errorOutput.contains("not valid UTF-8 at byte 70000;"), "\(lateBadByte.errorOutput)")

        let laterNul = try runMissive(["convert"], stdin: Data([0xFF]) + Data(repeating: 0x61, count: 100_000) + Data([0]))
        #expect(laterNul.status == 65)
        #expect(laterNul.stdout.isEmpty)
        #expect(laterNul.errorOutput.contains("NUL byte at byte 100001;"), "\(laterNul.errorOutput)")
    }

    @Test func validMultiByteTextAndAByteOrderMarkConvert() throws {
        let result = try runMissive(["convert"], stdin: Data("\u{FEFF}é € 𝄞 **x**".utf8))
        #expect(result.status == 0)
        #expect(result.output == "é € 𝄞 [b]x[/b]\n")
    }

    @Test func nulByteIsADataError() throws {
        let result = try runMissive(["convert"], stdin: Data([0x61, 0x00]))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.contains("NUL byte at byte 1"))
    }

    @Test func missingAndUnreadableFilesAreNoInput() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try runMissive(["convert", directory.appendingPathComponent("nope.md").path])
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
        #expect(missing.errorOutput.contains("no such file"))
        let isDirectory = try runMissive(["convert", directory.path])
        #expect(isDirectory.status == 66)
        #expect(isDirectory.errorOutput.contains("directory"))
    }
    /// The benchmark's seeded corpus (1 MB of it), converted by the binary from a file and from
    /// stdin, is byte for byte what the converter wrote before issue 17's speed work. The digests
    /// are coreutils' `sha256sum` of the whole standard output, recorded by running this test on
    /// commit e436e25 (the pre-change build) with the table empty; a failure prints the digest.
    /// Soft breaks named: the digests were recorded when `space` was the default.
    @Test(arguments: [["convert", "--soft-breaks", "space"], ["convert", "--strict"], ["convert", "--dialect", "xenforo", "--soft-breaks", "space"],
        ["convert", "--dialect", "vbulletin", "--soft-breaks", "newline"], ["convert", "--dialect", "phpbb", "--soft-breaks", "space"]])
    func benchmarkCorpusConvertsAsBefore(_ arguments: [String]) throws {
        let expected = [
            "convert --soft-breaks space": "0dc30a9a3d88c3397bb66af6b6286b7425fff379af8d59bde66243e86d630a61",
            "convert --strict": "f5258c68c979e9ca94ce93939481263d069308d3767beb37dd11711a9b6ae4da",
            "convert --dialect xenforo --soft-breaks space": "7b0176ec43db32e825946ffc6e5e9ee26172e98a3f44c932614c0da6588a8e93",
            "convert --dialect vbulletin --soft-breaks newline": "addc69439f6126327f508971cba52d9616db46c2d169580d28f44c0b9da563b9",
            "convert --dialect phpbb --soft-breaks space": "3e87c43b237f382405944467a359f6e91e13f85eec6af5aece69dd4510a19be7",
        ]
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = directory.appendingPathComponent("corpus.md")
        let root = BuiltBinary.packageRoot
        let generated = try runProgram([
            "python3", root.appendingPathComponent("scripts/bench/markup-corpus.py").path,
            root.appendingPathComponent(".cache/commonmark-spec.json").path, corpus.path, "1",
        ])
        #expect(generated.status == 0, "\(generated.output)")
        let fromFile = try runMissive(arguments + [corpus.path])
        let fromStdin = try runMissive(arguments, stdin: try Data(contentsOf: corpus))
        #expect(fromFile.status == 0 && fromStdin.status == 0)
        #expect(fromFile.stdout == fromStdin.stdout)
        let digest = try sha256(fromFile.stdout)
        let key = arguments.joined(separator: " ")
        #expect(digest == expected[key], "\(key): \(digest)")
    }
}

/// The SHA-256 of `data` in hex, from coreutils' `sha256sum`.
func sha256(_ data: Data) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("missive-digest-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runProgram(["sha256sum", file.path])
    return String(result.output.prefix(64))
}
