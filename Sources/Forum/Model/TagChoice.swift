import Common
import Foundation

/// Which second tag a new thread gets: the one a person named (by value, or by title in any
/// case), or the form's default. Refuses, before anything is posted, a tag the form does not
/// offer and a missing tag where the form checks none.
public struct TagChoice: Sendable {
    public var forumID: Int
    public var groups: [TagGroup]

    public init(forumID: Int, groups: [TagGroup]) {
        self.forumID = forumID
        self.groups = groups
    }

    /// The radio to check, or nil to leave the form as it is (no tag named, and every group has a default).
    public func pick(_ name: String?) throws(TagChoiceError) -> PostIcon? {
        guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            if let unset = groups.first(where: { $0.defaultTag == nil }) {
                throw .missing(forumID: forumID, group: unset.name, valid: unset.tags.map(\.name))
            }
            return nil
        }
        let all = groups.flatMap(\.tags)
        guard !all.isEmpty else { throw .noTags(forumID: forumID, name: name) }
        // A value is exact (the form's own); a title is matched as people type it, in any case.
        var found = all.filter { $0.id == name }
        if found.isEmpty {
            found = all.filter { !$0.title.isEmpty && $0.title.compare(name, options: [.caseInsensitive]) == .orderedSame }
        }
        guard let first = found.first else { throw .unknown(forumID: forumID, name: name, valid: all.map(\.name)) }
        guard found.count == 1 else {
            throw .ambiguous(forumID: forumID, name: name, matches: found.map { "\($0.group)=\($0.id)" })
        }
        return first
    }
}

/// Why a new thread's second tag cannot be chosen. Each message names the valid tags and the
/// command that lists them.
public enum TagChoiceError: MissiveError, Equatable {
    /// The forum's form has no tag group at all.
    case noTags(forumID: Int, name: String)
    case unknown(forumID: Int, name: String, valid: [String])
    /// The name fits tags in more than one group (by value, most likely).
    case ambiguous(forumID: Int, name: String, matches: [String])
    /// No tag named, and the form checks none in this group.
    case missing(forumID: Int, group: String, valid: [String])

    public var status: ExitStatus { .dataError }

    public var description: String {
        switch self {
        case let .noTags(forum, name):
            "forum \(forum) has no thread tags, only post icons, so '\(name)' cannot be set; leave the tag out "
                + "(`missive icons \(forum)`)"
        case let .unknown(forum, name, valid):
            "forum \(forum) has no tag '\(name)'; its tags: \(valid.joined(separator: ", ")) (`missive icons \(forum)`)"
        case let .ambiguous(forum, name, matches):
            "'\(name)' fits more than one of forum \(forum)'s tags (\(matches.joined(separator: ", "))); "
                + "`missive icons \(forum)` shows them"
        case let .missing(forum, group, valid):
            "forum \(forum) wants a thread tag (\(group)) and its form chooses none; give one with --tag or `tag:` "
                + "in the front matter: \(valid.joined(separator: ", ")) (`missive icons \(forum)` lists them with their titles)"
        }
    }
}
