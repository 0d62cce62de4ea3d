import Foundation
import TestSupport
import Testing
@testable import Common

/// The three-way merge an edit is sent with (issue 22): by lines, deciding as `git merge-file`.
@Suite struct LineMergeTests {
    static let base = (1...8).map { "line \($0)" }.joined(separator: "\n")

    static func changing(_ text: String, _ changes: [Int: String?]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, replacement) in changes.sorted(by: { $0.key > $1.key }) {
            if let replacement { lines[index - 1] = replacement } else { lines.remove(at: index - 1) }
        }
        return lines.joined(separator: "\n")
    }

    @Test func changesApartAreBothKeptAndTheirsIsLocated() {
        let ours = Self.changing(Self.base, [2: "line 2, mine"])
        let theirs = Self.changing(Self.base, [6: "line 6, the moderator's"])
        let merge = LineMerge.merge(base: Self.base, ours: ours, theirs: theirs)
        #expect(merge.isClean)
        #expect(merge.text == Self.changing(Self.base, [2: "line 2, mine", 6: "line 6, the moderator's"]))
        #expect(merge.theirChanges == [LineMerge.Span(first: 6, count: 1)])
        #expect(LineMerge.describe(merge.theirChanges) == "line 6")
    }

    @Test func theSameLineChangedTwoWaysIsAConflictWithBothSides() {
        let ours = Self.changing(Self.base, [4: "four, mine"])
        let theirs = Self.changing(Self.base, [4: "four, theirs"])
        let merge = LineMerge.merge(base: Self.base, ours: ours, theirs: theirs)
        #expect(!merge.isClean)
        #expect(merge.text == """
            line 1
            line 2
            line 3
            <<<<<<< your edit
            four, mine
            =======
            four, theirs
            >>>>>>> the forum now
            line 5
            line 6
            line 7
            line 8
            """)
        #expect(merge.conflicts == [LineMerge.Span(first: 4, count: 5)])
        #expect(LineMerge.firstMarker(in: merge.text)?.line == 4)
    }

    @Test func changesThatTouchConflictAsGitMergeFileDecides() throws {
        // Lines 3 and 4: no unchanged line between them, so git calls it a conflict too.
        let merge = LineMerge.merge(base: Self.base, ours: Self.changing(Self.base, [3: "three!"]),
                                    theirs: Self.changing(Self.base, [4: "four!"]))
        #expect(!merge.isClean)
        #expect(try Self.gitMergeFile(base: Self.base, ours: Self.changing(Self.base, [3: "three!"]),
                                      theirs: Self.changing(Self.base, [4: "four!"])).clean == false)
    }

    @Test func theSameChangeOnBothSidesIsTakenOnce() {
        let both = Self.changing(Self.base, [5: "five, fixed the same way"])
        let merge = LineMerge.merge(base: Self.base, ours: both, theirs: both)
        #expect(merge.isClean && merge.text == both && merge.theirChanges.isEmpty)
    }

    @Test func removalsAndAdditionsAtTheEndsMerge() {
        let ours = "a new first line\n" + Self.base
        let theirs = Self.changing(Self.base, [8: nil, 7: nil])
        let merge = LineMerge.merge(base: Self.base, ours: ours, theirs: theirs)
        #expect(merge.isClean)
        #expect(merge.text == "a new first line\n" + Self.changing(Self.base, [8: nil, 7: nil]))
        #expect(LineMerge.describe(merge.theirChanges) == "lines removed before line 8")
        #expect(LineMerge.describe([.init(first: 2, count: 3), .init(first: 9, count: 1)], offset: 1) == "lines 3-5 and 10")
    }

    @Test func lineEndsAndBlankEdgesAreMadeAlike() {
        #expect(LineMerge.normalized("\r\n\nfirst\r\nsecond\rthird\n\n  \n") == "first\nsecond\nthird")
    }

    @Test func onlyTheMergesOwnMarkersCountAsUnresolved() {
        #expect(LineMerge.firstMarker(in: "a divider\n=======\nbelow") == nil)
        #expect(LineMerge.firstMarker(in: "kept\n>>>>>>> the forum now  \n")?.line == 2)
    }

    /// Random edits of texts whose lines are all different (so every line diff has one answer):
    /// clean or not as git merge-file says, and a clean merge is git's text exactly.
    @Test func agreesWithGitMergeFileOnRandomEdits() throws {
        var random = SplitMix(seed: 22)
        var fresh = 0
        func edited(_ lines: [String]) -> [String] {
            var result: [String] = []
            for line in lines {
                switch random.next() % 10 {
                case 0: continue  // removed
                case 1: fresh += 1; result.append("new \(fresh)")  // replaced
                case 2: fresh += 1; result += [line, "added \(fresh)"]
                default: result.append(line)
                }
            }
            return result
        }
        var clean = 0, conflicts = 0
        for _ in 0..<60 {
            let base = (1...(3 + Int(random.next() % 12))).map { "base \($0)" }
            let ours = edited(base).joined(separator: "\n"), theirs = edited(base).joined(separator: "\n")
            let merge = LineMerge.merge(base: base.joined(separator: "\n"), ours: ours, theirs: theirs)
            let git = try Self.gitMergeFile(base: base.joined(separator: "\n"), ours: ours, theirs: theirs)
            #expect(merge.isClean == git.clean, "base \(base)\nours \(ours)\ntheirs \(theirs)\ngit \(git.text)\nours \(merge.text)")
            if merge.isClean, git.clean { #expect(merge.text == git.text) }
            if merge.isClean { clean += 1 } else { conflicts += 1 }
        }
        // Both kinds were tried.
        #expect(clean > 5 && conflicts > 5, "clean \(clean), conflicts \(conflicts)")
    }

    /// `git merge-file -p`: its merged text (no final newline) and whether it found no conflict.
    static func gitMergeFile(base: String, ours: String, theirs: String) throws -> (text: String, clean: Bool) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, text) in [("ours", ours), ("base", base), ("theirs", theirs)] {
            let url = directory.appendingPathComponent(name)
            try (text.isEmpty ? "" : text + "\n").write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "merge-file", "-p"] + paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return (text, process.terminationStatus == 0)
    }
}

/// A small seeded generator, so that a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
