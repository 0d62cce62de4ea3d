import Foundation

/// Opens a file the way the desktop would: `$BROWSER` (a command, or a list of them separated by
/// ':', each may hold %s for the address), else `xdg-open`.
enum Browser {
    /// Why nothing showed the page.
    enum Failure: Equatable {
        /// BROWSER is not set and there is no xdg-open on the PATH.
        case noBrowser
        /// Every command tried exited non-zero (or could not start); the last one's status.
        case failed(tried: [String], status: Int32?)
    }

    static func open(_ file: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Failure? {
        let commands = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        guard !commands.isEmpty else {
            guard let xdgOpen = findOnPath("xdg-open", environment: environment) else { return .noBrowser }
            // xdg-open tells its own failures in several lines of its helpers' noise; Missive says
            // it in one, so what xdg-open prints goes nowhere.
            let status = run(shellQuote(xdgOpen) + " " + shellQuote(file.path), quiet: true)
            return status == 0 ? nil : .failed(tried: ["xdg-open"], status: status)
        }
        var last: Int32?
        for command in commands {
            let line = command.contains("%s")
                ? command.replacingOccurrences(of: "%s", with: shellQuote(file.path))
                : command + " " + shellQuote(file.path)
            // A browser the user named keeps the terminal: it may be one that draws there (w3m, lynx).
            last = run(line, quiet: false)
            if last == 0 { return nil }
        }
        return .failed(tried: commands, status: last)
    }

    /// The command's exit status, nil when it could not be started.
    private static func run(_ line: String, quiet: Bool) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.standardInput = FileHandle.nullDevice
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private static func findOnPath(_ name: String, environment: [String: String]) -> String? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
