import Common
import Markup
import Store

/// Text on the forum that a draft starts with, fetched before the editor opens.
public enum ForumText: Equatable, Sendable {
    /// Posts quoted in a reply, in the order given.
    case quotedPosts([QuotedPost])
    /// A private message being answered or forwarded: its quote, and its subject for a default.
    case quotedMessage(Int64, forwarding: Bool)
    /// A post's current BBCode, for editing it.
    case postSource(Int64)

    public var isPostSource: Bool {
        if case .postSource = self { true } else { false }
    }

    /// Quotes can be added to a reply that is already open; the other texts only start a draft.
    public var addsToOpenDraft: Bool {
        if case .quotedPosts = self { true } else { false }
    }
}

/// A post to quote, and the thread it is in when that is known (its URL names it, or it is the
/// thread being replied to): Misago finds another member's post only through its thread.
public struct QuotedPost: Equatable, Sendable, CustomStringConvertible {
    public var id: Int64
    public var thread: Int64?

    public init(_ id: Int64, thread: Int64? = nil) {
        self.id = id
        self.thread = thread
    }

    public var description: String { "post \(id)" }
}

/// What came back: the forum's BBCode, exactly as it gave it, and what could not be fetched.
public struct FetchedText: Sendable {
    public var pieces: [String] = []
    /// Each quoted post's quote, by the post's id.
    public var quotes: [Int64: String] = [:]
    /// A subject to use when the command line gave none ("Re: ..." for a PM reply).
    public var subject: String?
    /// The text is a post's current version (edit-post): it becomes the draft's first revision.
    public var isOriginal = false
    public var failures: [FetchFailure] = []

    public static let none = FetchedText()

    /// The pieces as the draft's body holds them: verbatim in a BBCode draft, fenced in a Markdown
    /// one so that the converter passes them through untouched.
    public func body(for format: DraftFormat) -> String {
        let blocks = pieces.map { format == .markdown ? BBCodeFence.wrap($0) : BBCodeFence.withoutBlankEnds($0) }
        return blocks.joined(separator: "\n\n")
    }

    /// The warnings scroll away behind the editor, so each is said again, briefly, when it closes.
    func remind(_ console: any ConsoleOutput) {
        for failure in failures {
            console.note("reminder: could not fetch \(failure.what), so the draft is without it")
        }
    }

    /// For a post being edited, a refusal (not yours, no such post) ends the command: a draft
    /// the forum will never accept is no use. Being logged out or offline is not a refusal.
    var refusal: (any Error)? {
        guard isOriginal, let failure = failures.first(where: \.refused) else { return nil }
        return UseCaseError(failure.status, "\(failure.what) could not be fetched, so there is no draft: \(failure.reason)")
    }

    /// The error for a run that ends with nothing to save because the forum's text is missing.
    var nothingToSave: (any Error)? {
        failures.first.map { failure in
            UseCaseError(failure.status, "nothing to save: \(failure.what) could not be fetched (\(failure.reason)); \(failure.advice)")
        }
    }
}

/// One thing the forum did not give, and what the user can do about it.
public struct FetchFailure: Sendable, Equatable {
    public var what: String
    public var reason: String
    public var advice: String
    public var status: ExitStatus
    /// The forum answered and said no (no permission, no such post): trying again will not help.
    public var refused = false
}
