import Foundation
import Testing

/// `missive login`'s password prompt in a real terminal (tmux).
@Suite(.serialized) struct PasswordPromptTests {
    /// The pid of the program the pane's shell is running.
    private func programPID(in terminal: TmuxTerminal) throws -> pid_t? {
        let shell = try terminal.tmux(["display-message", "-p", "-t", terminal.session, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    @Test func ctrlCAtThePromptLeavesTheTerminalEchoing() throws {
        let sandbox = try SandboxProcess()
        // After missive, the same terminal says whether it echoes ("echo") or not ("-echo").
        let command = "\(BuiltBinary.url("missive").path) login; echo \"[missive $?]\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo"
        let terminal = try TmuxTerminal(command: command, environment: sandbox.environment, term: "xterm")
        let deadline = Date().addingTimeInterval(20)
        while try !terminal.capture().contains("Password for Missive Tester") {
            guard Date() < deadline else { Issue.record("no prompt: \(try terminal.capture())"); return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        // What Ctrl-C does to the program: SIGINT (sent to it alone, so the shell carries on).
        let pid = try #require(try programPID(in: terminal))
        #expect(kill(pid, SIGINT) == 0)
        let screen = try terminal.waitForExit()
        #expect(screen.contains("[missive 130]"), "\(screen)")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("echo") && !lines.contains("-echo"), "\(screen)")
    }

    /// A password typed the instant the prompt appears (issue 26): echo was already off when the
    /// prompt was printed, and nothing typed is flushed away, so every try logs in and the
    /// password never shows on the screen. Before, echo went off after the prompt with
    /// TCSAFLUSH, and 6 of 8 such tries showed the password and then hung.
    @Test func aPasswordTypedTheMomentThePromptAppearsIsNeitherShownNorLost() throws {
        let sandbox = try SandboxProcess()
        var loggedIn = 0
        for attempt in 1...8 {
            let terminal = try TmuxTerminal(command: "\(BuiltBinary.url("missive").path) login", environment: sandbox.environment, term: "xterm")
            let deadline = Date().addingTimeInterval(20)
            while try !terminal.capture().contains("Password for Missive Tester") {
                guard Date() < deadline else { Issue.record("try \(attempt): no prompt: \(try terminal.capture())"); return }
                Thread.sleep(forTimeInterval: 0.002)
            }
            try terminal.tmux(["send-keys", "-t", terminal.session, "-l", "sandbox"])
            try terminal.tmux(["send-keys", "-t", terminal.session, "Enter"])
            let screen = try terminal.waitForExit(seconds: 20)
            // "Password for Missive Tester at URL: " and nothing after it.
            let prompt = screen.split(separator: "\n").first { $0.hasPrefix("Password for Missive Tester") }.map(String.init) ?? ""
            #expect(prompt.trimmingCharacters(in: .whitespaces).hasSuffix(":"), "try \(attempt): \(screen)")
            #expect(!screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "sandbox" }, "try \(attempt): \(screen)")
            if screen.contains("[exit 0]") { loggedIn += 1 } else { Issue.record("try \(attempt) did not log in: \(screen)") }
        }
        #expect(loggedIn == 8)
    }

    /// A password typed ahead, before the prompt is even printed, is not thrown away: the login
    /// goes through (echo goes off with TCSANOW, not TCSAFLUSH, which discarded it and left the
    /// login waiting for good). It may be echoed, as getpass echoes what is typed before it runs.
    @Test func aPasswordTypedAheadOfThePromptIsNotThrownAway() throws {
        let sandbox = try SandboxProcess()
        for attempt in 1...3 {
            let terminal = try TmuxTerminal(command: "\(BuiltBinary.url("missive").path) login", environment: sandbox.environment, term: "xterm")
            try terminal.tmux(["send-keys", "-t", terminal.session, "-l", "sandbox"])
            try terminal.tmux(["send-keys", "-t", terminal.session, "Enter"])
            let screen = try terminal.waitForExit(seconds: 20)
            #expect(screen.contains("[exit 0]") && screen.contains("Logged in to sandbox as Missive Tester"), "try \(attempt): \(screen)")
        }
    }

    /// `status` without a session reads the inbox and the bookmarks side by side; both need the
    /// log-in, and each asked: two prompts on one line, and the second, still reading after the
    /// first had turned echo back on, showed the password. One prompt now, naming the forum.
    @Test func statusWithoutASessionAsksOnceAndShowsNothingTyped() throws {
        let sandbox = try SandboxProcess()
        let terminal = try TmuxTerminal(command: "\(BuiltBinary.url("missive").path) status", environment: sandbox.environment, term: "xterm")
        let deadline = Date().addingTimeInterval(20)
        while try !terminal.capture().contains("Password for Missive Tester") {
            guard Date() < deadline else { Issue.record("no prompt: \(try terminal.capture())"); return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        // Both reads reach their log-in within this; the second used to print its prompt here.
        Thread.sleep(forTimeInterval: 1)
        try terminal.tmux(["send-keys", "-t", terminal.session, "-l", "sandbox"])
        try terminal.tmux(["send-keys", "-t", terminal.session, "Enter"])
        let screen = try terminal.waitForExit(seconds: 30)
        #expect(screen.components(separatedBy: "Password for").count == 2, "one prompt: \(screen)")
        #expect(screen.contains("Password for Missive Tester at \(sandbox.baseURL)"), "\(screen)")
        // Nothing after the prompt, and no line of the password alone.
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first { $0.hasPrefix("Password for") }?.hasSuffix(":") == true, "\(screen)")
        #expect(!lines.contains("sandbox"), "\(screen)")
        #expect(screen.contains("Private messages") && screen.contains("[exit 0]"), "\(screen)")
    }
}
