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

/// An error a command raises itself, with the status it names.
struct CommandError: MissiveError {
    var status: ExitStatus
    var description: String

    init(_ status: ExitStatus, _ description: String) {
        self.status = status
        self.description = description
    }
}
