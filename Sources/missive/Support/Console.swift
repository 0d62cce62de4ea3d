import Application
import Common
import Foundation

/// Where messages go: results a script reads on stdout, everything for people on stderr.
enum Console {
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func note(_ line: String) {
        FileHandle.standardError.write(Data("missive: \(line)\n".utf8))
    }
}

/// The terminal as the use cases' console: results on stdout, notes on stderr.
struct TerminalConsole: ConsoleOutput {
    func print(_ line: String) { Console.print(line) }
    func note(_ line: String) { Console.note(line) }
}

/// An error a command raises itself, with the status it names: the same as a use case's.
typealias CommandError = UseCaseError
