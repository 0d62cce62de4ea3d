import Application
import Common
import Foundation

/// Where messages go: results a script reads on stdout, everything for people on stderr.
/// Every command writes through here (Missive.swift's own last word on an error aside), in one
/// piece, never through stdio's buffer, so what goes out is in the order it was written.
enum Console {
    static func print(_ line: String) {
        write(line + "\n")
    }

    /// Text as it is, without a line break added.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Text for people on stderr as it is, for lines that redraw themselves.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func note(_ line: String) {
        writeError("missive: \(line)\n")
    }
}

/// The terminal as the use cases' console: results on stdout, notes on stderr.
struct TerminalConsole: ConsoleOutput {
    func print(_ line: String) { Console.print(line) }
    func note(_ line: String) { Console.note(line) }
}

/// An error a command raises itself, with the status it names: the same as a use case's.
typealias CommandError = UseCaseError
