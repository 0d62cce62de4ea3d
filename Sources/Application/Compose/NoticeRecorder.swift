import Foundation

/// A console that also keeps every note it passes on, so that what was said before the editor
/// opened can go into the buffer and be said again once the editor closes.
final class NoticeRecorder: ConsoleOutput, @unchecked Sendable {
    private let console: any ConsoleOutput
    private let lock = NSLock()
    private var kept: [String] = []

    init(_ console: any ConsoleOutput) {
        self.console = console
    }

    func print(_ line: String) { console.print(line) }

    func note(_ line: String) {
        lock.withLock { kept.append(line) }
        console.note(line)
    }

    var lines: [String] { lock.withLock { kept } }
}
