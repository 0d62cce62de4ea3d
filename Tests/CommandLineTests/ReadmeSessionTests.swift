import Foundation
import Testing

/// The README is a test (issue 26): every command line in its fenced blocks is run, in the
/// README's order, against one fresh sandbox, with an editor that types a line into the body, and
/// must exit as the README says. A line that cannot run here is listed with the reason.
extension ReadmeExamplesTests {
    /// What the test does with a README line.
    enum Step {
        /// Run by /bin/sh as written (after `POST` is replaced by the post `send` printed), and
        /// expected to exit with this status and, when given, to say what the README's comment
        /// promises.
        case run(Int32, says: String? = nil)
        /// A line naming several subcommands (`drafts list | show | edit ...`): each is run, in
        /// order, with the arguments given here, and must exit 0.
        case each([String])
        /// `missive login` asks for the password on a terminal: typed there (tmux).
        case typePassword
        /// `send --watch` stays up until Ctrl-C: started, its first line awaited, then SIGINT,
        /// which it answers with 130 as a shell reports a program the signal ended.
        case watchThenInterrupt
        case skip(String)
    }

    /// Every command line of README.md's fenced blocks, in order, and what is done with it. The
    /// test fails when the README's lines and these differ, so a new line gets a step.
    static let plan: [(line: String, step: Step)] = [
        ("make demo", .skip("make: builds and runs the demo; the demo has DemoTests")),
        ("make test", .skip("make: runs every test, this one included")),
        ("make install", .skip("make: installs into /usr/local; InstallTests covers it")),
        ("make install PREFIX=/usr DESTDIR=/tmp/pkg", .skip("make: a staged install; InstallTests covers it")),
        ("make uninstall", .skip("make: InstallTests covers it")),
        ("missive init", .run(0)),
        ("missive sandbox &", .skip("the test's sandbox (SandboxProcess) is this one, on a free port; the default profile points at it")),
        ("missive login", .typePassword),
        ("missive reply 3500001", .run(0, says: "created draft 1")),
        ("missive reply 3500001 --quote 500000001", .run(0)),
        ("missive pm Zoë --reply-to 9000003", .run(0)),
        ("missive pm Zoë --subject \"hi\"", .run(0)),
        ("missive thread 3 --subject \"I made a forum client\" --tag AMA", .run(0)),
        ("missive icons 3", .run(0, says: "ama")),
        ("missive new --template thanks --var name=Zoë", .run(0)),
        ("missive drafts list | show | edit | search | history | diff | restore | rm | export | import",
         .each(["list", "show 1", "edit 1", "search README", "history 1", "diff 1", "restore 1 1", "rm 4",
                "export --to exported", "import exported"])),
        ("missive drafts search flood --all", .run(0)),
        ("missive preview 1 --theme yospos", .run(0)),
        ("missive queue 1 --at \"tomorrow 09:00\"", .run(0, says: "to be sent at")),
        ("missive send", .run(0)),
        ("missive send --watch", .watchThenInterrupt),
        ("missive reply 3500001 --send", .run(0, says: "sent: post")),
        ("missive edit-post POST", .run(0, says: "revision 1 is the post")),
        ("missive queue list | show | cancel | hold | release | reschedule | retry",
         .each(["list", "show 1", "hold 1", "release 1", "reschedule 1 --at +3h", "cancel 1", "retry 1"])),
        ("missive undo", .run(0, says: "undid")),
        ("missive doctor", .run(0, says: "integrity: ok")),
        ("missive convert post.md --dialect phpbb", .run(0, says: "[b]bold[/b]")),
        ("missive render post.bbcode --to text", .run(0, says: "bold and italic")),
        ("missive profiles add misago --engine misago --base-url \"$(scripts/engine.sh start)\" --username MissiveMember",
         .skip("needs the Misago engine (`make engine`); MisagoEndToEndTests run these")),
        ("echo missive-engine-pw | missive login --profile misago --password-stdin", .skip("needs the Misago engine")),
        ("missive thread 3 --profile misago --subject \"Hello from Missive\" --queue && missive send", .skip("needs the Misago engine")),
        ("missive remotes add box me@box.example", .skip("needs a box behind ssh; RemoteHandoffTests run these over a real sshd")),
        ("missive queue 12 --via box --at \"tomorrow 09:00\"", .skip("needs a box behind ssh (RemoteHandoffTests)")),
        ("missive queue list --refresh", .skip("needs a box behind ssh (RemoteHandoffTests)")),
        ("missive status", .run(0, says: "Bookmarked threads with new posts")),
        ("missive bookmarks add 3500003", .run(0, says: "Bookmarked thread 3500003.")),
        ("missive bookmarks --json", .run(0, says: "\"unread\"")),
        ("missive read 3500003 --new", .run(0, says: "A long thread (two pages)")),
        ("missive ignore add Zoë", .run(0, says: "Zoë")),
    ]

    /// The command lines of README.md's fenced blocks, comments taken off: those starting with
    /// `missive`, `$ missive` or `make`, and shell lines that pipe into missive.
    static func commandLines() throws -> [String] {
        let readme = try String(contentsOf: BuiltBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inFence = false
        var lines: [String] = []
        for raw in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if raw.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard inFence else { continue }
            var line = raw.hasPrefix("$ ") ? raw.dropFirst(2) : raw[...]
            // A comment is "  # ..." after the command; `#` inside a word (a URL's) is not one.
            if let comment = line.range(of: " #") { line = line[..<comment.lowerBound] }
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.hasPrefix("missive ") || command == "missive" || command.hasPrefix("make ") || command.contains("| missive ") {
                lines.append(command)
            }
        }
        return lines
    }

    @Test func everyCommandLineOfTheReadmeRunsInOrderOnAFreshSandbox() async throws {
        let lines = try Self.commandLines()
        #expect(lines == Self.plan.map(\.line), "README.md's command lines and this test's plan differ")
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let scratch = sandbox.home.appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // The files the README's converter lines name, as a user would have them.
        try Data("Some **bold** text and a [link](https://example.com).\n".utf8).write(to: scratch.appendingPathComponent("post.md"))
        try Data("[b]bold[/b] and [i]italic[/i]\n".utf8).write(to: scratch.appendingPathComponent("post.bbcode"))
        let editor = sandbox.home.appendingPathComponent("type-a-line.sh")
        try Data("""
            #!/bin/sh
            # Types one line at the top of the body, as a person would, and saves.
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            lines = open(path, encoding="utf-8").read().split("\\n")
            closing = [i for i, l in enumerate(lines) if l == "---"][1]
            lines.insert(closing + 1, "Typed by the README test.")
            open(path, "w", encoding="utf-8").write("\\n".join(lines))
            PY
            """.utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let environment = sandbox.environment.merging([
            "MISSIVE_EDITOR": editor.path,
            "PATH": BuiltBinary.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]) { _, new in new }

        func shell(_ command: String) throws -> (status: Int32, output: String) {
            try runProgram(["sh", "-c", command], environment: childEnvironment(environment), directory: scratch)
        }
        var post: String?
        var ran = 0, skipped: [String] = []
        for (line, step) in Self.plan {
            switch step {
            case let .skip(reason):
                skipped.append("\(line): \(reason)")
            case let .run(status, says):
                let command = post.map { line.replacingOccurrences(of: "POST", with: $0) } ?? line
                #expect(!command.contains("POST"), "no post was sent before: \(line)")
                let result = try shell(command)
                #expect(result.status == status, "\(command) exited \(result.status), not \(status):\n\(result.output)")
                if let says { #expect(result.output.contains(says), "\(command) did not say \"\(says)\":\n\(result.output)") }
                if line.hasSuffix("--send"), let id = result.output.firstMatch(of: /post (\d+)/)?.1 { post = String(id) }
                ran += 1
            case let .each(arguments):
                let words = line.split(separator: " ")
                for argument in arguments {
                    let command = "\(words[0]) \(words[1]) \(argument)"
                    let result = try shell(command)
                    #expect(result.status == 0, "\(command) (from \(line)) exited \(result.status):\n\(result.output)")
                    ran += 1
                }
            case .typePassword:
                let terminal = try TmuxTerminal(command: BuiltBinary.url("missive").path + " login", environment: sandbox.environment,
                                                term: "xterm")
                let deadline = Date().addingTimeInterval(20)
                while try !terminal.capture().contains("Password for") {
                    guard Date() < deadline else { Issue.record("no prompt: \(try terminal.capture())"); break }
                    usleep(50_000)
                }
                try terminal.tmux(["send-keys", "-t", terminal.session, "-l", "sandbox"])
                try terminal.tmux(["send-keys", "-t", terminal.session, "Enter"])
                let screen = try terminal.waitForExit(seconds: 30)
                #expect(screen.contains("[exit 0]"), "\(line):\n\(screen)")
                ran += 1
            case .watchThenInterrupt:
                let log = sandbox.home.appendingPathComponent("watch.log")
                let watcher = try Launched(["send", "--watch"], environment: environment, log: log)
                #expect(await eventually(within: 20) { !watcher.output.isEmpty }, "\(line) said nothing")
                watcher.signal(SIGINT)
                #expect(await watcher.exitStatus(within: 20) == 130, "\(line):\n\(watcher.output)")
                ran += 1
            }
        }
        #expect(post != nil, "`reply --send` printed the post it made")
        // 27 lines run as written or expanded into 42 commands; 12 skipped, each with its reason.
        #expect(ran == 42 && skipped.count == 12, "ran \(ran), skipped:\n\(skipped.joined(separator: "\n"))")
    }
}
