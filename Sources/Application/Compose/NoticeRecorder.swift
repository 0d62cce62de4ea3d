import Foundation

/// A console that also keeps every note it passes on, so that what was said before the editor
/// opened can go into the buffer and be said again once the editor closes.
final class NoticeRecorder: ConsoleOutput, @unchecked Sendable {
    private let console: any ConsoleOutput
    private let lock = NSLock()
    private var kept: [String] = []
    /// The indices in `kept` of notes that something else reminds of after the editor closes.
    private var remindedElsewhere: Set<Int> = []

    init(_ console: any ConsoleOutput) {
        self.console = console
    }

    func print(_ line: String) { console.print(line) }

    func note(_ line: String) {
        lock.withLock { kept.append(line) }
        console.note(line)
    }

    var lines: [String] { lock.withLock { kept } }

    /// The notes to say again once the editor closes: all but those reminded of elsewhere.
    var repeats: [String] {
        lock.withLock { kept.indices.filter { !remindedElsewhere.contains($0) }.map { kept[$0] } }
    }

    /// Runs `body`, whose notes are reminded of in their own words after the editor closes
    /// (a quote that could not be fetched), so they go into the buffer but are not repeated.
    func remindedElsewhere<T>(_ body: () async -> T) async -> T {
        let start = lock.withLock { kept.count }
        let result = await body()
        lock.withLock { remindedElsewhere.formUnion(start..<kept.count) }
        return result
    }
}
