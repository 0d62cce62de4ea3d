import Common

/// An error a use case raises itself, with the exit status it names and a message the user can act on.
public struct UseCaseError: MissiveError, Equatable {
    public var status: ExitStatus
    public var description: String

    public init(_ status: ExitStatus, _ description: String) {
        self.status = status
        self.description = description
    }
}
