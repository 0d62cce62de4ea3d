import Foundation
import Testing

/// The terminal hand-over with a real editor: vim inside tmux, driven with keystrokes.
/// vim and tmux come from the Makefile's TEST_DEBS (`make test` installs them).
@Suite struct DraftsVimTests {
    /// A tmux server of our own, so the test never touches anyone else's sessions.
    let socket = "missive-drafts-\(UUID().uuidString.prefix(8))"

    /// Runs one tmux client on this suite's server and returns what it printed. No signal blocked:
    /// the server it starts, and vim in it, must not inherit the test thread's mask.
    func tmux(_ arguments: [String]) throws -> String {
        let result = try runProgram(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, unblocksSignals: true)
        #expect(result.status == 0, "tmux \(arguments): \(result.output)")
        return result.output
    }

    /// `missive reply 3507451` with vim in a tmux pane: types `line` below the closing `---`, then
    /// the `ex` commands (`:wq`...). Returns what the shell saw as missive's exit and the screen.
    func replyInVim(_ home: MissiveHome, line: String, ex: [String]) throws -> (exit: String, screen: String) {
        let session = "missive-vim-\(UUID().uuidString.prefix(8))"
        let done = home.root.appendingPathComponent("done").path
        // EDITOR has arguments, so it also goes through `sh -c '<editor> "$@"'`.
        let command = "env MISSIVE_HOME='\(home.root.path)' TERM=xterm EDITOR='vim -N -u NONE -i NONE' "
            + "'\(BuiltBinary.url("missive").path)' reply 3507451; echo \"exit=$?\" > '\(done)'; sleep 30"
        _ = try tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "30", command])
        defer { _ = try? tmux(["kill-server"]) }

        #expect(waitUntil { ((try? tmux(["capture-pane", "-p", "-t", session])) ?? "").contains("thread: 3507451") },
                "vim showed the buffer")
        // vim opens on the first body line (issue 25: `+N`): type there at once, then quit.
        _ = try tmux(["send-keys", "-t", session, "-l", "i" + line])
        _ = try tmux(["send-keys", "-t", session, "Escape"])
        for command in ex { _ = try tmux(["send-keys", "-t", session, command, "Enter"]) }

        #expect(waitUntil { exists(done) }, "missive finished after vim quit")
        return (try String(contentsOfFile: done, encoding: .utf8), try tmux(["capture-pane", "-p", "-t", session]))
    }

    @Test func vimInATerminalEditsTheBufferAndTheDraftIsSaved() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let (exit, screen) = try replyInVim(home, line: "Typed in **vim** inside tmux.", ex: [":wq"])
        #expect(exit == "exit=0\n")
        // git's hint is erased once the editor closes (a reopened buffer would leave one per round).
        #expect(!screen.contains("Waiting for your editor"), "\(screen)")
        #expect(screen.contains("created draft 1"))
        #expect(try home.show(1)["body"] as? String == "Typed in **vim** inside tmux.")
    }

    /// `:cq` after writing: vim exits 1, so nothing is saved, as git does; the written text stays
    /// in the buffer file for the next run's recovery.
    @Test func vimsColonCqSavesNothingAndKeepsTheText() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let (exit, screen) = try replyInVim(home, line: "Written, then abandoned.", ex: [":w", ":cq"])
        #expect(exit == "exit=1\n")
        #expect(screen.contains("editor exited with status 1: nothing saved (your text is in "), "\(screen)")
        #expect(!screen.contains("created draft"))
        let kept = ((try? FileManager.default.contentsOfDirectory(at: home.buffers, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "md" }
        #expect(kept.count == 1)
        #expect(try kept.first.map { try String(contentsOf: $0, encoding: .utf8) }?.contains("Written, then abandoned.") == true)
    }
}
