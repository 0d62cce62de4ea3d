import Foundation
import Testing

/// Rule 1 under stress: a missive killed with the editor open loses nothing, and two missive
/// processes saving at once corrupt nothing. Both run the real built binary.
@Suite struct DraftsCrashTests {
    /// An editor that writes `text` as the body, says it has saved, then stays open until killed.
    func stuckEditor(_ home: MissiveHome, _ text: String, name: String) throws -> (script: String, ready: String, pid: String) {
        let ready = home.root.appendingPathComponent("\(name).ready").path
        let pid = home.root.appendingPathComponent("\(name).pid").path
        let script = try home.bodyEditor(text, name: "\(name).sh", extra: """
            echo $$ > "\(pid)"
            touch "\(ready)"
            exec sleep 60
            """)
        return (script, ready, pid)
    }

    func killEditor(_ pidFile: String) {
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
    }

    @Test func killingMissiveWhileTheEditorIsOpenLosesNothing() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        // An existing draft with history, and a new one, both open in editors when missive dies.
        let body = try home.file("b.md", Data("revision one".utf8))
        #expect(try home.run(["reply", "100", "--body-file", body, "--no-edit"]).status == 0)

        let existing = try stuckEditor(home, "typed into the existing draft", name: "existing")
        let fresh = try stuckEditor(home, "typed into a new draft", name: "fresh")
        let first = try Background(BuiltBinary.url("missive").path, ["drafts", "edit", "1"], environment: home.environment(editor: existing.script))
        let second = try Background(BuiltBinary.url("missive").path, ["pm", "Some Goon"], environment: home.environment(editor: fresh.script))
        #expect(waitUntil { exists(existing.ready) && exists(fresh.ready) })

        // While both sessions are alive, another command must not steal their buffers.
        let during = try home.run(["drafts", "list", "--json"])
        #expect(!during.errorOutput.contains("recovered"))

        first.kill()
        second.kill()
        killEditor(existing.pid)
        killEditor(fresh.pid)

        let after = try home.run(["drafts", "list", "--json"])
        #expect(after.status == 0)
        #expect(after.errorOutput.contains("recovered draft 1 from an editor session that did not finish"))
        #expect(after.errorOutput.contains("recovered draft 2 from an editor session that did not finish"))
        #expect(try home.show(1)["body"] as? String == "typed into the existing draft\nrevision one")
        #expect(try home.show(1)["revision"] as? Int == 2)
        #expect(try home.show(2)["body"] as? String == "typed into a new draft")
        #expect(try home.show(2)["to"] as? String == "Some Goon")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.buffers.path).filter { $0.hasSuffix(".md") }.isEmpty)

        // The old revision is still there, and recovery happens once.
        let again = try home.run(["drafts", "history", "1"])
        #expect(!again.errorOutput.contains("recovered"))
        #expect(again.output.split(separator: "\n").count == 2)
    }

    @Test func twoSessionsSavingTheSameDraftAtOnceKeepBothTexts() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("start".utf8))
        #expect(try home.run(["reply", "7", "--body-file", body, "--no-edit"]).status == 0)

        // Each editor writes its text, then waits until both editors are open, so the saves overlap.
        let barrier = home.root.appendingPathComponent("barrier").path
        func editor(_ name: String) throws -> String {
            try home.bodyEditor("text from \(name)", name: "\(name).sh", extra: """
                touch "\(barrier).\(name)"
                while [ ! -e "\(barrier).a" ] || [ ! -e "\(barrier).b" ]; do sleep 0.01; done
                """)
        }
        let a = try Background(BuiltBinary.url("missive").path, ["drafts", "edit", "1"], environment: home.environment(editor: try editor("a")))
        let b = try Background(BuiltBinary.url("missive").path, ["drafts", "edit", "1"], environment: home.environment(editor: try editor("b")))
        #expect(a.wait() == 0)
        #expect(b.wait() == 0)
        let notes = a.text + b.text
        #expect(notes.contains("another session saved draft 1 while you were editing"))

        let revisions = try home.run(["drafts", "history", "1"]).output.split(separator: "\n")
        #expect(revisions.count == 3)
        for name in ["a", "b"] {
            let found = try (1...3).contains { number in
                try home.run(["drafts", "show", "1", "--revision", String(number)]).output.contains("text from \(name)")
            }
            #expect(found, "the text from \(name) is in a revision")
        }
    }

    @Test func twoProcessesSavingInALoopCorruptNothing() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("start".utf8))
        #expect(try home.run(["reply", "7", "--body-file", body, "--no-edit"]).status == 0)
        let rounds = 15
        let loop = """
            i=0; while [ $i -lt \(rounds) ]; do
              printf 'writer %s round %s' "$1" "$i" | "$2" drafts edit 1 --body-file - --no-edit >/dev/null 2>>"$3" || exit 1
              i=$((i+1))
            done
            """
        let binary = BuiltBinary.url("missive").path
        let errors = home.root.appendingPathComponent("errors").path
        let writers = try ["x", "y"].map { name in
            try Background("/bin/sh", ["-c", loop, "sh", name, binary, errors], environment: home.environment())
        }
        #expect(writers.map { $0.wait() } == [0, 0], "\((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")

        let history = try home.run(["drafts", "history", "1"]).output.split(separator: "\n")
        #expect(history.count == 1 + 2 * rounds)
        let doctor = try home.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.output)\(doctor.errorOutput)")
        #expect(doctor.output.contains("integrity: ok"))
        #expect(doctor.output.contains("\(1 + 2 * rounds) revisions"))
    }
}
