import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A new user's first minutes with the sandbox (issue 26): a stopped sandbox is named with how to
/// start it by every command that reaches the forum; a taken port says whether a sandbox holds
/// it; Missive Tester has a PM to answer; `missive sandbox` and `missive-sandbox` give one help
/// that lists what is seeded; Ctrl-C says where the data is.
@Suite struct SandboxOnboardingTests {
    static let startIt = "start it with `missive sandbox`"

    @Test func everyCommandThatReachesAStoppedSandboxSaysHowToStartIt() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let body = try sandbox.file("hello")
        let reply = try sandbox.run(["reply", String(ComposeIDs.welcomeThread), "--body-file", body, "--no-edit"])
        #expect(reply.status == 0, "\(reply.errorOutput)")
        #expect(try sandbox.run(["queue", reply.draftID]).status == 0)
        sandbox.stop()

        let port = "127.0.0.1:\(sandbox.port)"
        let commands: [(arguments: [String], stdin: String)] = [
            (["inbox"], ""), (["inbox", "show", String(ComposeIDs.inboxMessage)], ""), (["whoami"], ""),
            (["login", "--password-stdin"], "sandbox\n"), (["smilies", "--refresh"], ""), (["icons", "3"], ""),
            (["preview", reply.draftID, "--remote"], ""), (["send"], ""),
        ]
        for (arguments, stdin) in commands {
            let result = try sandbox.run(arguments, stdin: stdin)
            let said = result.errorOutput + result.output
            #expect(result.status != 0, "\(arguments)")
            #expect(said.contains("cannot connect to \(port) ("), "\(arguments): \(said)")
            #expect(said.contains("Couldn't connect to server); if it is the sandbox, \(Self.startIt)"), "\(arguments): \(said)")
            #expect(!said.contains("try again later"), "\(arguments): waiting would not start it: \(said)")
        }
        let inbox = try sandbox.run(["inbox"])
        #expect(inbox.status == 69)
        #expect(inbox.errorOutput.hasPrefix("missive: cannot connect to \(port) (") && inbox.errorOutput.hasSuffix("; if it is the sandbox, \(Self.startIt)\n"),
                "one line, ending with what to do: \(inbox.errorOutput)")
        #expect(inbox.errorOutput.split(separator: "\n").count == 1)
    }

    @Test func aPortHeldByAnotherProgramIsNotTakenForASandbox() throws {
        let listener = try SilentListener()
        let result = try runMissive(["sandbox", "--port", String(listener.port), "--images-port", "0", "--temp"])
        #expect(result.status == 75)
        #expect(result.errorOutput.contains("port \(listener.port) on 127.0.0.1 is in use by another program; "
            + "choose another with --port N"), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("already running"))
        withExtendedLifetime(listener) {}
    }

    @Test func missiveTesterHasAMessageFromZoeToAnswer() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let list = try sandbox.run(["inbox", "--json"])
        #expect(list.status == 0, "\(list.errorOutput)")
        let messages = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        let message = try #require(messages.first { $0["correspondent"] as? String == "Zoë" }, "\(list.output)")
        #expect(message["id"] as? Int == 9_000_003, "the id the help gives for a new sandbox")

        let shown = try sandbox.run(["inbox", "show", "9000003"])
        #expect(shown.output.hasPrefix("From: Zoë\n"), "\(shown.output)")
        #expect(shown.output.contains("missive pm Zoë --reply-to 9000003"))

        // The README's flow: answer it, quoting it.
        let answer = try sandbox.run(["pm", "Zoë", "--reply-to", "9000003"], editor: try sandbox.appendingEditor("Thanks, Zoë!"))
        #expect(answer.status == 0, "\(answer.errorOutput)")
        let draft = try sandbox.draft(answer.draftID)
        #expect(draft["reply_to"] as? Int == 9_000_003)
        #expect((draft["body"] as? String)?.contains("Thanks, Zoë!") == true)
        #expect(draft["subject"] as? String == "Re: Welcome, Missive Tester")
    }

    @Test func bothCommandsShowOneHelpThatListsTheSeededData() async throws {
        let command = try runMissive(["sandbox", "--help"], environment: ["COLUMNS": "80"])
        let program = try runMissive(["--help"], environment: ["COLUMNS": "80"], binary: "missive-sandbox")
        #expect(command.status == 0 && program.status == 0)
        // The same text but for the command's name, and the --version every missive command has.
        let ownLines = command.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  --version ") }
        #expect(ownLines.joined(separator: "\n") == program.output.replacingOccurrences(of: "missive-sandbox [", with: "missive sandbox ["),
                "one declaration, one text")
        let usage = try #require(command.output.split(separator: "\n").first { $0.hasPrefix("USAGE:") })
        #expect(usage == "USAGE: missive sandbox [--port <port>] [--data <dir> | --temp] [<options>]")
        #expect(command.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "nothing for a terminal to break mid-word")

        // Every seeded account, and the forums and threads the README names, from the forum itself.
        let sandbox = try SandboxProcess()
        let (body, _) = try await URLSession.shared.data(from: try #require(URL(string: sandbox.baseURL + "_sandbox/state.json")))
        let state = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let users = try #require(state["users"] as? [[String: Any]]).compactMap { $0["username"] as? String ?? $0["name"] as? String }
        #expect(users.count >= 6)
        for user in users { #expect(command.output.contains("\n  \(user) "), "\(user)") }
        for text in ["3500001 (welcome", "500000001", "3 Ask / Tell", "--faults", "/_sandbox/status.json", "9000003"] {
            #expect(command.output.contains(text), "\(text)")
        }
    }

    /// `missive sandbox &` shares the terminal with the editor: no line per request unless asked
    /// for with --verbose. The start lines stay, and say how to have the log.
    @Test(arguments: [false, true])
    func requestsAreLoggedOnlyWithVerbose(verbose: Bool) throws {
        let work = try makeTemporaryDirectory("sandbox-quiet")
        defer { try? FileManager.default.removeItem(at: work) }
        let missive = BuiltBinary.url("missive").path
        let script = """
            '\(missive)' sandbox --port 0 --images-port 0 --temp \(verbose ? "--verbose" : "") >'\(work.path)/out' 2>'\(work.path)/err' &
            pid=$!
            for _ in $(seq 200); do grep -q '^Sandbox forum at' '\(work.path)/out' && break; sleep 0.05; done
            base=$(sed -n 's/^Sandbox forum at \\(http[^ ]*\\).*/\\1/p' '\(work.path)/out')
            curl -s -o /dev/null "${base}forumdisplay.php?forumid=1"
            kill -INT $pid; wait $pid
            """
        let run = try runProgram(["bash", "-c", script], environment: childEnvironment(["MISSIVE_HOME": work.path]))
        #expect(run.status == 0, "\(run.output)")
        let out = try String(contentsOf: work.appendingPathComponent("out"), encoding: .utf8)
        let err = try String(contentsOf: work.appendingPathComponent("err"), encoding: .utf8)
        #expect(out.contains("Stop with Ctrl-C."), "\(out)")
        #expect(err.contains("GET /forumdisplay") == verbose, "\(err)")
        #expect(out.contains("--verbose logs each on standard error") == !verbose, "\(out)")
    }

    @Test func ctrlCSaysTheSandboxStoppedAndWhereItsDataIs() throws {
        let data = try makeTemporaryDirectory("sandbox-ctrl-c")
        defer { try? FileManager.default.removeItem(at: data) }
        let missive = BuiltBinary.url("missive").path
        for (arguments, farewell) in [(["--data", data.path], "sandbox stopped; its data is in \(data.path)"),
                                      (["--temp"], "sandbox stopped; its data was temporary and is gone")] {
            // Ctrl-C goes to the whole foreground group: the shell around the sandbox traps it (a trap,
            // unlike an ignored signal, is not inherited), so that it lives to print "[exit N]".
            let line = "true; trap : INT; env MISSIVE_HOME=\(TmuxTerminal.quote(data.path)) "
                + ([missive, "sandbox", "--port", "0", "--images-port", "0"] + arguments).map(TmuxTerminal.quote).joined(separator: " ")
            let terminal = try TmuxTerminal(command: line, environment: [:], term: "xterm-256color")
            #expect(waitUntil(seconds: 20) { (try? terminal.capture())?.contains("Stop with Ctrl-C.") == true },
                    "\((try? terminal.capture()) ?? "")")
            try terminal.tmux(["send-keys", "-t", terminal.session, "C-c"])
            let screen = try terminal.waitForExit()
            #expect(screen.contains("\n\(farewell)\n"), "\(screen)")
            #expect(screen.contains("[exit 0]"), "\(screen)")
        }
    }
}
