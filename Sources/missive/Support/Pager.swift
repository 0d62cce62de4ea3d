import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Long text for a person: through `$PAGER` (`less -R` when it is unset) when standard output is
/// a terminal, written straight out otherwise (piped, redirected, a test). The pager is started
/// by `ChildProcess`, so that it stays in the terminal's foreground group with no blocked
/// signals, reading the text on its stdin.
enum Pager {
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard isatty(STDOUT_FILENO) == 1, environment["TERM"] != "dumb" else { return Console.write(text) }
        let command = environment["PAGER"].map { $0.trimmingCharacters(in: .whitespaces) } ?? "less -R"
        // An empty PAGER (or `cat`) means no pager, as git reads it.
        guard !command.isEmpty, command != "cat" else { return Console.write(text) }
        if !page(text, through: command, environment: environment) { Console.write(text) }
    }

    /// Runs `sh -c COMMAND` with the text on its stdin; false when it could not be started.
    private static func page(_ text: String, through command: String, environment: [String: String]) -> Bool {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        let spawned = ChildProcess.spawn(["/bin/sh", "-c", command], environment: pagerEnvironment, options: ChildProcess.Options(
            input: .pipe(read: pipeEnds[0], write: pipeEnds[1]), defaultSignals: [SIGINT, SIGPIPE, SIGQUIT, SIGTSTP]))
        close(pipeEnds[0])
        guard case let .success(child) = spawned else {
            close(pipeEnds[1])
            return false
        }
        // The reader may quit the pager before reading everything: that is no error. Ctrl-C is
        // the pager's to handle while it runs.
        let oldPipe = signal(SIGPIPE, SIG_IGN)
        let oldInterrupt = signal(SIGINT, SIG_IGN)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                break
            }
            offset += written
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        signal(SIGPIPE, oldPipe)
        signal(SIGINT, oldInterrupt)
        return true
    }
}
