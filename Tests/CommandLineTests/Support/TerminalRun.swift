import Foundation
import TestSupport

/// Runs a built binary with a terminal as its standard output and error: `script` makes the
/// pseudo-terminal (so isatty holds, as for a person typing), and what reached the screen comes
/// back byte for byte, escapes included, with the terminal's \r\n made \n.
func runInTerminal(_ arguments: [String], environment: [String: String], binary: String = "missive") throws -> CommandResult {
    let command = ([BuiltBinary.url(binary).path] + arguments).map(TmuxTerminal.quote).joined(separator: " ")
    let process = ChildProcess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    // -e: script exits with the program's status; -q: no "Script started" lines; /dev/null: no typescript file.
    process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
    process.environment = childEnvironment(environment)
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let screen = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: screen, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    return CommandResult(status: process.terminationStatus, stdout: Data(text.utf8), stderr: Data())
}
