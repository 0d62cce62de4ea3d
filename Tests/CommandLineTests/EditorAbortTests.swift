import Foundation
import Testing

/// An editor that exits non-zero (`:cq` in vim) calls the session off, as git does (issue 13):
/// nothing is saved, the command exits 1 and names the buffer it kept, and no later command turns
/// that text into a draft (issue 25: calling an edit off is not a crash; recovery is for crashes).
@Suite struct EditorAbortTests {
    /// The buffer files left in the home's state directory.
    static func buffers(_ home: MissiveHome) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: home.buffers, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "md" }
    }

    @Test func aNewDraftIsNotCreatedAndItsTextIsSetAsideNotRecovered() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let result = try home.run(["reply", "5"], editor: try home.bodyEditor("typed, then :cq", extra: "exit 1"))
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.output.isEmpty, "no draft id is printed")
        let kept = Self.buffers(home)
        #expect(kept.count == 1)
        let file = try #require(kept.first)
        #expect(file.lastPathComponent.hasPrefix("kept-new-"))
        #expect(result.errorOutput.contains("missive: editor exited with status 1: nothing saved (your text is in \(file.path); "
            + "no draft was made; `missive drafts import \(file.path)` makes it one)"), "\(result.errorOutput)")
        // doctor lists it, with the same way back.
        let doctor = try home.run(["doctor"])
        #expect(doctor.output.contains("kept:      \(file.path): a text set aside, never a draft; `missive drafts import \(file.path)` makes it one"),
                "\(doctor.output)")
        let doctorJSON = try #require(try JSONSerialization.jsonObject(with: try home.run(["doctor", "--json"]).stdout) as? [String: Any])
        #expect(doctorJSON["kept_buffers"] as? [String] == [file.path], "\(doctorJSON)")
        // The way back named is a way back: the text becomes a draft (after this test's own check below).
        defer {
            let imported = try? home.run(["drafts", "import", file.path])
            #expect(imported?.status == 0, "\(imported?.errorOutput ?? "")")
            #expect((try? home.drafts())?.count == 1)
        }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\ntyped, then :cq\n"))

        // The next command leaves it alone: no draft appears, the file stays where the message said.
        let list = try home.run(["drafts", "list", "--json"])
        #expect(!list.errorOutput.contains("recovered"), "\(list.errorOutput)")
        #expect(try home.drafts(all: true).isEmpty)
        #expect(Self.buffers(home) == [file])
    }

    /// The next compose for the same target offers the set-aside text, in the buffer and on the
    /// terminal; one for another target does not.
    @Test func theNextReplyToTheSameThreadOffersTheSetAsideText() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["reply", "5"], editor: try home.bodyEditor("first try", extra: "exit 1")).status == 1)
        let file = try #require(Self.buffers(home).first)
        let seen = home.root.appendingPathComponent("seen.md")
        let copying = try home.script("copy.sh", "cp \"$1\" \"\(seen.path)\"; exit 1")
        let again = try home.run(["reply", "5"], editor: copying)
        let offer = "text you set aside for thread 5 is kept in \(file.path): `missive drafts import \(file.path)` makes it a draft"
        #expect(again.errorOutput.contains(offer), "\(again.errorOutput)")
        #expect(try String(contentsOf: seen, encoding: .utf8).contains(offer))
        let other = try home.run(["reply", "6"], editor: copying)
        #expect(!other.errorOutput.contains("text you set aside"), "\(other.errorOutput)")
    }

    @Test func draftsEditOfAnExistingDraftKeepsItsLastRevision() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["reply", "5"], editor: try home.bodyEditor("the saved text")).status == 0)
        let result = try home.run(["drafts", "edit", "1"], editor: try home.bodyEditor("abandoned words", name: "cq.sh", extra: "exit 1"))
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.contains("editor exited with status 1: nothing saved (your text is in "), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("; draft 1 keeps its last saved revision; `missive drafts edit 1` and paste it in to keep it)"),
                "\(result.errorOutput)")
        #expect(Self.buffers(home).count == 1)

        // The edit made no revision, and no later command makes one from the set-aside text.
        let history = try home.run(["drafts", "history", "1"])
        let lines = history.output.split(separator: "\n")
        #expect(lines.count == 1, "\(history.output)")
        #expect(!history.output.contains("recovered"))
        #expect(!history.output.contains("editor exited"))
        #expect(try home.show(1)["body"] as? String == "the saved text")
    }

    @Test func anAbortWithoutChangesLeavesNothingBehind() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["reply", "5"], editor: try home.bodyEditor("the saved text")).status == 0)
        let result = try home.run(["drafts", "edit", "1"], editor: try home.script("fail.sh", "exit 3"))
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.errorOutput.contains(
            "editor exited with status 3: nothing saved (the text was not changed; draft 1 keeps its last saved revision)"),
            "\(result.errorOutput)")
        #expect(Self.buffers(home).isEmpty)
        #expect(try home.show(1)["revision"] as? Int == 1)
    }
}
