import Testing
@testable import Compose

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
}
