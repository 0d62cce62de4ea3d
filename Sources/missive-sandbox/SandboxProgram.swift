import ArgumentParser
import Common
import Foundation
import Markup
import Sandbox
import SandboxOptions

/// The practice forum as a program of its own; `missive sandbox` starts it with the same arguments.
@main
struct SandboxProgram: AsyncParsableCommand {
    static let configuration = SandboxHelp.configuration(commandName: "missive-sandbox", invokedAs: "missive-sandbox")

    /// The same declaration as `missive sandbox`'s, which hands them on as they were given.
    @OptionGroup var options: SandboxOptions

    /// Checks what only the sandbox can read (the options' own `validate()` runs first).
    func validate() throws {
        if let theme = options.theme, theme.isEmpty { throw ValidationError("--theme needs a theme's name.") }
        if let faults = options.faults {
            do { _ = try FaultPlan.parse(faults) } catch let error as FaultPlan.SpecError {
                throw ValidationError(error.description)
            }
        }
    }

    func run() async throws {
        let plan = try options.faults.map(FaultPlan.parse) ?? FaultPlan()
        let port = options.forumPort
        let theme = options.theme ?? ThemeFactory.rootTheme
        let log: (@Sendable (String) -> Void)?
        if options.verbose {
            log = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
        } else {
            log = nil
        }
        let server: SandboxServer
        do {
            let configuration = SandboxConfiguration(
                port: port, imagesPort: options.imagesPort ?? SandboxImageAPI.defaultPort(forForumPort: port),
                dataDirectory: options.dataDirectory, floodInterval: options.floodInterval, faults: plan, seed: options.diceSeed,
                log: log,
                themes: try SandboxThemes.bundled(defaultName: theme))
            server = try await SandboxServer.start(configuration)
        } catch let error as MissiveError {
            FileHandle.standardError.write(Data("missive-sandbox: \(error.description)\n".utf8))
            throw ExitCode(error.status.rawValue)
        }
        let status = SandboxStatus(forumURL: server.baseURL, imagesURL: server.imagesURL,
                                   dataDirectory: server.dataDirectory.path, pid: getpid())
        let statusFile = server.dataDirectory.appendingPathComponent(SandboxStatus.fileName)
        // For others to find while it runs; a failure to write it costs only that.
        try? PrivateFile.write(try status.encoded(), to: statusFile)
        if options.json {
            print(String(decoding: try status.encoded(), as: UTF8.self))
        } else {
            let kept = options.temp ? "temporary data in \(server.dataDirectory.path), removed on stop"
                : "data in \(server.dataDirectory.path), kept across restarts"
            print("Sandbox forum at \(server.baseURL.absoluteString) (\(kept))")
            print("Image host (Imgur API v3) at \(server.imagesURL.absoluteString)")
            print("Pages wear the \(theme) theme; add ?theme=NAME to an address for another.")
            print("Log in as \(Seed.Account.tester.username) (every password is \"\(Seed.Account.password)\"). Stop with Ctrl-C.")
            if !options.verbose { print("Requests are not logged; --verbose logs each on standard error.") }
        }
        fflush(nil)
        let signal = await Self.waitForTermination()
        try? FileManager.default.removeItem(at: statusFile)
        await server.stop()
        // Said on standard error, so that --json's standard output stays one object.
        let stopped = options.temp ? "sandbox stopped; its data was temporary and is gone"
            : "sandbox stopped; its data is in \(server.dataDirectory.path)"
        // Ctrl-C leaves "^C" on a terminal's line; the news goes on a line of its own.
        let newline = signal == SIGINT && isatty(STDERR_FILENO) == 1 ? "\n" : ""
        FileHandle.standardError.write(Data("\(newline)\(stopped)\n".utf8))
    }

    /// Returns the signal (SIGINT or SIGTERM) once one comes, so that a temporary data directory
    /// is cleaned up.
    static func waitForTermination() async -> Int32 {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        var received = SIGTERM
        for await number in stream {
            received = number
            break
        }
        sources.forEach { $0.cancel() }
        return received
    }
}


