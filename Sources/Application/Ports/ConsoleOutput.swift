/// Where a use case's messages go: a result that scripts read (the draft id, the text asked
/// for) and notes for the person at the terminal. The command line writes them to stdout and
/// stderr; a test keeps them.
public protocol ConsoleOutput: Sendable {
    func print(_ line: String)
    func note(_ line: String)
}
