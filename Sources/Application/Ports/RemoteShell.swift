import Common
import Foundation

/// Runs a command on a remote's box and hands it `input` on its standard input: the system's
/// ssh in the real wiring (`missive/Composition/RemoteWiring.swift`).
public protocol RemoteShell: Sendable {
    /// `command` is shell text for the box (the remote's `missive` command and its arguments).
    func run(_ remote: Remote, command: String, input: Data) async throws -> RemoteRun
    /// How ssh is run, for messages that say what to run by hand (`ssh -p 2222`).
    var sshCommand: String { get }
}

/// What came back: the exit status (ssh's own 255 when ssh failed), and both outputs.
public struct RemoteRun: Sendable, Equatable {
    public var status: Int32
    public var output: Data
    public var errorOutput: String

    public init(status: Int32, output: Data, errorOutput: String) {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
    }
}
