import ArgumentParser
import Common
import Foundation
import SandboxOptions
#if canImport(Glibc)
import Glibc
#endif

/// `missive sandbox`: starts the practice forum. The forum is its own program, `missive-sandbox`,
/// installed next to `missive`; this command replaces itself with it, so Ctrl-C and the exit
/// status belong to the sandbox.
struct SandboxCommand: ParsableCommand {
    static let configuration = SandboxHelp.configuration(commandName: "sandbox", invokedAs: "missive sandbox")

    /// The same declaration as `missive-sandbox`'s, so the two cannot drift apart.
    @OptionGroup var options: SandboxOptions

    struct NotInstalled: MissiveError {
        var path: String
        var status: ExitStatus { .unavailable }
        var description: String {
            "the sandbox program is missing: expected \(path) next to missive (build it with `swift build` or reinstall)"
        }
    }

    func run() throws {
        let program = SiblingProgram.url("missive-sandbox").path
        guard FileManager.default.isExecutableFile(atPath: program) else { throw NotInstalled(path: program) }
        let argv = [program] + options.arguments
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
}
