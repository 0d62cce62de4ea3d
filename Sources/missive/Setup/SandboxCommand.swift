import ArgumentParser
import Common
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `missive sandbox`: starts the practice forum. The forum is its own program, `missive-sandbox`,
/// installed next to `missive`; this command replaces itself with it, so Ctrl-C and the exit
/// status belong to the sandbox.
struct SandboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run a local practice forum (Something Awful's pages and forms) on 127.0.0.1.",
        discussion: """
            Try Missive without an account: the sandbox seeds users (the sandbox profile's \
            "Missive Tester", password "sandbox"), forums and threads, and keeps them in SQLite: in Missive's state \
            directory ($XDG_STATE_HOME/missive/sandbox) unless --data names another or --temp asks for a throwaway \
            one, so a restart keeps posts and accounts. Open the address it prints in a browser to read what you posted. \
            An Imgur-compatible image host answers on a port of its own (--images-port, by default the forum's + 1); \
            --json prints both addresses as JSON (forum_url, images_url).

            --faults SPEC is a comma-separated list of NAME=RATE (RATE from 0 to 1, the chance per \
            posting request; the rates add up to at most 1; --seed makes a run repeatable). \
            NAME is one of drop, 500, 500stored, slow (slow=0.1:3s sets the delay), late, dberror, \
            truncate, empty, noform, nothtml, loop, cloudflare, closedredirect, phantom; on=all also strikes pages and the login. \
            `missive-sandbox --help` says what each fault does and lists the seeded accounts.
            """
    )

    @Option(help: ArgumentHelp("The port on 127.0.0.1; 0 picks a free one (default \(Config.sandboxPort), the sandbox profile's).",
                               valueName: "port"))
    var port: UInt16?

    @Option(help: ArgumentHelp("The image host's port (Imgur's API); default the forum's port + 1, 0 picks a free one.",
                               valueName: "port"))
    var imagesPort: UInt16?

    @Flag(help: "Print where the sandbox answers as one JSON object (forum_url, images_url, data_directory, pid).")
    var json = false

    @Option(help: ArgumentHelp("Keep the forum's data in this directory (default: sandbox/ in Missive's state directory, kept across restarts).",
                               valueName: "dir"))
    var data: String?

    @Flag(help: "A throwaway forum: its data goes in a temporary directory, removed when it stops.")
    var temp = false

    @Option(help: ArgumentHelp("Seconds between posts per user; 0 turns flood control off (default 30).", valueName: "seconds"))
    var flood: Int?

    @Option(help: ArgumentHelp("Faults to inject at seeded rates, e.g. drop=0.1,dberror=0.05.", valueName: "spec"))
    var faults: String?

    @Option(help: "Seed for the fault dice.")
    var seed: UInt64?

    @Option(help: ArgumentHelp("The theme the pages wear (default \"default\"; ?theme=NAME on a page shows another).",
                               valueName: "name"))
    var theme: String?

    func validate() throws {
        if temp, data != nil { throw ValidationError("--temp and --data exclude each other: a throwaway forum, or one kept in a directory.") }
        if let flood, flood < 0 { throw ValidationError("--flood must be 0 or more seconds.") }
        if let faults, faults.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--faults needs a spec such as drop=0.1,500=0.05.")
        }
    }

    /// The arguments handed to `missive-sandbox`, exactly the options given.
    var passedArguments: [String] {
        var arguments: [String] = []
        if let port { arguments += ["--port", String(port)] }
        if let imagesPort { arguments += ["--images-port", String(imagesPort)] }
        if json { arguments.append("--json") }
        if let data { arguments += ["--data", data] }
        if temp { arguments.append("--temp") }
        if let flood { arguments += ["--flood", String(flood)] }
        if let faults { arguments += ["--faults", faults] }
        if let seed { arguments += ["--seed", String(seed)] }
        if let theme { arguments += ["--theme", theme] }
        return arguments
    }

    struct NotInstalled: MissiveError {
        var path: String
        var status: ExitStatus { .unavailable }
        var description: String {
            "the sandbox program is missing: expected \(path) next to missive (build it with `swift build` or reinstall)"
        }
    }

    func run() throws {
        let program = Self.sandboxExecutable()
        guard FileManager.default.isExecutableFile(atPath: program) else { throw NotInstalled(path: program) }
        let argv = [program] + passedArguments
        let cArguments = argv.map { strdup($0) } + [nil]
        // The signal mask survives exec: clear it so that Ctrl-C and SIGTERM reach the sandbox
        // even when missive was started with signals blocked (as Foundation's Process does).
        var nothingBlocked = sigset_t()
        sigemptyset(&nothingBlocked)
        pthread_sigmask(SIG_SETMASK, &nothingBlocked, nil)
        execv(program, cArguments)
        // execv returns only when it failed.
        throw NotInstalled(path: program)
    }

    /// `missive-sandbox` in the directory of the running `missive` (symlinks resolved).
    static func sandboxExecutable() -> String {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let executable = own.path == "/proc/self/exe"
            ? (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
            : own
        return executable.deletingLastPathComponent().appendingPathComponent("missive-sandbox").path
    }
}
