import Foundation
import TestSupport

/// A real terminal for a test: a tmux server of its own (its own socket, so tests never touch a
/// developer's sessions), a program started in it, and the screen read back with `capture-pane`
/// (with `-e`, the colour escapes as tmux holds them).
///
/// The server runs in the foreground (`-D`) as this process's child, so that the test stops it
/// by its pid when it is done.
final class TmuxTerminal {
    let socket = "missive-test-\(UUID().uuidString.prefix(8))"
    let session = "missive"
    private let server = ChildProcess()

    /// Starts `command` (run by /bin/sh) in a `width`×`height` terminal whose TERM is `term`,
    /// with only `environment` (and TERM) in its environment.
    init(command: String, environment: [String: String], term: String, width: Int = 100, height: Int = 50) throws {
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["tmux", "-L", socket, "-f", "/dev/null", "-D"]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        // list-sessions never starts a server, so it is safe to poll with until ours listens.
        let deadline = Date().addingTimeInterval(10)
        while try tmux(["list-sessions"]).contains("error connecting"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        // A finished program's pane stays on screen to be read, with nothing left running in it.
        try tmux(["set-option", "-g", "remain-on-exit", "on"])
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
        let line = "env -i \(exports.joined(separator: " ")) TERM=\(term) \(command); echo \"[exit $?]\""
        try tmux(["new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), "/bin/sh", "-c", line])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        // SIGKILL: nothing to save, and it works whatever the server does with SIGTERM.
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    /// The visible screen, lines joined where they wrapped; `escapes` keeps colours and attributes.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J"] + (escapes ? ["-e"] : []) + ["-t", session])
    }

    /// Waits until the program has finished (its "[exit N]" line is on screen) and returns the
    /// screen as text; fails after `seconds`.
    func waitForExit(seconds: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let screen = try capture()
            if screen.range(of: #"\[exit \d+\]"#, options: .regularExpression) != nil { return screen }
            guard Date() < deadline else { throw TmuxError.timedOut(screen: screen) }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Runs one tmux client and returns what it printed.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try runProgram(["tmux", "-L", socket] + arguments).output
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum TmuxError: Error, CustomStringConvertible {
    case timedOut(screen: String)
    var description: String {
        switch self {
        case .timedOut(let screen): "the program in tmux did not finish; the screen was:\n\(screen)"
        }
    }
}
