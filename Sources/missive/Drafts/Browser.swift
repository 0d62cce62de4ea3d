import Foundation

/// Opens a file the way the desktop would: `$BROWSER` (a command, or a list of them separated by
/// ':', each may hold %s for the address), else `xdg-open`.
enum Browser {
    static func open(_ file: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PreviewError) {
        let commands = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for command in commands.isEmpty ? ["xdg-open"] : commands {
            let line = command.contains("%s")
                ? command.replacingOccurrences(of: "%s", with: shellQuote(file.path))
                : command + " " + shellQuote(file.path)
            if run(line) { return }
        }
        throw .cannotOpen(file.path, tried: commands.isEmpty ? ["xdg-open"] : commands)
    }

    private static func run(_ line: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
