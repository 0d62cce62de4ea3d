import Foundation

/// A child program for the tests, spawned and reaped here instead of by Foundation's `Process`.
///
/// Why: on Linux, `Process` learns of an exit on one shared thread, which does a blocking
/// `waitpid` once a socket the child inherited is closed. A child that closes its descriptors and
/// runs on (sshd does at start) parks that thread until it ends, and no other child's exit is
/// seen meanwhile; a reaper that ran first (as `runProgram` had to) leaves it a pid that the
/// kernel hands out again (pid_max is 32,768 here, and a run starts thousands of programs), so it
/// waited on somebody else's child and took its status. Either can hold a test for good, and one
/// of them most likely held CI until its 90 minutes ran out (ChildProcessTests shows the first).
/// Here every child is reaped by whoever asks about it, with `WNOHANG`, so nothing waits on a
/// thread it does not own.
///
/// The same surface as `Process` where the tests use it: set the fields, `run()`, then
/// `isRunning`, `waitUntilExit()`, `terminationStatus`. A standard stream is a `Pipe`, a
/// `FileHandle`, or nil for /dev/null; unset, it is this process's own.
public final class ChildProcess: @unchecked Sendable {
    public var executableURL: URL?
    public var arguments: [String]?
    public var environment: [String: String]?
    public var currentDirectoryURL: URL?
    public var standardInput: Any? = FileHandle.standardInput
    public var standardOutput: Any? = FileHandle.standardOutput
    public var standardError: Any? = FileHandle.standardError
    /// The test threads block SIGTERM, SIGHUP and others, and a child keeps the mask of the thread
    /// that started it, as `Process`'s children do (platform-notes.md); this clears it.
    public var unblocksSignals = false

    public private(set) var processIdentifier: pid_t = 0
    private let lock = NSLock()
    private var waitStatus: Int32?

    public init() {}

    /// A child still running after this long in `waitUntilExit()` is killed and the test fails
    /// there, rather than the whole run waiting for it.
    public static let longestWait: TimeInterval = 600

    public enum TerminationReason { case exit, uncaughtSignal }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    public func run() throws {
        guard let executableURL else { throw SpawnError(description: "no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, as `Process` gives it: a signal to the tests' group does not reach it.
        var flags = Int32(POSIX_SPAWN_SETPGROUP)
        if unblocksSignals {
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            flags |= Int32(POSIX_SPAWN_SETSIGMASK)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        for (stream, target) in [(standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            switch stream {
            case let pipe as Pipe:
                let end = target == STDIN_FILENO ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target)
            case let handle as FileHandle where handle.fileDescriptor == target:
                break  // this process's own, inherited as it is
            case let handle as FileHandle:
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            default:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            }
        }
        // Nothing else this process has open goes with it: another test's pipe held by this child
        // would keep that test's reader waiting for an end of file until this child exits.
        guard Self.addCloseFrom(&actions, 3) == 0 else { throw SpawnError(description: "posix_spawn_file_actions_addclosefrom_np failed") }
        if let directory = currentDirectoryURL {
            guard Self.addChdir(&actions, directory.path) == 0 else { throw SpawnError(description: "cannot change into \(directory.path)") }
        }

        let path = executableURL.path
        let argv = ([path] + (arguments ?? [])).map { strdup($0) } + [nil]
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError(description: "cannot run \(path): \(String(cString: strerror(status)))") }
        processIdentifier = pid

        // The child's ends are the child's now: a reader sees end of file when the child is done.
        for (stream, isInput) in [(standardInput, true), (standardOutput, false), (standardError, false)] {
            guard let pipe = stream as? Pipe else { continue }
            try? (isInput ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
        }
    }

    /// Reaps the child if it has exited; never blocks.
    private func poll() -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let waitStatus { return waitStatus }
        guard processIdentifier > 0 else { return nil }
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(processIdentifier, &status, WNOHANG) } while reaped == -1 && errno == EINTR
        guard reaped == processIdentifier else { return nil }
        waitStatus = status
        return status
    }

    public var isRunning: Bool { processIdentifier > 0 && poll() == nil }

    /// Waits for the exit, polling so that no thread sits in `waitpid`; at `longestWait` the child
    /// is killed and the wait ends with that.
    public func waitUntilExit() {
        let deadline = Date().addingTimeInterval(Self.longestWait)
        var pause: useconds_t = 500
        var killed = false
        while poll() == nil {
            if !killed, Date() > deadline {
                FileHandle.standardError.write(Data("ChildProcess: \(executableURL?.lastPathComponent ?? "?") \(arguments ?? []) still ran after \(Int(Self.longestWait)) s; killed\n".utf8))
                kill(processIdentifier, SIGKILL)
                killed = true
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    public var terminationStatus: Int32 {
        guard let status = poll() else { return -1 }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    public var terminationReason: TerminationReason {
        guard let status = poll() else { return .exit }
        return status & 0x7f == 0 ? .exit : .uncaughtSignal
    }

    public func terminate() { kill(processIdentifier, SIGTERM) }
    public func interrupt() { kill(processIdentifier, SIGINT) }

    // glibc has both (2.29 and 2.34); Swift's Glibc module does not show them.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32 {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return -1 }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)(actions, lowest)
    }

    private static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return -1 }
        return path.withCString { unsafeBitCast(symbol, to: AddChdir.self)(actions, $0) }
    }
}
