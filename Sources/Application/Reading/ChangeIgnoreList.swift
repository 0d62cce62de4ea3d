import Common
import Forum

/// `ignore list|add|remove NAME`: the forum's ignore list. The forum saves the list whole, so a
/// change reads it, edits it and saves it; the answer is the list as the forum keeps it then.
public struct ChangeIgnoreList: Sendable {
    public enum Change: Sendable, Equatable {
        case add(String)
        case remove(String)
    }

    let forum: any ForumReader

    public init(forum: any ForumReader) {
        self.forum = forum
    }

    public func list() async throws(ForumError) -> [String] {
        try await forum.ignoreList()
    }

    public func run(_ change: Change) async throws -> [String] {
        let current = try await forum.ignoreList()
        switch change {
        case let .add(name):
            let name = try Self.checked(name)
            if current.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return current }
            return try await forum.setIgnoreList(current + [name])
        case let .remove(name):
            let name = try Self.checked(name)
            guard current.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw UseCaseError(.noUser, "\(name) is not on the ignore list (`missive ignore list` shows it)")
            }
            return try await forum.setIgnoreList(current.filter { $0.caseInsensitiveCompare(name) != .orderedSame })
        }
    }

    /// A member's name: one line, not empty.
    static func checked(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline) else {
            throw UseCaseError(.usage, "a member's name is one line of text, not empty")
        }
        return trimmed
    }
}
