import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a program with `posix_spawn`, every signal unblocked: Foundation's Process leaves a
/// child started off the main thread with SIGINT, SIGTERM and others blocked, and puts it in a
/// process group of its own (platform-notes.md), which a pager on the terminal cannot have.
enum ChildProcess {
    enum Input {
        case inherit
        case null
        /// The read end of a pipe; the write end is closed in the child.
        case pipe(read: Int32, write: Int32)
    }

    struct Options {
        var input: Input = .inherit
        /// Its standard output goes where ours errors go (keeps `--json` on stdout clean).
        var outputToErrors = false
        /// A process group of its own, so that killing the group ends its children too.
        var ownGroup = false
        /// Signals set back to their default action in the child.
        var defaultSignals: [Int32] = []
    }

    /// The child's pid, or the error number posix_spawn gave.
    static func spawn(_ arguments: [String], environment: [String: String], options: Options) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch options.input {
        case .inherit: break
        case .null: posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        case let .pipe(read, write):
            posix_spawn_file_actions_adddup2(&actions, read, STDIN_FILENO)
            posix_spawn_file_actions_addclose(&actions, write)
        }
        if options.outputToErrors { posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in options.defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if options.ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let started = posix_spawn(&child, arguments.first ?? "/bin/sh", &actions, &attributes, argv, envp)
        return started == 0 ? .success(child) : .failure(SpawnError(code: started))
    }
}

struct SpawnError: Error {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
}
