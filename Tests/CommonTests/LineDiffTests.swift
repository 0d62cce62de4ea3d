import Testing
@testable import Common

@Suite struct LineDiffTests {
    @Test func identicalTextsHaveNoDiff() {
        #expect(LineDiff.unified("a\nb\n", "a\nb\n", oldName: "x", newName: "y").isEmpty)
    }

    @Test func aChangedLineShowsAsRemovedThenAddedWithContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 5", with: "LINE FIVE")
        let diff = LineDiff.unified(old, new, oldName: "r1", newName: "r2")
        #expect(diff == """
            --- r1
            +++ r2
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +LINE FIVE
             line 6
             line 7
             line 8

            """)
    }

    @Test func farApartChangesMakeTwoHunks() {
        let old = (1...30).map { "l\($0)" }
        var new = old
        new[1] = "changed"
        new.insert("added", at: 25)
        let diff = LineDiff.unified(old.joined(separator: "\n"), new.joined(separator: "\n"), oldName: "a", newName: "b")
        #expect(diff.components(separatedBy: "\n@@").count == 3)
        #expect(diff.contains("@@ -23,6 +23,7 @@"))
    }

    @Test func aMovedLineIsOneRemovalAndOneAddition() {
        let diff = LineDiff.diff(["a", "b", "c", "d"], ["b", "c", "d", "a"])
        #expect(diff == [.removed("a"), .same("b"), .same("c"), .same("d"), .added("a")])
    }

    @Test func theEditsRebuildBothTextsAndKeepEveryCommonLine() {
        // Deterministic pseudo-random texts over a small alphabet, so lines repeat.
        var seed: UInt64 = 14
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        for _ in 0..<200 {
            let old = (0..<next() % 12).map { _ in String(UnicodeScalar(UInt8(97 + next() % 4))) }
            let new = (0..<next() % 12).map { _ in String(UnicodeScalar(UInt8(97 + next() % 4))) }
            let edits = LineDiff.diff(old, new)
            let kept = edits.compactMap { if case .same(let line) = $0 { line } else { nil } }
            let before = edits.compactMap { edit -> String? in
                switch edit {
                case .same(let line), .removed(let line): line
                case .added: nil
                }
            }
            let after = edits.compactMap { edit -> String? in
                switch edit {
                case .same(let line), .added(let line): line
                case .removed: nil
                }
            }
            #expect(before == old && after == new, "\(old) -> \(new)")
            #expect(kept.count == Self.longestCommonSubsequence(old, new), "a shortest diff: \(old) -> \(new)")
        }
    }

    @Test func aHugeRewriteIsShownAsRemovedThenAdded() {
        let old = (0..<2_500).map { "old \($0)" }
        let new = ["kept"] + (0..<2_500).map { "new \($0)" }
        let edits = LineDiff.diff(["kept"] + old, new)
        #expect(edits.first == .same("kept"))
        #expect(Array(edits.dropFirst()) == old.map(LineDiff.Edit.removed) + new.dropFirst().map(LineDiff.Edit.added))
    }

    /// The length of the longest common subsequence, by the textbook table (small inputs only).
    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
