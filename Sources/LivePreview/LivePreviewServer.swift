import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A page that follows a file: served on 127.0.0.1 only, at an address with a secret token, and
/// redrawn in the open browser each time a watched file changes.
///
/// The HTTP server is a program of its own, `missive-live` (see `LiveServer`): its server library
/// brings libcurl and some thirty libraries with it, which every start of `missive` would load
/// otherwise. This side watches and draws; each new page goes to the server over its standard
/// input, and the address comes back on its standard output. The server ends when that input
/// closes, so it never outlives missive, not even one killed with SIGKILL.
///
/// It knows nothing of posts: `render` gives the whole HTML page (or a page saying what is wrong)
/// and is called once at the start and again after each change.
public final class LivePreviewServer: Sendable {
    /// `http://127.0.0.1:PORT/?token=HEX`: the one address that answers.
    public let address: URL
    public let port: UInt16

    private let server: LiveServerProcess
    private let watch: DirectoryWatch
    private let redrawing: Task<Void, Never>

    /// How long a burst of events (a save is several) settles before the page is drawn again.
    static let settle = Duration.milliseconds(15)

    private init(address: URL, port: UInt16, server: LiveServerProcess, watch: DirectoryWatch, redrawing: Task<Void, Never>) {
        self.address = address
        self.port = port
        self.server = server
        self.watch = watch
        self.redrawing = redrawing
    }

    /// Starts `program` (`missive-live`) listening on 127.0.0.1:`port` (0: a free one), and watches.
    public static func start(program: URL, port wanted: UInt16 = 0, watching target: WatchTarget,
                             render: @escaping @Sendable () async -> String) async throws(LivePreviewError) -> LivePreviewServer {
        let first = await render()
        let (changes, notice) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watch = try DirectoryWatch(target) { notice.yield() }
        let started: (LiveServerProcess, URL, UInt16)
        do {
            started = try await LiveServerProcess.launch(program: program, port: wanted, firstPage: first)
        } catch {
            watch.stop()
            throw error
        }
        let (server, address, port) = started
        let redrawing = Task {
            for await _ in changes {
                try? await Task.sleep(for: settle)
                server.send(await render())
            }
        }
        return LivePreviewServer(address: address, port: port, server: server, watch: watch, redrawing: redrawing)
    }

    /// Ends the watch and the server (browsers' event streams end with it).
    public func stop() async {
        watch.stop()
        redrawing.cancel()
        await server.stop()
    }
}

/// `missive-live` as a child: its pid, the socket its standard input reads, and how it is started
/// and ended.
final class LiveServerProcess: Sendable {
    /// What `missive-live` exits with when the port asked for is taken (sysexits' EX_TEMPFAIL).
    static let portInUseStatus: Int32 = 75

    private let pid: pid_t
    /// Our end of the socket pair that is the server's standard input; -1 once closed. A socket
    /// rather than a pipe, so that a write to a server that died fails (MSG_NOSIGNAL) instead of
    /// raising SIGPIPE in missive.
    private let input: Mutex<Int32>

    private init(pid: pid_t, input: Int32) {
        self.pid = pid
        self.input = Mutex(input)
    }

    static func launch(program: URL, port: UInt16, firstPage: String) async throws(LivePreviewError)
        -> (LiveServerProcess, URL, UInt16) {
        var pair: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .cannotListen(port: port, reason: "cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, both: a child that held our end of its own input would never see it end.
        guard pipe(&output) == 0, fcntl(output[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(output[1], F_SETFD, FD_CLOEXEC) == 0 else {
            close(pair[0]); close(pair[1])
            throw .cannotListen(port: port, reason: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        let spawned = spawn(program, arguments: ["--port", String(port)], input: pair[1], output: output[1])
        close(pair[1]); close(output[1])
        guard case .success(let pid) = spawned else {
            close(pair[0]); close(output[0])
            if case .failure(let reason) = spawned { throw .cannotListen(port: port, reason: reason) }
            throw .cannotListen(port: port, reason: "the server did not start")
        }
        let server = LiveServerProcess(pid: pid, input: pair[0])
        server.send(firstPage)
        // The first line is the address, or `error: REASON` before the server exits.
        let line = await Self.firstLine(of: output[0])
        close(output[0])
        if let address = URL(string: line), address.scheme == "http", let port = address.port, line.hasPrefix("http://127.0.0.1:") {
            return (server, address, UInt16(port))
        }
        let status = await server.stop()
        if status == portInUseStatus { throw .portInUse(port) }
        let reason = line.hasPrefix("error: ") ? String(line.dropFirst(7)) : "\(program.lastPathComponent) ended without an address"
        throw .cannotListen(port: port, reason: reason)
    }

    /// Hands the server a new page; a server that has gone is not missive's failure (the next
    /// `stop` reaps it).
    func send(_ page: String) {
        input.withLock { descriptor in
            guard descriptor >= 0 else { return }
            let bytes = PageFrames.encode(page)
            var sent = 0
            while sent < bytes.count {
                let wrote = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { return }
                sent += wrote
            }
        }
    }

    /// Closes the server's input, which ends it; after two seconds, SIGKILL. Its exit status.
    @discardableResult
    func stop() async -> Int32? {
        input.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
        var status: Int32 = 0
        for _ in 0..<200 {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return Self.exitCode(status) }
            if reaped < 0 { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }

    private static func exitCode(_ status: Int32) -> Int32? {
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    private enum Spawned {
        case success(pid_t)
        case failure(String)
    }

    /// posix_spawn with `input` and `output` as the child's standard input and output, standard
    /// error on /dev/null (it must never write over the editor), no signal blocked (missive may
    /// run with some blocked), and a process group of its own, so that Ctrl-C pressed in the
    /// editor does not end the preview.
    private static func spawn(_ program: URL, arguments: [String], input: Int32, output: Int32) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var nothingBlocked = sigset_t()
        sigemptyset(&nothingBlocked)
        posix_spawnattr_setsigmask(&attributes, &nothingBlocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([program.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program.path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            return .failure("cannot start \(program.path): \(String(cString: strerror(result)))")
        }
        return .success(pid)
    }

    /// The first line the server writes, read on a thread of its own (the read blocks), or what
    /// came before its output ended; at most ten seconds.
    private static func firstLine(of descriptor: Int32) async -> String {
        await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            let reader = Thread {
                var bytes: [UInt8] = []
                var byte: UInt8 = 0
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while bytes.count < 4_096, poll(&waiting, 1, 10_000) > 0, read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
                    bytes.append(byte)
                }
                done.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
            reader.name = "missive live preview start"
            reader.start()
        }
    }
}
